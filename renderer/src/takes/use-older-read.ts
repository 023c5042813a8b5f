/**
 * Whether a take was read from an older script, known at once, and what changed since, computed in the
 * diff worker (a long script never stalls the window): `comparing` while the comparison runs, then `older`.
 * A take read from the current script asks the worker nothing.
 */
import { useMemo } from 'react'
import { useScriptDiff } from '../script/use-script-diff'
import { describeOlderRead, olderReadTexts, type OlderRead } from './script-read'

export type OlderReadState = { state: 'current' } | { state: 'comparing' } | { state: 'older'; older: OlderRead }

export function useOlderRead(take: { script_read?: { revision_id: string | null; text: string } | null }, current: { revision_id: string | null; text: string }): OlderReadState {
  const texts = olderReadTexts(take, current)
  const diff = useScriptDiff(texts?.read ?? null, texts?.current ?? null)
  const older = useMemo(() => (diff ? describeOlderRead(diff.segments) : null), [diff])
  if (!texts) return { state: 'current' }
  return older ? { state: 'older', older } : { state: 'comparing' }
}
