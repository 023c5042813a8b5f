/**
 * The timings of the job list's poll and how a failed poll is treated (poll-schedule.ts runs them): the
 * figures behind the rules in poll-schedule.ts's header, and the failure verdict (a refused key halts,
 * a wait the service asked for is obeyed, anything else backs off).
 */
import { isKeyRefused } from '../api/errors'

/** How a failed poll is treated. */
export type FailureVerdict = { kind: 'auth' } | { kind: 'retry'; retryAfterMs: number | null }

/**
 * Default classification: the service refusing the key (a 401 in the API's envelope, not a proxy's 401
 * page: isKeyRefused) is an auth failure; `waitUntil` (an epoch-ms time the service
 * asked Booth to wait until) or `retryAfterMs` (as on main/api's ApiError) is a Retry-After wait; anything
 * else is retried with back-off.
 */
export function classifyPollFailure(error: unknown, now: number = Date.now()): FailureVerdict {
  const fields = (typeof error === 'object' && error !== null ? error : {}) as {
    status?: unknown
    retryAfterMs?: unknown
    waitUntil?: unknown
  }
  if (isKeyRefused(error)) return { kind: 'auth' }
  const until = fields.waitUntil
  if (typeof until === 'number' && Number.isFinite(until) && until > now)
    return { kind: 'retry', retryAfterMs: until - now }
  const wait = fields.retryAfterMs
  return { kind: 'retry', retryAfterMs: typeof wait === 'number' && Number.isFinite(wait) && wait >= 0 ? wait : null }
}

export interface PollIntervals {
  idleMs: number
  jitter: number
  focusDelayMs: number
  minFocusGapMs: number
  lockedMs: number
  resumeDelayMs: number
  backoffBaseMs: number
  backoffCapMs: number
  backoffFloorMs: number
  retryAfterCapMs: number
}

export const DEFAULT_POLL_INTERVALS: Readonly<PollIntervals> = {
  idleMs: 60_000,
  jitter: 0.1,
  focusDelayMs: 2_000,
  minFocusGapMs: 10_000,
  lockedMs: 300_000,
  resumeDelayMs: 2_000,
  backoffBaseMs: 2_000,
  backoffCapMs: 30_000,
  backoffFloorMs: 1_000,
  retryAfterCapMs: 3_600_000,
}
