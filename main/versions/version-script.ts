/**
 * Which script a new version of a take is made for. A take stays tied to the revision it was read from
 * (its `script_read`); a version made now is made for the job's current script, so after a producer's
 * revision a pickup, punch or comp goes where the new script puts a sentence, and the version is read back
 * against the new script and records its revision. Revisions are numbered for the person in the order the
 * job's takes met them (the first take's is revision 1), the current script last.
 */
import type { TakeMeta } from '../takes/take-types'
import type { TakeScript, VersionWork } from './version-work'

export interface VersionScripts {
  /** The script the take was read from (its analysis is against this). */
  own: TakeScript
  /** The script the version is made for and read back against. */
  target: TakeScript
}

/** The revisions of a job in the order its takes met them, then the current one (ids; null: none kept). */
export function revisionOrder(takes: ReadonlyArray<Pick<TakeMeta, 'take_number' | 'script_read'>>, current: string | null): string[] {
  const seen: string[] = []
  for (const t of [...takes].sort((a, b) => a.take_number - b.take_number)) {
    const id = t.script_read?.revision_id
    if (id && !seen.includes(id)) seen.push(id)
  }
  if (current && !seen.includes(current)) seen.push(current)
  return seen
}

/** "revision 2": the place of `revisionId` among the job's revisions; null when it has no id. */
export function revisionNumber(takes: ReadonlyArray<Pick<TakeMeta, 'take_number' | 'script_read'>>, current: string | null, revisionId: string | null): number | null {
  if (!revisionId) return null
  const at = revisionOrder(takes, current).indexOf(revisionId)
  return at < 0 ? null : at + 1
}

export async function versionScripts(work: VersionWork, take: TakeMeta): Promise<VersionScripts> {
  const own = await work.scriptOf(take)
  const current = await work.d.currentScript(take.job_id).catch(() => null)
  const { takes } = await work.d.store.list(take.job_id).catch(() => ({ takes: [take] }))
  const numbered = (s: TakeScript): TakeScript => {
    const n = revisionNumber(takes, current?.revision_id ?? null, s.revision_id)
    return n === null ? s : { ...s, revision_number: n }
  }
  if (!current || !current.text.trim() || current.text === own.text) return { own: numbered(own), target: numbered(own) }
  return { own: numbered(own), target: numbered({ text: current.text, revision_id: current.revision_id, names: current.names }) }
}

