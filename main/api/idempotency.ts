/**
 * Idempotency keys for the API's writes (`^[A-Za-z0-9_-]{8,48}$`, the IdempotencyKey parameter of resources/api/talent-v1.yaml, with its idempotency rules).
 *
 * The caller makes a key with `newIdempotencyKey()` when the person confirms an action, persists it with
 * the pending action BEFORE the first send, and passes it to the write method; the client sends the same
 * key on every retry of that call, and the caller reuses it after a crash or restart. A new action gets a
 * new key. A repeat the server recognises answers the first result with `replayed: true`, which the client
 * surfaces as `replayed` on the result.
 */
import { randomBytes } from 'node:crypto'

export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,48}$/

/** 32 random base64url characters (192 bits). */
export function newIdempotencyKey(): string {
  return randomBytes(24).toString('base64url')
}

/** Throws a RangeError with a readable message when `key` cannot be sent as an Idempotency-Key. */
export function assertIdempotencyKey(key: unknown): asserts key is string {
  if (typeof key !== 'string') {
    throw new RangeError(
      'A write needs an idempotency key: make one with newIdempotencyKey() and save it with the action before sending.',
    )
  }
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new RangeError(
      `The idempotency key must be 8 to 48 letters, digits, dashes or underscores (got ${key.length} characters${
        key.length > 0 && key.length <= 48 ? `: "${key}"` : ''
      }).`,
    )
  }
}
