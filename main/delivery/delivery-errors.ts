/**
 * What the delivery queue does with a failure: WAIT (the API is unreachable or failing for now: keep the
 * item, same key, try again later) or FAIL (a 'No' answer: the same request would fail the same way, so
 * the item is marked failed with the server's reason and the queue moves on).
 *
 * The API's retry rules live in main/api/retry-policy.ts (seed 001's table); an ApiError's `retryable`
 * carries its verdict. Upload (tus) failures follow the same idea by HTTP status.
 */
import { isApiError } from '../api/errors'
import { UploadFailedError } from './uploader'

export type FailureVerdict =
  | { kind: 'wait'; message: string; retryAfterMs: number | null }
  | { kind: 'fail'; message: string }

/** Booth has no signed-in client (signed out, or the key was refused): deliveries wait for one. */
export class NotSignedInError extends Error {
  constructor() {
    super('Booth is not signed in; the delivery will go out once you are.')
    this.name = 'NotSignedInError'
  }
}

/** Statuses of an upload answer that may succeed later (rate limit, locked, server trouble). */
const TRANSIENT_UPLOAD_STATUSES = new Set([408, 409, 423, 429, 500, 502, 503, 504])

export function classifyDeliveryFailure(err: unknown): FailureVerdict {
  if (isApiError(err)) {
    if (err.kind === 'network' || err.kind === 'timeout' || err.kind === 'non_json' || (err.kind === 'api' && err.retryable)) {
      return { kind: 'wait', message: err.message, retryAfterMs: err.retryAfterMs }
    }
    const reason = err.serverMessage && err.serverMessage !== err.message ? `${err.message} (${err.serverMessage})` : err.message
    return { kind: 'fail', message: reason }
  }
  if (err instanceof UploadFailedError) {
    if (err.status === null || TRANSIENT_UPLOAD_STATUSES.has(err.status)) return { kind: 'wait', message: err.message, retryAfterMs: null }
    return { kind: 'fail', message: err.message }
  }
  if (err instanceof NotSignedInError) return { kind: 'wait', message: err.message, retryAfterMs: null }
  const text = err instanceof Error ? err.message : String(err)
  return { kind: 'fail', message: text || 'The delivery failed for an unknown reason.' }
}

/**
 * Whether a failed POST may still have reached the server and been recorded: after a network failure or
 * a timeout nobody knows; after an API error answer the server recorded nothing for this key (only
 * successes are recorded), so the delivery certainly does not exist.
 */
export function postMayHaveArrived(err: unknown): boolean {
  if (isApiError(err)) return err.kind !== 'api'
  return false
}
