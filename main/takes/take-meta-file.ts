/**
 * Reading and writing a take's metadata JSON. Writes are atomic (temp file + fsync + rename + folder
 * fsync), so a crash leaves either the old or the new metadata, never half of one. Reads validate the
 * shape and turn anything wrong into a sentence, so a damaged file is reported rather than crashing Booth.
 */
import { readFile } from 'node:fs/promises'
import { basename } from 'node:path'
import { writeFileAtomic } from '../storage/atomic-file'
import { PREFLIGHT_WARNINGS, TAKE_KINDS } from '../audio/preflight'
import { DELIVERY_STATUSES, TAKE_LABELS, UPLOAD_STATUSES, type Preflight, type TakeMeta } from './take-types'
import { displayText, quotedName } from '../../shared/display-text'
import { readVersions, versionsProblem, writtenVersions } from '../version-records/version-meta'

export const META_SUFFIX = '.take.json'

/** Writes a take's metadata atomically (temp + fsync + rename + folder fsync; see main/storage/atomic-file). */
export async function writeTakeMeta(path: string, meta: TakeMeta): Promise<void> {
  const record = meta.versions ? { ...meta, versions: writtenVersions(meta.versions) } : meta
  await writeFileAtomic(path, `${JSON.stringify(record, null, 2)}\n`)
}

/** A record that cannot be read; `fileName` is its audio's name when the record still says it plainly. */
export type MetaRead = { ok: true; meta: TakeMeta } | { ok: false; message: string; fileName?: string }

export async function readTakeMeta(path: string): Promise<MetaRead> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (err) {
    return {
      ok: false,
      message: `The take's metadata file ${quotedName(path)} cannot be read: ${displayText((err as Error).message)}`,
    }
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (err) {
    const detail = text.trim() === '' ? 'it is empty' : displayText((err as Error).message)
    return {
      ok: false,
      message: `The take's metadata file ${quotedName(path)} is not valid JSON (${detail}); its audio is left where it is.`,
    }
  }
  const problem = takeMetaProblem(value)
  if (problem)
    return {
      ok: false,
      message: `The take's metadata file ${quotedName(path)} is damaged: ${problem}; its audio is left where it is.`,
      ...namedFile(value),
    }
  // A take written before script_read was the one field for its script kept `script_revision_id` alone: no
  // text to compare with, so it is dropped and the take reads as one that kept no script.
  const { script_revision_id: _legacy, ...meta } = value as TakeMeta & { script_revision_id?: unknown }
  if (`${meta.id}${META_SUFFIX}` !== basename(path)) {
    return {
      ok: false,
      message: `The take's metadata file ${quotedName(path)} names a different take (${meta.id}); it is left alone.`,
    }
  }
  // One version that cannot be read hides only itself (version-meta.ts readVersions).
  return { ok: true, meta: meta.versions ? { ...meta, versions: readVersions(meta.versions, preflightProblem) } : meta }
}

type Obj = Record<string, unknown>

/** The audio a damaged record still names: a plain file name (no folder), so the take is listed once, with its audio. */
function namedFile(value: unknown): { fileName?: string } {
  const name = isObj(value) ? value['file_name'] : undefined
  return typeof name === 'string' && name !== '' && basename(name) === name && !name.startsWith('.')
    ? { fileName: name }
    : {}
}
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)
const isStr = (v: unknown): v is string => typeof v === 'string'
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v)
const isNumOrNull = (v: unknown): boolean => v === null || isNum(v)
const isStrOrNull = (v: unknown): boolean => v === null || isStr(v)
const oneOf =
  (list: readonly string[]) =>
  (v: unknown): boolean =>
    isStr(v) && list.includes(v)

/** Returns what is wrong with a metadata value, or null when it is a valid TakeMeta. */
export function takeMetaProblem(v: unknown): string | null {
  if (!isObj(v)) return 'it does not hold an object'
  const read = v['script_read']
  if (read !== undefined && read !== null && !(isObj(read) && isStrOrNull(read['revision_id']) && isStr(read['text'])))
    return 'script_read must be {revision_id, text} or null'
  const trimmed = v['trimmed_preflight']
  if (trimmed !== undefined && trimmed !== null && preflightProblem(trimmed) !== null)
    return `trimmed_preflight ${preflightProblem(trimmed)}`
  const checks: Array<[string, (x: unknown) => boolean, string]> = [
    ['schema', (x) => x === 1, 'must be 1'],
    ['id', isStr, 'must be text'],
    ['job_id', isStr, 'must be text'],
    ['file_name', (x) => isStr(x) && x.length > 0 && basename(x) === x, 'must be a plain file name'],
    ['label', oneOf(TAKE_LABELS), `must be one of ${TAKE_LABELS.join(', ')}`],
    ['take_number', (x) => Number.isInteger(x) && (x as number) >= 1, 'must be a whole number from 1'],
    ['note', isStrOrNull, 'must be text or null'],
    ['preflight', (x) => x === null || preflightProblem(x) === null, preflightProblem(v['preflight']) ?? ''],
    ['created_at', (x) => isStr(x) && !Number.isNaN(Date.parse(x)), 'must be an ISO date'],
    ['source', oneOf(['recorded', 'imported', 'comp']), 'must be recorded, imported or comp'],
    ['original_name', isStrOrNull, 'must be text or null'],
    ['state', oneOf(['recording', 'recovered', 'ready']), 'must be recording, recovered or ready'],
    ['spot_length_s', isNumOrNull, 'must be a number or null'],
    ['job_kind', oneOf(TAKE_KINDS), `must be one of ${TAKE_KINDS.join(', ')}`],
    [
      'trim',
      (x) => isObj(x) && isNum(x['head_s']) && isNum(x['tail_s']) && x['head_s'] >= 0 && x['tail_s'] >= 0,
      'must be {head_s, tail_s} of seconds ≥ 0',
    ],
    [
      'upload',
      (x) => isObj(x) && isStrOrNull(x['handle']) && isNum(x['offset']) && oneOf(UPLOAD_STATUSES)(x['status']),
      'must be {handle, offset, status}',
    ],
    [
      'delivery',
      (x) =>
        isObj(x) &&
        isStrOrNull(x['idempotency_key']) &&
        isStrOrNull(x['delivery_id']) &&
        oneOf(DELIVERY_STATUSES)(x['status']) &&
        typeof x['queued'] === 'boolean',
      'must be {idempotency_key, delivery_id, status, queued}',
    ],
  ]
  for (const [key, ok, what] of checks) {
    if (!(key in v)) return `field "${key}" is missing`
    if (!ok(v[key])) return `field "${key}" ${what}`
  }
  if ('import_notice' in v && !isStr(v['import_notice'])) return 'field "import_notice" must be text'
  return versionsProblem(v)
}

function preflightProblem(v: unknown): string | null {
  if (v === null) return null
  if (!isObj(v)) return 'must be a preflight object or null'
  if (typeof v['measured'] !== 'boolean') return 'preflight.measured must be true or false'
  for (const k of [
    'duration_s',
    'voiced_s',
    'sample_rate',
    'channels',
    'bit_depth',
    'peak_dbfs',
    'lufs',
    'lead_silence_s',
    'tail_silence_s',
  ] as const) {
    if (!isNumOrNull(v[k])) return `preflight.${k} must be a number or null`
  }
  if (!isStrOrNull(v['codec'])) return 'preflight.codec must be text or null'
  const w = v['warnings']
  if (!Array.isArray(w) || !w.every(oneOf(PREFLIGHT_WARNINGS))) return 'preflight.warnings must list known warnings'
  return null
}

/** Checks a preflight returned by the injected measure function before it is stored. */
export function checkPreflight(v: unknown): Preflight {
  const problem = preflightProblem(v)
  if (problem !== null || v === null)
    throw new Error(`The measurement returned an invalid preflight: ${problem ?? 'it is null'}.`)
  return v as Preflight
}
