/**
 * Whether a take was read from an older script, known at once, and what changed since, computed in the
 * diff worker (a long script never stalls the window): `comparing` while the comparison runs, then `older`.
 * A take read from the current script asks the worker nothing. A take whose current version was made for the
 * current script (a pickup placed by it) says so.
 */
import { useMemo } from 'react'
import { useScriptDiff } from '../ui/diff/use-script-diff'
import { describeOlderRead, olderReadTexts, versionForCurrent, type OlderRead } from './script-read'

/** `madeForCurrent`: the take's current version, when it was made for the current script (else null). */
export type OlderReadState =
  | { state: 'current' }
  | { state: 'comparing'; madeForCurrent: number | null }
  | { state: 'older'; older: OlderRead; madeForCurrent: number | null }

type TakeRead = Parameters<typeof versionForCurrent>[0]

export function useOlderRead(take: TakeRead, current: { revision_id: string | null; text: string }): OlderReadState {
  const texts = olderReadTexts(take, current)
  const diff = useScriptDiff(texts?.read ?? null, texts?.current ?? null)
  const older = useMemo(() => (diff ? describeOlderRead(diff.segments) : null), [diff])
  if (!texts) return { state: 'current' }
  const madeForCurrent = versionForCurrent(take, current)
  return older ? { state: 'older', older, madeForCurrent } : { state: 'comparing', madeForCurrent }
}
