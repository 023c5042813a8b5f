/**
 * One account write, sent safely: the Idempotency-Key comes from PendingWrites (saved before the first
 * send, reused for the same input), the client retries with it, and the entry is forgotten once the
 * service confirmed the write or refused it for good. A write whose answer never arrived stays pending,
 * so "Save" again (or a restart) sends the same key and cannot record the change twice.
 */
import { isApiError } from '../api/errors'
import type { PendingOperation, PendingWrites } from './pending-writes'

/** True when the write may have reached the service or may succeed later: keep its key for a retry. */
export function mayStillLand(err: unknown): boolean {
  if (!isApiError(err)) return false
  if (err.kind === 'api') return err.retryable
  // network, timeout, aborted, non_json, invalid_response: the answer was lost or unreadable.
  return true
}

export async function sendOnce<T extends { replayed: boolean }>(
  pending: PendingWrites,
  op: PendingOperation,
  body: unknown,
  now: () => number,
  send: (idempotencyKey: string) => Promise<T>,
): Promise<T> {
  const key = await pending.keyFor(op, body, now())
  let result: T
  try {
    result = await send(key)
  } catch (err) {
    if (!mayStillLand(err)) await pending.clear(op, key)
    throw err
  }
  await pending.clear(op, key)
  return result
}
