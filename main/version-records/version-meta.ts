/**
 * The versions kept on a take's metadata (TakeView.versions, current_version), checked when the metadata is
 * read (take-meta-file.ts), and the few facts of them the take store needs: which version is current, where
 * its audio is, and the name it is delivered under. A leaf module: it imports only the shared types.
 *
 * In a job's takes folder, `versions/recordings/<sha256>.wav` holds the recordings versions are made of
 * and `versions/renders/<key>.wav` their renders (derived: a missing render is rendered again, the same).
 */
import { basename, dirname, join } from 'node:path'
import { editListProblem } from '../../shared/versions/edit-list'
import { VERSION_OPERATIONS, type TakeVersion } from '../../shared/versions/types'
import { numbersInWords } from '../../shared/versions/unreadable-versions'
export { unreadableNote } from '../../shared/versions/unreadable-versions'

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)

/** What is wrong with a take's versions fields as a whole (one version's own record is versionProblem's), or null. */
export function versionsProblem(meta: Obj): string | null {
  const versions = meta['versions']
  const current = meta['current_version']
  if (versions === undefined)
    return current === undefined || current === 1 ? null : 'current_version names a version the take does not have'
  if (!Array.isArray(versions) || versions.length === 0) return 'versions must be a list of at least one version'
  if (!(Number.isInteger(current) && (current as number) >= 1 && (current as number) <= versions.length))
    return 'current_version must name one of its versions'
  return null
}

/** What is wrong with the record of version `i + 1`, or null. */
export function versionProblem(
  raw: unknown,
  i: number,
  preflightProblem: (v: unknown) => string | null,
): string | null {
  const what = `version ${i + 1}`
  if (!isObj(raw)) return `${what} is not an object`
  if (raw['number'] !== i + 1) return `${what} must have number ${i + 1}`
  if (!(VERSION_OPERATIONS as readonly unknown[]).includes(raw['operation']))
    return `${what}.operation must be one of ${VERSION_OPERATIONS.join(', ')}`
  if (typeof raw['created_at'] !== 'string' || Number.isNaN(Date.parse(raw['created_at'])))
    return `${what}.created_at must be an ISO date`
  const from = raw['made_from']
  if (!(from === null || (Number.isInteger(from) && (from as number) >= 1 && (from as number) <= i)))
    return `${what}.made_from must be an earlier version or null`
  if (raw['edits'] !== null) {
    const problem = editListProblem(raw['edits'])
    if (problem) return `${what}: ${problem}`
    if (typeof raw['render_key'] !== 'string' || !/^[0-9a-f]{64}$/.test(raw['render_key']))
      return `${what}.render_key must be a SHA-256 in hex`
  } else if (raw['render_key'] !== null) return `${what}.render_key must be null when it has no edits`
  if (typeof raw['summary'] !== 'string') return `${what}.summary must be text`
  if (!Array.isArray(raw['changes']) || !Array.isArray(raw['findings']))
    return `${what} must list its changes and findings`
  const trim = raw['trim']
  if (!(
    isObj(trim) &&
    typeof trim['head_s'] === 'number' &&
    typeof trim['tail_s'] === 'number' &&
    trim['head_s'] >= 0 &&
    trim['tail_s'] >= 0
  ))
    return `${what}.trim must be {head_s, tail_s} of seconds ≥ 0`
  const plan = raw['pickups']
  if (plan !== undefined && plan !== null) {
    if (
      !isObj(plan) ||
      typeof plan['base'] !== 'string' ||
      !/^[0-9a-f]{64}$/.test(plan['base']) ||
      !Number.isInteger(plan['base_version']) ||
      (plan['base_version'] as number) < 1 ||
      (plan['base_version'] as number) > i + 1 ||
      !Array.isArray(plan['patches'])
    ) {
      return `${what}.pickups must be {base, base_version, patches}`
    }
    for (const p of plan['patches'] as unknown[]) {
      if (
        !isObj(p) ||
        !Number.isInteger(p['sentence']) ||
        (p['sentence'] as number) < 1 ||
        typeof p['source'] !== 'string' ||
        !/^[0-9a-f]{64}$/.test(p['source']) ||
        typeof p['source_name'] !== 'string'
      ) {
        return `${what}.pickups.patches must each be {sentence, source, source_take_id, source_name}`
      }
    }
  }
  const finish = raw['finish']
  if (finish !== undefined && finish !== null) {
    const figures = (f: unknown) => isObj(f) && typeof f['length_s'] === 'number'
    if (
      !isObj(finish) ||
      !figures(finish['before']) ||
      !figures(finish['after']) ||
      !Array.isArray(finish['edits']) ||
      typeof finish['spot_length_s'] !== 'number' ||
      typeof finish['tempo'] !== 'number' ||
      !(
        Number.isInteger(finish['base_version']) &&
        (finish['base_version'] as number) >= 1 &&
        (finish['base_version'] as number) <= i
      ) ||
      !isObj(finish['choices']) ||
      !isObj(finish['profile'])
    ) {
      return `${what}.finish must be {base_version, choices, spot_length_s, kind, profile, tempo, gain_db, before, after, edits}`
    }
  }
  for (const key of ['preflight', 'trimmed_preflight'] as const) {
    const p = preflightProblem(raw[key])
    if (p) return `${what}.${key} ${p}`
  }
  if ('unreadable' in raw) return `${what} carries a field only Booth's reading of it may set`
  return null
}

/**
 * The versions of a record whose list as a whole is sound, each one that cannot be read replaced by a
 * stand-in that names it (`unreadable`) and keeps its record as it was, so one damaged version hides
 * only itself and writing the take again loses nothing (writtenVersions puts the record back).
 */
export function readVersions(list: readonly unknown[], preflightProblem: (v: unknown) => string | null): TakeVersion[] {
  return list.map((raw, i): TakeVersion => {
    const problem = versionProblem(raw, i, preflightProblem)
    if (problem === null) return raw as TakeVersion
    return {
      number: i + 1,
      operation: 'recording',
      created_at: new Date(0).toISOString(),
      made_from: null,
      edits: null,
      render_key: null,
      summary: '',
      changes: [],
      findings: [],
      preflight: null,
      trim: { head_s: 0, tail_s: 0 },
      trimmed_preflight: null,
      readback: null,
      unreadable: { message: `Version ${i + 1} could not be read.`, raw },
    }
  })
}

/** The versions as they are written: an unreadable one's record exactly as it was read. */
export function writtenVersions(list: readonly TakeVersion[]): unknown[] {
  return list.map((v) => (v.unreadable ? v.unreadable.raw : v))
}

/** Thrown when the audio of a version that cannot be read is asked for: it cannot be told. */
export class UnreadableVersionError extends Error {
  constructor(
    readonly takeNumber: number,
    meta: { versions?: TakeVersion[] },
    n: number,
  ) {
    const good = (meta.versions ?? []).filter((v) => !v.unreadable).map((v) => v.number)
    super(
      `Version ${n} of take ${takeNumber} could not be read, so Booth cannot tell which audio it ` +
        `is.${good.length ? ` Restore ${numbersInWords(good).replace(/ and /, ' or ')}: ${good.length === 1 ? 'it is' : 'they are'} fine.` : ''}`,
    )
    this.name = 'UnreadableVersionError'
  }
}

/** The take's current version record, or null when the take has only its recording. */
export function currentVersion(meta: { versions?: TakeVersion[]; current_version?: number }): TakeVersion | null {
  if (!meta.versions) return null
  return meta.versions.find((v) => v.number === (meta.current_version ?? 1)) ?? null
}

/** The file name a version is delivered under: the take's name with a version mark (version 1 keeps the name). */
export function versionFileName(fileName: string, version: number, ext = '.wav'): string {
  if (version <= 1) return fileName
  const dot = fileName.lastIndexOf('.')
  const stem = dot > 0 ? fileName.slice(0, dot) : fileName
  return `${stem}_v${version}${ext}`
}

/** The folder of a job's versions inside its takes folder: never a take, never orphan audio. */
export const VERSIONS_FOLDER = 'versions'

/** The folders of a job's versions, inside its takes folder (so the media guard serves renders like takes). */
/**
 * The job a take's audio file belongs to, from where it lies: a take's own file <dataDir>/takes/<job>/x.wav,
 * a delivery's copy <dataDir>/renders/<job>/x.wav, or a version's render
 * <dataDir>/takes/<job>/versions/renders/x.wav (whose folder alone would name no job).
 */
export function jobIdOfTakeAudio(file: string): string {
  const folder = dirname(file)
  if (basename(folder) === 'renders' && basename(dirname(folder)) === VERSIONS_FOLDER)
    return basename(dirname(dirname(folder)))
  return basename(folder)
}

export function versionFolders(jobTakesDir: string): { recordings: string; renders: string } {
  return {
    recordings: join(jobTakesDir, VERSIONS_FOLDER, 'recordings'),
    renders: join(jobTakesDir, VERSIONS_FOLDER, 'renders'),
  }
}

/** The audio of a take's current version when it is a render (version 2 on, or a comp); null: the take's own file. */
export function currentRenderPath(
  jobTakesDir: string,
  meta: { versions?: TakeVersion[]; current_version?: number; take_number?: number },
): string | null {
  const v = currentVersion(meta)
  if (v?.unreadable) throw new UnreadableVersionError(meta.take_number ?? 0, meta, v.number)
  if (!v || v.number === 1 || !v.render_key) return null
  return join(versionFolders(jobTakesDir).renders, `${v.render_key}.wav`)
}
