/**
 * The durable, ordered delivery queue. Deliveries go out in the order the person confirmed them, one at
 * a time. When the API cannot be reached or is failing for now, the item at the head WAITS (growing,
 * jittered pauses; at once when the computer comes back online) and is tried again with the same take,
 * handle and Idempotency-Key — never a new key. A 'No' answer marks that item failed with the server's
 * reason, and the queue moves on. The person can list, pause, cancel (only while the delivery cannot
 * have reached the server: a delivery whose outcome is unknown is first resolved by the delivery
 * service, see hold()) and retry items. A wait the service asked for (Retry-After) is kept on the item
 * as `waitUntil`: going online, "Try now" and retry() do not cut it short.
 *
 * The queue knows nothing of uploads or the API: `send` does one attempt and throws on failure;
 * `classify` says whether to wait or fail.
 */
import { join } from 'node:path'
import type { DeliveryQueueEntry } from '../../shared/bridge-takes'
import { DeliveryQueueError } from './delivery-errors'
import { loadQueueFile, QUEUE_FILE, saveQueueFile, type QueueItem } from './delivery-queue-file'
import {
  afterRestart,
  DEFAULT_BACKOFF,
  pendingWait,
  queueEntry,
  retryDelay,
  type DeliveryQueueOptions,
  type SendControl,
  type StopReason,
} from './delivery-queue-items'

interface Active {
  takeId: string
  controller: AbortController
  finished: Promise<void>
}

export class DeliveryQueue {
  private items: QueueItem[] = []
  private readonly file: string
  private active: Active | null = null
  private pumping = false
  private stopped = true
  private timer: NodeJS.Timeout | null = null
  private unsubscribe: (() => void) | null = null
  private saving: Promise<void> = Promise.resolve()

  constructor(private readonly o: DeliveryQueueOptions) {
    this.file = join(o.dataDir, QUEUE_FILE)
  }

  /** Reads the queue from disk (an interrupted "sending" becomes "waiting"); does not start sending. */
  async load(): Promise<void> {
    const loaded = await loadQueueFile(this.file, this.o.now())
    if (loaded.problem) {
      this.o.log.warn(
        loaded.setAsideTo
          ? `The delivery queue file was damaged (${loaded.problem}); it was set aside as ${loaded.setAsideTo} and the queue is rebuilt from the takes.`
          : `The delivery queue file could not be read (${loaded.problem}); the queue is rebuilt from the takes.`,
      )
    }
    this.items = loaded.items.map(afterRestart)
  }

  start(): void {
    if (!this.stopped) return
    this.stopped = false
    this.unsubscribe = this.o.online.subscribe((online) => {
      if (online) this.wakeNow()
    })
    this.pump()
  }

  async stop(): Promise<void> {
    this.stopped = true
    this.unsubscribe?.()
    this.unsubscribe = null
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    const active = this.active
    if (active) {
      active.controller.abort('stop' satisfies StopReason)
      await active.finished
    }
    await this.saving
  }

  list(): DeliveryQueueEntry[] {
    return this.items.map((i) => this.entry(i))
  }

  get(takeId: string): QueueItem | undefined {
    return this.items.find((i) => i.takeId === takeId)
  }

  entry(item: QueueItem): DeliveryQueueEntry {
    return queueEntry(item, this.o.now())
  }

  /** Appends a delivery at the end of the line (or leaves an existing one where it is). */
  async add(
    item: Omit<QueueItem, 'status' | 'message' | 'attempts' | 'nextAttemptAt' | 'mayHaveArrived' | 'file'> &
      Partial<QueueItem>,
  ): Promise<DeliveryQueueEntry> {
    const existing = this.get(item.takeId)
    if (existing) return this.entry(existing)
    const full: QueueItem = {
      status: 'waiting',
      message: null,
      attempts: 0,
      nextAttemptAt: null,
      mayHaveArrived: false,
      file: null,
      ...item,
    }
    this.items.push(full)
    await this.changed()
    this.pump()
    return this.entry(full)
  }

  /** Stops the upload (kept on the server) and holds the item until resume(). */
  async pause(takeId: string): Promise<DeliveryQueueEntry> {
    const item = this.must(takeId)
    if (item.status === 'paused') return this.entry(item)
    if (item.status === 'failed')
      throw new DeliveryQueueError('This delivery failed; retry or cancel it instead of pausing.')
    if (item.mayHaveArrived)
      throw new DeliveryQueueError('The upload is finished and the delivery is being sent; it can no longer be paused.')
    item.status = 'paused'
    item.message = 'Paused.'
    item.nextAttemptAt = null
    await this.interrupt(takeId, 'pause')
    await this.changed()
    return this.entry(item)
  }

  async resume(takeId: string): Promise<DeliveryQueueEntry> {
    const item = this.must(takeId)
    if (item.status !== 'paused') return this.entry(item)
    return this.requeue(item)
  }

  /**
   * Holds an item whose outcome is unknown while the delivery service asks the service what happened:
   * an attempt under way is let finish (never aborted blind), then the item waits, marked, until
   * cancel(…, {resolved: true}) or release(). Returns false when the attempt in flight delivered it.
   */
  async hold(takeId: string, message: string): Promise<boolean> {
    const active = this.active
    if (active?.takeId === takeId) await active.finished
    const item = this.get(takeId)
    if (!item) return false
    item.status = 'paused'
    item.message = message
    item.nextAttemptAt = null
    await this.changed()
    return true
  }

  /** Back in line after hold(), with a message saying why. */
  async release(takeId: string, message: string | null): Promise<void> {
    const item = this.get(takeId)
    if (!item || item.status !== 'paused') return
    item.status = 'waiting'
    item.message = message
    item.nextAttemptAt = pendingWait(item, this.o.now())
    await this.changed()
    this.pump()
  }

  /**
   * Takes the item out of the line. Refused once the delivery may have reached the server, unless the
   * caller has since found out what happened (`resolved`).
   */
  async cancel(takeId: string, o: { resolved?: boolean } = {}): Promise<QueueItem> {
    const item = this.must(takeId)
    if (item.mayHaveArrived && !o.resolved) {
      throw new DeliveryQueueError(
        'This delivery was already sent once and Booth has not heard back yet; it may have arrived, ' +
          'so it cannot be cancelled. It will be confirmed when the server answers.',
      )
    }
    await this.interrupt(takeId, 'cancel')
    this.items = this.items.filter((i) => i !== item)
    await this.changed()
    this.pump()
    return item
  }

  /** A failed or waiting item: try it again now, in its place in the line, with the same key. */
  async retry(takeId: string): Promise<DeliveryQueueEntry> {
    const item = this.must(takeId)
    if (item.status === 'sending') return this.entry(item)
    return this.requeue(item)
  }

  /** Back in its place in the line, due now (or when the service asked), with the same key. */
  private async requeue(item: QueueItem): Promise<DeliveryQueueEntry> {
    item.status = 'waiting'
    item.message = null
    item.nextAttemptAt = pendingWait(item, this.o.now())
    await this.changed()
    this.pump()
    return this.entry(item)
  }

  /** Resolves when nothing is being sent and nothing is due (tests and shutdown). */
  async idle(): Promise<void> {
    while (this.active) await this.active.finished
  }

  /** Try the waiting items now (the computer came back online, or the person asked). */
  wakeNow(): void {
    const now = this.o.now()
    for (const i of this.items) if (i.status === 'waiting') i.nextAttemptAt = pendingWait(i, now)
    this.pump()
  }

  private must(takeId: string): QueueItem {
    const item = this.get(takeId)
    if (!item) throw new DeliveryQueueError(`Take ${takeId} is not in the delivery queue.`)
    return item
  }

  private async interrupt(takeId: string, reason: StopReason): Promise<void> {
    const active = this.active
    if (active?.takeId !== takeId) return
    active.controller.abort(reason)
    await active.finished
  }

  private async changed(): Promise<void> {
    const snapshot = this.items.map((i) => ({ ...i }))
    this.saving = this.saving
      .then(() => saveQueueFile(this.file, snapshot))
      .catch((err: unknown) => {
        this.o.log.error('could not save the delivery queue', { err: err instanceof Error ? err.message : String(err) })
      })
    this.o.onChange(this.list())
    await this.saving
  }

  private pump(): void {
    if (this.pumping || this.stopped) return
    this.pumping = true
    void this.drain().finally(() => {
      this.pumping = false
    })
  }

  private async drain(): Promise<void> {
    while (!this.stopped) {
      const head = this.items.find((i) => i.status === 'waiting')
      if (!head) return
      const wait = (head.nextAttemptAt ?? 0) - this.o.now()
      if (wait > 0) {
        this.wakeIn(wait)
        return
      }
      if (head.attempts > 0 && !this.o.online.isOnline()) {
        // Offline: going online wakes the queue; the timer is a fallback in case that news never comes.
        this.wakeIn((this.o.backoff ?? DEFAULT_BACKOFF).maxMs)
        return
      }
      await this.runOne(head)
    }
  }

  private wakeIn(ms: number): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = setTimeout(
      () => {
        this.timer = null
        this.pump()
      },
      Math.min(ms, 2 ** 31 - 1),
    )
    this.timer.unref()
  }

  private async runOne(item: QueueItem): Promise<void> {
    // Active before the first await, so a pause, cancel or stop arriving meanwhile reaches this attempt.
    const controller = new AbortController()
    let finish!: () => void
    const active: Active = {
      takeId: item.takeId,
      controller,
      finished: new Promise((r) => {
        finish = r
      }),
    }
    this.active = active
    item.status = 'sending'
    item.attempts += 1
    item.nextAttemptAt = null
    const update: SendControl['update'] = async (patch) => {
      Object.assign(item, patch)
      await this.changed()
    }
    try {
      await this.changed()
      controller.signal.throwIfAborted()
      await this.o.send(item, { signal: controller.signal, update })
      this.items = this.items.filter((i) => i !== item)
      item.waitUntil = null
    } catch (err) {
      if (controller.signal.aborted) {
        if (controller.signal.reason === 'stop') item.status = 'waiting'
      } else {
        const verdict = this.o.classify(err)
        item.message = verdict.message
        if (verdict.kind === 'fail') item.status = 'failed'
        else {
          const now = this.o.now()
          item.status = 'waiting'
          item.waitUntil = verdict.retryAfterMs ? now + verdict.retryAfterMs : null
          item.nextAttemptAt = now + Math.max(this.delayFor(item.attempts), verdict.retryAfterMs ?? 0)
        }
      }
    } finally {
      this.active = null
      await this.changed()
      finish()
    }
  }

  private delayFor(attempt: number): number {
    return retryDelay(attempt, this.o.backoff ?? DEFAULT_BACKOFF, this.o.random ?? Math.random)
  }
}
