/**
 * One attempt at a delivery (delivery-service.ts hands it to the queue as its `send`): upload, resuming, then
 * the POST with the take's saved Idempotency-Key, and what the take says when the attempt stops or fails.
 */
import { newIdempotencyKey } from '../api/idempotency'
import type { TalentClient } from '../api/client'
import type { Log } from '../logging/redacting-log'
import type { EventHub } from '../bridge/event-hub'
import type { TakeStore } from '../takes/take-store'
import type { DeliveryStatus, TakeMeta } from '../takes/take-types'
import { classifyDeliveryFailure, NotSignedInError, postMayHaveArrived } from './delivery-errors'
import type { QueueItem } from './delivery-queue-file'
import type { SendControl } from './delivery-queue-items'
import type { UploadStep } from './upload-step'

/** Where a take's delivery state is said: the window (deliveryState) and the takes list. */
export interface AnnounceDeps {
  hub: Pick<EventHub, 'emit'>
  /** Called after a take's metadata changed here (so the takes list can be sent again). */
  onTakeChanged?: (jobId: string) => void
}

export interface AttemptDeps extends AnnounceDeps {
  store: TakeStore
  client: () => TalentClient | null
  baseUrl: () => string | null
  log: Log
  now: () => number
  uploads: Pick<UploadStep, 'run'>
  /** Deletes uploads no delivery can use any more (after a delivery went through). */
  sweepAbandoned: () => Promise<void>
}

export function announceDelivery(
  d: AnnounceDeps,
  take: TakeMeta,
  status: DeliveryStatus,
  message: string | null,
  deliveryId: string | null = take.delivery.delivery_id,
): void {
  d.hub.emit('deliveryState', { takeId: take.id, jobId: take.job_id, status, deliveryId, message })
  d.onTakeChanged?.(take.job_id)
}

/** One attempt: upload (resuming), then POST with the saved key. Throws on failure; the queue decides. */
export async function sendDelivery(d: AttemptDeps, item: Readonly<QueueItem>, control: SendControl): Promise<void> {
  const { store } = d
  let take = await store.get(item.takeId)
  if (take.delivery.status === 'delivered') {
    announceDelivery(d, take, 'delivered', 'Delivered.')
    return
  }
  try {
    if (!take.delivery.idempotency_key) {
      // Never sent with a key (none was saved), so a new one is safe; it is saved before the POST.
      take = await store.setDelivery(take.id, { idempotency_key: newIdempotencyKey() })
    }
    const key = take.delivery.idempotency_key as string
    take = await store.setDelivery(take.id, { status: 'sending', queued: true })
    let handle = take.upload.status === 'uploaded' ? take.upload.handle : null
    if (!handle) {
      const baseUrl = d.baseUrl()
      if (!baseUrl) throw new NotSignedInError()
      announceDelivery(d, take, 'sending', 'Uploading.')
      handle = await d.uploads.run(item, take, baseUrl, control)
    }
    const client = d.client()
    if (!client) throw new NotSignedInError()
    const replay = item.mayHaveArrived
    await control.update({
      mayHaveArrived: true,
      message: replay
        ? 'Asking the service whether the delivery arrived (same request again).'
        : 'Sending the delivery.',
    })
    announceDelivery(d, take, 'sending', replay ? 'Confirming the delivery.' : 'Upload finished; sending the delivery.')
    const preflight = await store.deliveryPreflight(take.id, control.signal)
    let answer
    try {
      answer = await client.deliver(
        item.jobId,
        { handle, take_label: item.label, note: item.note, preflight },
        { idempotencyKey: key, signal: control.signal },
      )
    } catch (err) {
      // Only a definitive refusal of this key proves nothing was recorded; the outcome stays unknown otherwise.
      if (!postMayHaveArrived(err)) await control.update({ mayHaveArrived: false })
      throw err
    }
    const deliveryId = answer.delivery.delivery_id
    const done = await store.setDelivery(take.id, { status: 'delivered', delivery_id: deliveryId, queued: false })
    announceDelivery(
      d,
      done,
      'delivered',
      answer.replayed ? 'Delivered (confirmed on a repeat).' : 'Delivered.',
      deliveryId,
    )
    void d.sweepAbandoned()
  } catch (err) {
    await afterFailure(d, item.takeId, err, control.signal)
    throw err
  }
}

async function afterFailure(d: AttemptDeps, takeId: string, err: unknown, signal: AbortSignal): Promise<void> {
  const reason = signal.aborted ? signal.reason : null
  if (reason === 'cancel') return // cancel() resets the take
  try {
    if (reason === 'pause' || reason === 'stop') {
      announceDelivery(
        d,
        await d.store.setDelivery(takeId, { status: 'queued' }),
        'queued',
        reason === 'pause' ? 'Upload paused.' : 'Waiting to be sent.',
      )
      return
    }
    const verdict = classifyDeliveryFailure(err, d.now())
    const status: DeliveryStatus = verdict.kind === 'fail' ? 'failed' : 'queued'
    announceDelivery(d, await d.store.setDelivery(takeId, { status }), status, verdict.message)
    d.log.warn(`delivery ${verdict.kind === 'fail' ? 'failed' : 'waits'}`, { takeId, message: verdict.message })
  } catch (inner) {
    d.log.warn('could not save the state of a delivery', {
      takeId,
      err: inner instanceof Error ? inner.message : String(inner),
    })
  }
}
