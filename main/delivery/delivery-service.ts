/**
 * Delivers takes exactly once. The person confirms on screen first; then deliver():
 *   1. saves on the take `delivery: {status: 'queued', idempotency_key: <new key>, queued: true}` — the
 *      key exists on disk BEFORE anything is sent;
 *   2. puts the take in the durable queue (delivery-queue.ts), which sends one at a time, in order;
 * and each attempt (upload-step.ts, then the POST) reuses the take's saved handle and key, including after
 * a crash or restart: start() puts every take still "queued" or "sending" back in line. A POST repeated
 * with the same key is answered with the first result (`replayed`), so a take is delivered once.
 *
 * Unknown outcomes: once a POST may have reached the service (its answer was lost, or a retry of it was
 * answered 429/5xx), the delivery is "outcome unknown" until a replay with the same key is answered, or
 * the service's list of the job's deliveries shows it. Such a delivery is never abandoned: the queue
 * replays it; cancel() first resolves what happened (an attempt under way is let finish, then the list is
 * read) and either says "This take was already delivered at 10:42" or cancels a delivery now known not
 * to exist. The upload's audio is deleted on the service (tus DELETE) only when no delivery can use it;
 * a DELETE that cannot be sent yet is remembered (abandoned-uploads.ts) and sent later.
 * Events: uploadProgress and deliveryState (for the take), deliveryQueue (for the list).
 */
import { newIdempotencyKey } from '../api/idempotency'
import type { TalentClient } from '../api/client'
import type { OnlineStateLike } from '../polling/poll-ports'
import type { Log } from '../logging/redacting-log'
import type { EventHub } from '../bridge/event-hub'
import type { TakeStore } from '../takes/take-store'
import type { DeliveryStatus, TakeLabel, TakeMeta } from '../takes/take-types'
import type { DeliveryQueueEntry, DeliveryQueueView } from '../../shared/bridge-takes'
import { AbandonedUploads } from './abandoned-uploads'
import { classifyDeliveryFailure, DeliveryQueueError, NotSignedInError } from './delivery-errors'
import { clockTime } from '../../shared/clock-time'
import { findDeliveryOnService } from './delivery-lookup'
import type { QueueItem } from './delivery-queue-file'
import { DeliveryQueue } from './delivery-queue'
import { UploadStep, type UploadTuning } from './upload-step'
import { forgetStoredUpload, keepDamagedUploadStore } from './upload-store'
import { terminateUpload } from './upload-server'
import { announceDelivery, sendDelivery, type AttemptDeps } from './delivery-attempt'

/** A take whose delivery another Booth on the same data folder has claimed (its queue, not this one's, has it). */
function elsewhere(n: number): string {
  return `Take ${n} is already being delivered by another Booth using this data folder.`
}

export interface DeliveryServiceDeps {
  store: TakeStore
  client: () => TalentClient | null
  apiKey: () => string | null
  baseUrl: () => string | null
  dataDir: string
  hub: Pick<EventHub, 'emit'>
  log: Log
  now: () => number
  online: OnlineStateLike
  /** Called after a take's metadata changed here (so the takes list can be sent again). */
  onTakeChanged?: (jobId: string) => void
  upload?: UploadTuning
  backoff?: { baseMs: number; maxMs: number }
}

export class DeliveryService {
  readonly queue: DeliveryQueue
  private readonly uploads: UploadStep
  private readonly starting = new Set<string>()
  private readonly abandoned: AbandonedUploads

  constructor(private readonly d: DeliveryServiceDeps) {
    this.abandoned = new AbandonedUploads(d.dataDir, d.log)
    this.uploads = new UploadStep({
      store: d.store,
      dataDir: d.dataDir,
      apiKey: d.apiKey,
      log: d.log,
      tuning: d.upload,
      isAbandoned: async (handle) => (await this.abandoned.list()).includes(handle),
      onReplaced: (handle) => {
        d.log.info('an upload was replaced by a new one; the old one is deleted on the service', { handle })
        void this.abandon(handle)
      },
      onProgress: (p) => d.hub.emit('uploadProgress', p),
    })
    const attempt: AttemptDeps = { ...d, uploads: this.uploads, sweepAbandoned: () => this.sweepAbandoned() }
    this.queue = new DeliveryQueue({
      dataDir: d.dataDir,
      send: (item, control) => sendDelivery(attempt, item, control),
      classify: (err) => classifyDeliveryFailure(err, d.now()),
      online: d.online,
      now: d.now,
      log: d.log,
      backoff: d.backoff,
      onChange: (items) => d.hub.emit('deliveryQueue', { items }),
    })
  }

  /** Loads the queue, puts back every take a crash left queued or sending, and starts sending. */
  async start(): Promise<void> {
    await keepDamagedUploadStore(this.d.dataDir)
    await this.queue.load()
    const { store } = this.d
    const stranded: TakeMeta[] = []
    for (const jobId of await store.folders.jobIds('takes')) {
      const { takes } = await store.list(jobId)
      for (const t of takes) {
        if ((t.delivery.status === 'queued' || t.delivery.status === 'sending') && !this.queue.get(t.id))
          stranded.push(t)
      }
    }
    stranded.sort((a, b) => a.created_at.localeCompare(b.created_at))
    for (const t of stranded) {
      // A take left "sending" may have reached the server: it can be confirmed, not cancelled.
      await this.queue.add({
        takeId: t.id,
        jobId: t.job_id,
        label: t.label,
        note: t.note,
        queuedAt: Date.parse(t.created_at) || this.d.now(),
        mayHaveArrived: t.delivery.status === 'sending' && t.upload.status === 'uploaded',
      })
    }
    this.d.hub.emit('deliveryQueue', this.list())
    this.queue.start()
    void this.sweepAbandoned()
  }

  /**
   * An upload no delivery uses and Booth will not resume: its stored address is forgotten first (nothing
   * resumes it), then it is deleted on the service now, or when the service can be reached
   * (abandoned-uploads.ts keeps it until then).
   */
  private async abandon(handle: string): Promise<void> {
    await forgetStoredUpload(this.d.dataDir, handle)
    await this.abandoned.add(handle)
    await this.sweepAbandoned()
  }

  /**
   * A take is deleted: an upload of it still on the service that no delivery uses (none was made, or the
   * service refused it) is abandoned, and the take forgets it, so a restored take uploads afresh.
   */
  async releaseUpload(takeId: string): Promise<void> {
    const take = await this.d.store.get(takeId)
    const handle = take.upload.handle
    if (!handle || this.queue.get(takeId) || (take.delivery.status !== 'none' && take.delivery.status !== 'failed'))
      return
    await this.abandon(handle)
    await this.d.store.setUpload(takeId, { handle: null, offset: 0, status: 'none' })
  }

  /** Sends the DELETEs of uploads known to be used by no delivery that could not be sent before. */
  async sweepAbandoned(): Promise<void> {
    const baseUrl = this.d.baseUrl()
    if (baseUrl) await this.abandoned.sweep((handle) => terminateUpload(baseUrl, handle, this.d.apiKey))
  }

  stop(): Promise<void> {
    return this.queue.stop()
  }

  list(): DeliveryQueueView {
    return { items: this.queue.list() }
  }

  /** The person confirmed "deliver this take as `label` with `note` to job `jobId`". */
  async deliver(
    takeId: string,
    o: { label: TakeLabel; note: string | null; jobId: string },
  ): Promise<DeliveryQueueEntry> {
    if (this.starting.has(takeId)) throw new DeliveryQueueError('This take is already being queued for delivery.')
    this.starting.add(takeId)
    try {
      const { store } = this.d
      let take = await store.get(takeId)
      const n = take.take_number
      if (take.job_id !== o.jobId)
        throw new DeliveryQueueError(`Take ${n} belongs to job ${take.job_id}, not job ${o.jobId}.`)
      if (take.state === 'recording') throw new DeliveryQueueError(`Take ${n} is still recording; stop it first.`)
      if (take.state === 'recovered')
        throw new DeliveryQueueError(`Take ${n} was recovered after a crash; keep it before delivering it.`)
      if (this.queue.get(takeId)) throw new DeliveryQueueError(`Take ${n} is already in the delivery queue.`)
      if (take.delivery.status === 'delivered')
        throw new DeliveryQueueError(
          `Take ${n} was already delivered (delivery ${take.delivery.delivery_id ?? 'unknown'}).`,
        )
      if (take.delivery.status === 'queued' || take.delivery.status === 'sending')
        throw new DeliveryQueueError(elsewhere(n))
      if (take.delivery.status !== 'none') take = await store.setDelivery(takeId, { status: 'none', queued: false })
      if (take.label !== o.label) take = await store.setLabel(takeId, o.label)
      if (take.note !== o.note) take = await store.setNote(takeId, o.note)
      // The claim: checked and saved in one step under the job's lock (across processes too), so of two
      // deliveries of one take started at once only one gets a key; the other is refused here.
      take = await store.update(takeId, (m) => {
        if (m.delivery.status === 'delivered')
          throw new DeliveryQueueError(
            `Take ${n} was already delivered (delivery ${m.delivery.delivery_id ?? 'unknown'}).`,
          )
        if (m.delivery.status !== 'none') throw new DeliveryQueueError(elsewhere(n))
        return {
          ...m,
          delivery: { status: 'queued', idempotency_key: newIdempotencyKey(), delivery_id: null, queued: true },
        }
      })
      this.announce(take, 'queued', 'Waiting to be sent.')
      return await this.queue.add({
        takeId,
        jobId: take.job_id,
        label: take.label,
        note: take.note,
        queuedAt: this.d.now(),
      })
    } finally {
      this.starting.delete(takeId)
    }
  }

  /**
   * Takes a delivery out of the queue; the take stays. A delivery whose outcome is unknown is resolved
   * first: already delivered => marked so and refused with the time it was delivered; service out of
   * reach => refused, the delivery stays queued (it will be confirmed); known not delivered => cancelled.
   */
  async cancel(takeId: string): Promise<TakeMeta> {
    const { store } = this.d
    const item = this.queue.get(takeId)
    let take = await store.get(takeId)
    if (!item && take.delivery.status !== 'queued' && take.delivery.status !== 'failed') {
      throw new DeliveryQueueError(`Take ${take.take_number} is not waiting to be delivered.`)
    }
    const unknown = item ? item.mayHaveArrived : take.delivery.status === 'sending'
    if (unknown) {
      if (
        item &&
        !(await this.queue.hold(takeId, 'Checking with the service whether this take was already delivered.'))
      ) {
        take = await store.get(takeId)
        throw new DeliveryQueueError(
          `This take was delivered just now (delivery ${take.delivery.delivery_id ?? 'unknown'}), so there was nothing to cancel.`,
        )
      }
      const found = await this.resolveUnknown(take, item?.file ?? null, item?.queuedAt ?? 0)
      if (found) {
        if (item) await this.queue.cancel(takeId, { resolved: true })
        const done = await store.setDelivery(takeId, {
          status: 'delivered',
          delivery_id: found.delivery_id,
          queued: false,
        })
        await store.setUpload(takeId, { status: 'uploaded' })
        const sentence = `This take was already delivered at ${clockTime(found.created_at)}, so there was nothing to cancel.`
        this.announce(done, 'delivered', sentence, found.delivery_id)
        throw new DeliveryQueueError(sentence)
      }
    }
    if (item) await this.queue.cancel(takeId, { resolved: unknown })
    // Read again: an upload that was under way has saved the handle the service gave it by now.
    take = await store.get(takeId)
    // Known now: no delivery uses this upload, so its audio may go.
    const handle = take.upload.handle
    if (handle && take.upload.status !== 'none') {
      // Its stored address goes first: a later delivery of this take must upload afresh, not resume it.
      await forgetStoredUpload(this.d.dataDir, handle)
      const baseUrl = this.d.baseUrl()
      const deleted = baseUrl ? await terminateUpload(baseUrl, handle, this.d.apiKey) : false
      if (!deleted) await this.abandoned.add(handle)
    }
    await store.setUpload(takeId, { handle: null, offset: 0, status: 'none' })
    const after = await store.setDelivery(takeId, {
      status: 'none',
      idempotency_key: null,
      delivery_id: null,
      queued: false,
    })
    this.announce(after, 'none', 'Delivery cancelled.')
    return after
  }

  /**
   * Whether a delivery whose answer was lost exists on the service: the job's deliveries, matched by the
   * uploaded file's name and size. Refuses (the delivery stays queued) when the service cannot say.
   */
  private async resolveUnknown(take: TakeMeta, file: QueueItem['file'], queuedAt: number) {
    const client = this.d.client()
    try {
      if (!client || !file) throw new NotSignedInError()
      return await findDeliveryOnService(client, take.job_id, file, queuedAt, this.d.now)
    } catch (err) {
      this.d.log.warn('could not find out whether a delivery reached the service', {
        takeId: take.id,
        err: err instanceof Error ? err.message : String(err),
      })
      await this.queue.release(
        take.id,
        'Booth has not heard back whether this take was delivered; it will find out by itself.',
      )
      throw new DeliveryQueueError(
        'Booth cannot tell yet whether this take already reached the service, so it was not ' +
          'cancelled. It stays in the queue and Booth confirms it as soon as the service answers.',
      )
    }
  }

  async retry(takeId: string): Promise<DeliveryQueueEntry> {
    const take = await this.d.store.get(takeId)
    if (!this.queue.get(takeId))
      throw new DeliveryQueueError(`Take ${take.take_number} is not in the delivery queue; deliver it instead.`)
    if (take.delivery.status === 'failed')
      this.announce(await this.d.store.setDelivery(takeId, { status: 'queued' }), 'queued', 'Trying again.')
    return this.queue.retry(takeId)
  }

  pause(takeId: string): Promise<DeliveryQueueEntry> {
    return this.queue.pause(takeId)
  }

  resume(takeId: string): Promise<DeliveryQueueEntry> {
    return this.queue.resume(takeId)
  }

  private announce(
    take: TakeMeta,
    status: DeliveryStatus,
    message: string | null,
    deliveryId: string | null = take.delivery.delivery_id,
  ): void {
    announceDelivery(this.d, take, status, message, deliveryId)
  }
}
