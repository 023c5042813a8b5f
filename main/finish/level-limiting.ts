/**
 * What the true-peak limiter did in a levelled take, in figures and words, read from its own record of
 * where it acted (limiter.ts's places), never from the plan. Pure.
 */
import { limitingPhrase } from '../../shared/versions/finish'
import { AUDIBLE_REDUCTION_DB, type LimitedPlace } from './limiter'

/**
 * What the limiter did in the result, read from its own gain envelope (limiter.ts), never from the plan:
 * the deepest reduction (dB), the stretches it turned down, and the time it held the level down by
 * AUDIBLE_REDUCTION_DB or more (s). Null when it turned nothing down.
 */
export interface LimitingDone {
  max_db: number
  places: number
  seconds: number
}

export function limitingOf(places: readonly LimitedPlace[], sampleRate: number): LimitingDone | null {
  if (places.length === 0) return null
  return {
    max_db: Math.max(...places.map((p) => p.maxDb)),
    places: places.length,
    seconds: places.reduce((a, p) => a + p.deepFrames, 0) / sampleRate,
  }
}

/** "peaks limited up to 2.1 dB at 3 places (0.42 s)" or "no limiting". */
export function limitingWords(l: LimitingDone | null): string {
  if (!l) return 'no peak limited'
  return `${limitingPhrase(l)} (${l.seconds.toFixed(2)} s down by ${AUDIBLE_REDUCTION_DB} dB or more)`
}
