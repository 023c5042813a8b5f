/**
 * Shared pieces of the delivery tests: a real sandbox (optionally with a data folder, so it can be
 * stopped and started again on the same port with the same state), a client on it with instant back-off,
 * the takes area on a temp data folder, an event recorder, a switchable online state, and seed jobs that
 * can (or cannot) take a delivery.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startSandbox, type RunningSandbox } from '../../../sandbox/server'
import { createTalentClient, type TalentClient } from '../../../main/api/client'
import { EventHub } from '../../../main/bridge/event-hub'
import type { OnlineStateLike } from '../../../main/polling/poll-ports'
import { createLog, type Log } from '../../../main/logging/redacting-log'
import { DeliveryService } from '../../../main/delivery/delivery-service'
import { createTakeHandlers, type TakeArea } from '../../../main/takes/take-handlers'
import type { UploadTuning } from '../../../main/delivery/upload-step'
import type { BridgeEventName } from '../../../shared/bridge'

export const TOKEN = 'booth_delivery_test_token_0001'

export async function tempDir(prefix: string): Promise<{ path: string; remove: () => Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), prefix))
  return { path, remove: () => rm(path, { recursive: true, force: true }) }
}

export function sandboxAt(opts: { port?: number; dataDir?: string } = {}): Promise<RunningSandbox> {
  return startSandbox({
    port: opts.port ?? 0,
    dataDir: opts.dataDir,
    keys: [{ token: TOKEN, scopes: '*' }],
    producer: false,
    rateLimit: { limit: 100_000, windowMs: 60_000 },
    log: () => {},
  })
}

export function clientFor(url: string): TalentClient {
  return createTalentClient({
    baseUrl: url,
    apiKey: () => TOKEN,
    timeoutMs: 10_000,
    retry: { maxAttempts: 2 },
    sleep: async () => {},
    random: () => 0.5,
  })
}

export const quietLog = (): Log => createLog({ sink: { write: () => {} }, level: 'error' })

import { ManualOnline as SwitchableOnline } from '../../support/manual-online'

export { SwitchableOnline }

export interface Recorded {
  event: BridgeEventName
  data: unknown
}

export interface AreaOptions {
  dataDir: string
  url: () => string | null
  online?: OnlineStateLike
  upload?: UploadTuning
  backoff?: { baseMs: number; maxMs: number }
}

/** The takes area as the core would build it, with every event recorded. */
export function takeArea(o: AreaOptions): { area: TakeArea<DeliveryService>; hub: EventHub; events: Recorded[] } {
  const hub = new EventHub()
  const events: Recorded[] = []
  hub.subscribe((event, data) => events.push({ event, data }))
  let client: TalentClient | null = null
  let clientUrl: string | null = null
  const currentClient = (): TalentClient | null => {
    const url = o.url()
    if (url !== clientUrl) {
      clientUrl = url
      client = url ? clientFor(url) : null
    }
    return client
  }
  const area = createTakeHandlers({
    client: currentClient,
    dataDir: o.dataDir,
    hub,
    log: quietLog(),
    delivery: ({ store, log, changed }) =>
      new DeliveryService({
        store,
        client: currentClient,
        apiKey: () => TOKEN,
        baseUrl: o.url,
        dataDir: o.dataDir,
        hub,
        log,
        now: Date.now,
        online: o.online ?? new SwitchableOnline(true),
        onTakeChanged: changed,
        upload: o.upload ?? { retryDelaysMs: [0, 50], progressIntervalMs: 0 },
        backoff: o.backoff ?? { baseMs: 50, maxMs: 200 },
      }),
  })
  return { area, hub, events }
}

/** Resolves with the first event `match` accepts (already recorded ones count), or rejects after `ms`. */
export function waitForEvent<T = unknown>(
  hub: EventHub,
  match: (event: BridgeEventName, data: T) => boolean,
  ms = 15_000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    let stop: () => void = () => {}
    const timer = setTimeout(() => {
      stop()
      reject(new Error(`No matching event within ${ms} ms.`))
    }, ms)
    stop = hub.subscribe((event, data) => {
      if (match(event, data as T)) {
        clearTimeout(timer)
        queueMicrotask(() => stop())
        resolve(data as T)
      }
    })
  })
}

export interface DeliveryStateData {
  takeId: string
  status: string
  deliveryId: string | null
  message: string | null
}

export const deliveredEvent = (takeId: string) => (event: BridgeEventName, d: DeliveryStateData) =>
  event === 'deliveryState' && d.takeId === takeId && d.status === 'delivered'

/** Pending seed jobs that can take a delivery now (up to `count`). */
export async function deliverableJobs(client: TalentClient, count = 1): Promise<string[]> {
  const out: string[] = []
  const page = await client.listJobs({ tab: 'pending', page_size: 100 })
  for (const item of page.items) {
    const { job } = await client.getJob(item.job_id)
    if (job.can.deliver) out.push(job.job_id)
    if (out.length === count) return out
  }
  throw new Error(`The seed world has only ${out.length} job(s) that can take a delivery.`)
}

/** A declined seed job: the API refuses deliveries to it (a 'No' answer). */
export async function undeliverableJob(client: TalentClient): Promise<string> {
  const page = await client.listJobs({ tab: 'declined', page_size: 25 })
  for (const item of page.items) {
    const { job } = await client.getJob(item.job_id)
    if (!job.can.deliver) return job.job_id
  }
  throw new Error('The seed world has no declined job.')
}

export async function deliveriesOf(client: TalentClient, jobId: string) {
  return (await client.listDeliveries(jobId)).deliveries
}

/** Server-side offset of an upload (tus HEAD), or null when the server does not know it. */
export async function serverOffset(url: string, handle: string): Promise<number | null> {
  const res = await fetch(`${url}/api/v1/uploads/${handle}`, {
    method: 'HEAD',
    headers: { Authorization: `Bearer ${TOKEN}`, 'Tus-Resumable': '1.0.0' },
  })
  if (res.status !== 200) return null
  return Number(res.headers.get('upload-offset'))
}
