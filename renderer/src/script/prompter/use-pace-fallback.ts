/**
 * The prompter that follows the voice losing its engine mid-take (killed, crashed, missing: main sends
 * 'failed' or 'unavailable' with why): the script scrolls at the spot's pace instead, for the rest of the
 * take, and the status says both why and what stands in. The pace prompter stops with the take (the saved
 * choice stays "voice": the next take listens again).
 */
import { useEffect, useRef } from 'react'
import type { FollowPosition } from '../../../../shared/bridge-prompter'
import type { PacePrompter } from './use-prompter'

/** What stands in for the voice during this take: the pace prompter, nothing (no spot length), or null while the voice is followed. */
export type PaceFallback = 'pace' | 'still' | null

export function lostVoice(active: FollowPosition | null): boolean {
  return active !== null && (active.status === 'failed' || active.status === 'unavailable')
}

export function usePaceFallback(active: FollowPosition | null, pace: PacePrompter): PaceFallback {
  /** The take the pace prompter stands in for. */
  const standingIn = useRef<string | null>(null)
  const lost = lostVoice(active)
  const takeId = active?.takeId ?? null
  const { start, pause, available } = pace

  useEffect(() => {
    if (lost && takeId && standingIn.current !== takeId) {
      standingIn.current = takeId
      start()
    } else if (standingIn.current !== null && takeId !== standingIn.current) {
      // The take stopped (or another began): the pace prompter that stood in for it stops with it.
      standingIn.current = null
      pause()
    }
  }, [lost, takeId, start, pause])

  if (!lost) return null
  return available ? 'pace' : 'still'
}

/** The sentence added to why the voice is not followed. */
export function fallbackWords(fallback: PaceFallback): string {
  if (fallback === 'pace') return 'The script scrolls at the spot’s pace instead; the take records on.'
  if (fallback === 'still')
    return 'The job has no spot length to pace the script by, so it stays where you put it; the take records on.'
  return ''
}
