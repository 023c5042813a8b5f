/**
 * The versions kept on a take's metadata (TakeView.versions, current_version), checked when the metadata is
 * read (take-meta-file.ts), and the few facts of them the take store needs: which version is current, where
 * its audio is, and the name it is delivered under. A leaf module: it imports only the shared types.
 *
 * In a job's takes folder, `versions/recordings/<sha256>.wav` holds the recordings versions are made of
 * and `versions/renders/<key>.wav` their renders (derived: a missing render is rendered again, the same).
 */
import { join } from 'node:path'
import { editListProblem } from '../../shared/versions/edit-list'
import { VERSION_OPERATIONS, type TakeVersion } from '../../shared/versions/types'

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)

/** What is wrong with a take's versions fields, or null. */
export function versionsProblem(meta: Obj, preflightProblem: (v: unknown) => string | null): string | null {
  const versions = meta['versions']
  const current = meta['current_version']
  if (versions === undefined) return current === undefined || current === 1 ? null : 'current_version names a version the take does not have'
  if (!Array.isArray(versions) || versions.length === 0) return 'versions must be a list of at least one version'
  for (const [i, raw] of versions.entries()) {
    const what = `version ${i + 1}`
    if (!isObj(raw)) return `${what} is not an object`
    if (raw['number'] !== i + 1) return `${what} must have number ${i + 1}`
    if (!(VERSION_OPERATIONS as readonly unknown[]).includes(raw['operation'])) return `${what}.operation must be one of ${VERSION_OPERATIONS.join(', ')}`
    if (typeof raw['created_at'] !== 'string' || Number.isNaN(Date.parse(raw['created_at']))) return `${what}.created_at must be an ISO date`
    const from = raw['made_from']
    if (!(from === null || (Number.isInteger(from) && (from as number) >= 1 && (from as number) <= i))) return `${what}.made_from must be an earlier version or null`
    if (raw['edits'] !== null) {
      const problem = editListProblem(raw['edits'])
      if (problem) return `${what}: ${problem}`
      if (typeof raw['render_key'] !== 'string' || !/^[0-9a-f]{64}$/.test(raw['render_key'])) return `${what}.render_key must be a SHA-256 in hex`
    } else if (raw['render_key'] !== null) return `${what}.render_key must be null when it has no edits`
    if (typeof raw['summary'] !== 'string') return `${what}.summary must be text`
    if (!Array.isArray(raw['changes']) || !Array.isArray(raw['findings'])) return `${what} must list its changes and findings`
    const trim = raw['trim']
    if (!(isObj(trim) && typeof trim['head_s'] === 'number' && typeof trim['tail_s'] === 'number' && trim['head_s'] >= 0 && trim['tail_s'] >= 0)) return `${what}.trim must be {head_s, tail_s} of seconds ≥ 0`
    const plan = raw['pickups']
    if (plan !== undefined && plan !== null) {
      if (!isObj(plan) || typeof plan['base'] !== 'string' || !/^[0-9a-f]{64}$/.test(plan['base']) || !Number.isInteger(plan['base_version']) || (plan['base_version'] as number) < 1 || (plan['base_version'] as number) > i + 1 || !Array.isArray(plan['patches'])) {
        return `${what}.pickups must be {base, base_version, patches}`
      }
      for (const p of plan['patches'] as unknown[]) {
        if (!isObj(p) || !Number.isInteger(p['sentence']) || (p['sentence'] as number) < 1 || typeof p['source'] !== 'string' || !/^[0-9a-f]{64}$/.test(p['source']) || typeof p['source_name'] !== 'string') {
          return `${what}.pickups.patches must each be {sentence, source, source_take_id, source_name}`
        }
      }
    }
    for (const key of ['preflight', 'trimmed_preflight'] as const) {
      const p = preflightProblem(raw[key])
      if (p) return `${what}.${key} ${p}`
    }
  }
  if (!(Number.isInteger(current) && (current as number) >= 1 && (current as number) <= versions.length)) return 'current_version must name one of its versions'
  return null
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

/** The folders of a job's versions, inside its takes folder (so the media guard serves renders like takes). */
export function versionFolders(jobTakesDir: string): { recordings: string; renders: string } {
  return { recordings: join(jobTakesDir, 'versions', 'recordings'), renders: join(jobTakesDir, 'versions', 'renders') }
}

/** The audio of a take's current version when it is a render (version 2 on, or a comp); null: the take's own file. */
export function currentRenderPath(jobTakesDir: string, meta: { versions?: TakeVersion[]; current_version?: number }): string | null {
  const v = currentVersion(meta)
  if (!v || v.number === 1 || !v.render_key) return null
  return join(versionFolders(jobTakesDir).renders, `${v.render_key}.wav`)
}
