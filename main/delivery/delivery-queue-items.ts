/**
 * The delivery queue's rules for one item, apart from the queue that runs them (delivery-queue.ts): its
 * options and the control an attempt gets, what an item becomes when Booth starts again, what the window is
 * shown of it, how long a wait the service asked for still holds, and the growing pause before a retry.
 */
import type { OnlineStateLike } from '../polling/poll-ports'
import type { Log } from '../logging/redacting-log'
import type { DeliveryQueueEntry } from '../../shared/bridge-takes'
import type { FailureVerdict } from './delivery-errors'
import type { QueueItem } from './delivery-queue-file'

export type StopReason = 'pause' | 'cancel' | 'stop'

export interface SendControl {
  /** Aborted with a StopReason when the person pauses or cancels, or Booth shuts down. */
  signal: AbortSignal
  /** Changes and saves the item (e.g. the prepared file, mayHaveArrived) before going on. */
  update(patch: Partial<Pick<QueueItem, 'file' | 'mayHaveArrived' | 'message'>>): Promise<void>
}

export interface DeliveryQueueOptions {
  dataDir: string
  send: (item: Readonly<QueueItem>, control: SendControl) => Promise<void>
  classify: (err: unknown) => FailureVerdict
  online: OnlineStateLike
  now: () => number
  log: Log
  onChange: (items: DeliveryQueueEntry[]) => void
  /** Pause before the n-th retry: random share of min(maxMs, baseMs * 2^(n-1)). Defaults: DEFAULT_BACKOFF. */
  backoff?: { baseMs: number; maxMs: number }
  random?: () => number
}

/** The pause before retries when the options name none: 2 s, doubling up to 30 s. */
export const DEFAULT_BACKOFF = { baseMs: 2000, maxMs: 30_000 }

/**
 * An item as loaded when Booth starts: an interrupted "sending" waits again; so does an item held for a
 * cancel's check when Booth quit (only hold() pauses an item whose outcome is unknown): it must be
 * confirmed, never left paused.
 */
export function afterRestart(i: QueueItem): QueueItem {
  return i.status === 'sending' || (i.status === 'paused' && i.mayHaveArrived)
    ? {
        ...i,
        status: 'waiting',
        nextAttemptAt: null,
        message:
          i.status === 'paused'
            ? 'Booth has not heard back whether this take was delivered; it will find out by itself.'
            : i.message,
      }
    : i
}

/** The time the service asked this delivery to wait until, while it is still ahead; else null. */
export function pendingWait(item: QueueItem, now: number): number | null {
  return item.waitUntil && item.waitUntil > now ? item.waitUntil : null
}

/** What the window is shown of an item (not the prepared file; whether it may be cancelled). */
export function queueEntry(item: QueueItem, now: number): DeliveryQueueEntry {
  const { mayHaveArrived, file: _file, ...rest } = item
  return { ...rest, waitUntil: pendingWait(item, now), canCancel: !mayHaveArrived, outcomeUnknown: mayHaveArrived }
}

/** Pause before the n-th retry: a random share (half to all) of min(maxMs, baseMs * 2^(n-1)). */
export function retryDelay(attempt: number, backoff: { baseMs: number; maxMs: number }, random: () => number): number {
  const ceiling = Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.max(0, attempt - 1))
  return Math.round(ceiling * (0.5 + 0.5 * random()))
}
