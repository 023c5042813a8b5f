/**
 * Which script a new version of a take is made for. A take stays tied to the revision it was read from
 * (its `script_read`); a version made now is made for the job's current script, so after a producer's
 * revision a pickup, punch or comp goes where the new script puts a sentence, and the version is read back
 * against the new script and records its revision. Revisions are numbered for the person in the order the
 * job's takes met them (the first take's is revision 1), the current script last.
 */
import { readFile } from 'node:fs/promises'
import type { ReadbackStored } from '../../../shared/bridge-readback'
import type { TakeMeta } from '../../takes/take-types'
import { revisionMap } from '../revisions/revision-map'
import type { TakeScript, VersionWork } from './version-work'

export interface VersionScripts {
  /** The script the take was read from. */
  own: TakeScript
  /**
   * The script the take's current audio was last read back against: its own, or the one a version was made
   * for (a pickup placed by the current script reads the added line). Its analysis is against this.
   */
  audio: TakeScript
  /** The script the version is made for and read back against. */
  target: TakeScript
}

/** The revisions of a job in the order its takes met them, then the current one (ids; null: none kept). */
export function revisionOrder(
  takes: ReadonlyArray<Pick<TakeMeta, 'take_number' | 'script_read'>>,
  current: string | null,
): string[] {
  const seen: string[] = []
  for (const t of [...takes].sort((a, b) => a.take_number - b.take_number)) {
    const id = t.script_read?.revision_id
    if (id && !seen.includes(id)) seen.push(id)
  }
  if (current && !seen.includes(current)) seen.push(current)
  return seen
}

/** "revision 2": the place of `revisionId` among the job's revisions; null when it has no id. */
export function revisionNumber(
  takes: ReadonlyArray<Pick<TakeMeta, 'take_number' | 'script_read'>>,
  current: string | null,
  revisionId: string | null,
): number | null {
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
  const heardAgainst = await currentVersionScript(work, take)
  const target =
    !current || !current.text.trim() || current.text === own.text
      ? own
      : { text: current.text, revision_id: current.revision_id, names: current.names }
  const audio =
    heardAgainst === null || heardAgainst === own.text
      ? own
      : heardAgainst === target.text
        ? target
        : { text: heardAgainst, revision_id: null, names: own.names }
  return { own: numbered(own), audio: numbered(audio), target: numbered(target) }
}

/** The script the take's current version was read back against (its kept read-back); null when none is kept. */
export async function currentVersionScript(work: VersionWork, take: TakeMeta): Promise<string | null> {
  try {
    const v = JSON.parse(await readFile(work.d.versions.readbackPath(take), 'utf8')) as ReadbackStored
    return v.take_id === take.id && typeof v.script_read?.text === 'string' ? v.script_read.text : null
  } catch {
    return null
  }
}

/**
 * Where a sentence (0-based) of the script an earlier version was made for is in `target`: itself when the
 * scripts are the same or that script is unknown; the new place of an unchanged sentence; null for one the
 * producer changed or removed since (an earlier patch of it reads words that are no longer the script).
 */
export function sentenceInTarget(before: string | null, target: string, k: number): number | null {
  if (before === null || before === target) return k
  const fate = revisionMap(before, target).old[k]
  return fate && fate.fate === 'unchanged' ? fate.next : null
}
