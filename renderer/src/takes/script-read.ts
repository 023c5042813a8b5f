/**
 * Whether a take was read from an older script than the job's current one, and what changed since: the
 * take keeps the revision (and its text) that was on screen when it was recorded. Pure.
 */
import { diffStats, type DiffSegment } from '../ui/diff/word-diff'

export interface OlderRead {
  segments: DiffSegment[]
  added: number
  removed: number
  /** "3 words added, 2 removed" (or "the script was revised" when only the revision id moved). */
  words: string
}

interface ReadFrom {
  script_read?: { revision_id: string | null; text: string } | null
}

function count(n: number, what: string): string {
  return `${n} word${n === 1 ? '' : 's'} ${what}`
}

type Revision = { revision_id: string | null; text: string }

/** Cheap: whether the take was read from another revision than `current`, and the two texts to compare. */
export function olderReadTexts(take: ReadFrom, current: Revision): { read: string; current: string } | null {
  const read = take.script_read
  if (!read) return null
  const sameRevision =
    read.revision_id !== null && current.revision_id !== null
      ? read.revision_id === current.revision_id
      : read.text === current.text
  return sameRevision ? null : { read: read.text, current: current.text }
}

interface WithVersions {
  versions?: ReadonlyArray<{ number: number; readback: { revision_id?: string | null } | null }>
  current_version?: number
}

/**
 * The take's current version when it was made for (and read back against) the current revision, though the
 * take was read from an older one: a pickup or punch placed by the new script. Null otherwise.
 */
export function versionForCurrent(take: ReadFrom & WithVersions, current: Revision): number | null {
  if (!olderReadTexts(take, current) || current.revision_id === null) return null
  const v = take.versions?.find((x) => x.number === (take.current_version ?? 1))
  return v && v.number > 1 && v.readback?.revision_id === current.revision_id ? v.number : null
}

/** What changed, from the diff's segments (computed off the main thread by useOlderRead). */
export function describeOlderRead(segments: DiffSegment[]): OlderRead {
  const { added, removed } = diffStats(segments)
  const parts = [added > 0 ? count(added, 'added') : null, removed > 0 ? count(removed, 'removed') : null].filter(
    (p): p is string => p !== null,
  )
  return {
    segments,
    added,
    removed,
    words: parts.length > 0 ? parts.join(', ') : 'the script was revised (same words)',
  }
}
