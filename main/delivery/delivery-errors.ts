/**
 * What the delivery queue does with a failure: WAIT (the API is unreachable or failing for now: keep the
 * item, same key, try again later) or FAIL (a 'No' answer: the same request would fail the same way, so
 * the item is marked failed with the server's reason and the queue moves on).
 *
 * The API's retry rules live in main/api/retry-policy.ts (the platform's error-code table); an ApiError's `retryable`
 * carries its verdict. Upload (tus) failures follow the same idea by HTTP status.
 */
import { clockTime } from '../../shared/clock-time'
import { isApiError, isOfflineKindError } from '../api/errors'
import { UploadFailedError } from './uploader'
import { diskFaultOf, diskWords } from '../storage/disk-problem'
import { UserFacingError } from '../bridge/describe-error'

export type FailureVerdict =
  { kind: 'wait'; message: string; retryAfterMs: number | null } | { kind: 'fail'; message: string }

/**
 * A delivery the queue refuses now (already queued, still recording, already delivered): a sentence the
 * page shows as it is (409), through any area's guard, so no other folder needs to know this error.
 */
export class DeliveryQueueError extends UserFacingError {
  constructor(message: string) {
    super('take', message, 409)
    this.name = 'DeliveryQueueError'
  }
}

/** Booth has no signed-in client (signed out, or the key was refused): deliveries wait for one. */
export class NotSignedInError extends Error {
  constructor() {
    super('Booth is not signed in; the delivery will go out once you are.')
    this.name = 'NotSignedInError'
  }
}

/** Statuses of an upload answer that may succeed later (rate limit, locked, server trouble). */
const TRANSIENT_UPLOAD_STATUSES = new Set([408, 409, 423, 429, 500, 502, 503, 504])

/** A wait longer than this is "parked": the delivery says until when, and goes out by itself then. */
export const PARK_AFTER_MS = 60_000

/** How long the service asked Booth to wait: an epoch-ms `waitUntil` (a parked API call) or `retryAfterMs`. */
export function askedWaitMs(err: unknown, now: number): number | null {
  const fields = (typeof err === 'object' && err !== null ? err : {}) as { waitUntil?: unknown; retryAfterMs?: unknown }
  if (typeof fields.waitUntil === 'number' && Number.isFinite(fields.waitUntil))
    return Math.max(0, fields.waitUntil - now)
  if (typeof fields.retryAfterMs === 'number' && Number.isFinite(fields.retryAfterMs) && fields.retryAfterMs >= 0)
    return fields.retryAfterMs
  return null
}

function waitVerdict(message: string, err: unknown, now: number): FailureVerdict {
  const wait = askedWaitMs(err, now)
  if (wait !== null && wait > PARK_AFTER_MS) {
    return {
      kind: 'wait',
      message: `The service asked Booth to wait until ${clockTime(now + wait)}; this delivery goes out by itself then.`,
      retryAfterMs: wait,
    }
  }
  return { kind: 'wait', message, retryAfterMs: wait }
}

export function classifyDeliveryFailure(err: unknown, now: number = Date.now()): FailureVerdict {
  // Booth's own disk refused a write (the trimmed copy, the take's state): it waits for the disk, same key.
  const disk = diskFaultOf(err)
  if (disk) {
    const { what } = diskWords(disk, { dataDir: disk.path ?? 'Booth’s data folder', free: null, again: '' })
    return {
      kind: 'wait',
      message: `${what} This delivery waits and goes out by itself once Booth can write there again.`,
      retryAfterMs: null,
    }
  }
  if (isApiError(err)) {
    // Ended by Booth itself (quitting) before the service answered: not the service's answer, so the
    // delivery waits and goes again, same key (a pause or cancel by the talent is told apart before this).
    if (err.kind === 'aborted')
      return {
        kind: 'wait',
        message: 'Booth stopped before the service answered; this delivery goes out again, as the same delivery.',
        retryAfterMs: null,
      }
    if (isOfflineKindError(err) || (err.kind === 'api' && err.retryable)) {
      return waitVerdict(err.message, err, now)
    }
    const reason =
      err.serverMessage && err.serverMessage !== err.message ? `${err.message} (${err.serverMessage})` : err.message
    return { kind: 'fail', message: reason }
  }
  if (err instanceof UploadFailedError) {
    if (err.status === null || TRANSIENT_UPLOAD_STATUSES.has(err.status)) return waitVerdict(err.message, err, now)
    return { kind: 'fail', message: err.message }
  }
  if (err instanceof NotSignedInError) return { kind: 'wait', message: err.message, retryAfterMs: null }
  const text = err instanceof Error ? err.message : String(err)
  return { kind: 'fail', message: text || 'The delivery failed for an unknown reason.' }
}

/**
 * Whether a failed POST may still have reached the server and been recorded. Only a definitive refusal
 * (an API error answer that is not retryable: 400, 404, 422 ...) to a request carrying the delivery's
 * Idempotency-Key proves nothing was recorded for that key: the service answers a recorded key with its
 * first result. Anything else leaves the outcome unknown: a network failure or timeout, and also a
 * retryable answer (429, 5xx, 409 "still running"), because the client may have retried after an
 * attempt whose answer was lost and which the service did record. (Treating a 503 after such a lost
 * answer as "not delivered" let a cancel delete audio a delivery used and deliver the take twice.)
 * For the same reason a refused connection does not clear the doubt either: the client retries writes,
 * and the failure it ends with says nothing about an earlier attempt of the same call.
 */
export function postMayHaveArrived(err: unknown): boolean {
  if (isApiError(err)) return !(err.kind === 'api' && !err.retryable)
  return !(err instanceof NotSignedInError)
}
