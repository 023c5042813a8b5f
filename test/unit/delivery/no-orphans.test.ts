/**
 * No orphans on the service: every upload Booth abandons is deleted there (tus termination), and the one
 * it cannot know of (its creation answer was lost) goes by the sandbox's expiration. Booth's takes area
 * delivers through the project's fault proxy to a real sandbox, whose open-uploads listing (uploads no
 * delivery uses) must be empty at the end.
 */
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '../../../sandbox/server'
import type { TalentClient } from '../../../main/api/client'
import type { DeliveryQueueView } from '../../../shared/bridge-takes'
import { makeAudio } from '../../support/audio-fixtures'
import { startFaultProxy, type FaultProxy } from '../../support/fault-proxy'
import {
  clientFor,
  deliverableJobs,
  deliveredEvent,
  takeArea,
  tempDir,
  TOKEN,
  undeliverableJob,
  waitForEvent,
  type DeliveryStateData,
} from './delivery-fixture'

const MB = 1024 * 1024
/** Unfinished uploads expire after 3 s on the sandbox of the last test (24 h by default); never during the others. */
const EXPIRE_MS = 3_000
const UPLOAD = /^\/api\/v1\/uploads(\/|$)/
let sandbox: RunningSandbox
let proxy: FaultProxy
let client: TalentClient
let work: Awaited<ReturnType<typeof tempDir>>
let wav: string
let jobs: string[]
const stops: Array<() => Promise<void>> = []

beforeAll(async () => {
  work = await tempDir('booth-orphans-')
  ;({ sandbox, proxy } = await serviceExpiringAfter(60 * 60_000))
  client = clientFor(sandbox.url)
  wav = await makeAudio(work.path, 'voice', [{ kind: 'noise', seconds: 20, dbfs: -20 }]) // ~2.9 MB: three 1 MiB PATCHes
  jobs = await deliverableJobs(client, 4)
})
afterEach(async () => {
  proxy.clearRules()
  await Promise.all(stops.splice(0).map((stop) => stop()))
})
afterAll(async () => {
  await proxy.close()
  await sandbox.close()
  await work.remove()
})

/** A sandbox whose unfinished uploads expire `afterMs` after creation (swept every 100 ms), behind a fault proxy. */
async function serviceExpiringAfter(afterMs: number): Promise<{ sandbox: RunningSandbox; proxy: FaultProxy }> {
  const sb = await startSandbox({
    keys: [{ token: TOKEN, scopes: '*' }],
    producer: false,
    rateLimit: { limit: 100_000, windowMs: 60_000 },
    log: () => {},
    uploadExpiry: { afterMs, sweepEveryMs: 100 },
  })
  return { sandbox: sb, proxy: await startFaultProxy({ upstream: sb.url, maxStallMs: 20_000 }) }
}

/** Nothing is left open on the service (checked well before anything could expire there). */
async function nothingOpen(): Promise<void> {
  await expect.poll(() => sandbox.openUploads(), { timeout: 10_000, interval: 50 }).toEqual([])
}

function area(name: string, via: () => FaultProxy = () => proxy) {
  const made = takeArea({
    dataDir: join(work.path, name),
    url: () => via().url,
    upload: { chunkBytes: MB, progressIntervalMs: 0, retryDelaysMs: [0], stallMs: 15_000 },
  })
  stops.push(() => made.area.stop())
  return made
}

const queueOf = (events: Array<{ event: string; data: unknown }>) =>
  events.filter((e) => e.event === 'deliveryQueue').map((e) => e.data as DeliveryQueueView)

async function waitForQueue(
  events: Array<{ event: string; data: unknown }>,
  match: (v: DeliveryQueueView) => boolean,
): Promise<void> {
  await expect.poll(() => queueOf(events).some(match), { timeout: 20_000, interval: 20 }).toBe(true)
}

describe('an upload Booth abandons is deleted on the service', () => {
  it('cancelled half way through: nothing is left', async () => {
    const { area: a, events } = area('cancel-mid')
    await a.start()
    const take = await a.handlers.importTake({ jobId: jobs[0] as string, path: wav })
    // The second PATCH never gets an answer: the upload sits at 1 MiB until the watchdog, and is cancelled then.
    proxy.addRule({ method: 'PATCH', path: UPLOAD, skip: 1, fault: { type: 'stall' } })
    await a.handlers.deliverTake({ takeId: take.id, label: 'main', note: null })
    await waitForQueue(events, (v) => v.items.some((i) => i.takeId === take.id && i.status === 'sending'))
    await expect
      .poll(async () => (await sandbox.openUploads()).some((u) => u.offset >= MB), { timeout: 20_000, interval: 50 })
      .toBe(true)
    await a.handlers.cancelDelivery({ takeId: take.id })
    await nothingOpen()
  })

  it('replaced after a cut connection (the resume was answered by a proxy page, so a new upload was started): the old one is deleted', async () => {
    const { area: a, hub } = area('replaced')
    const from = proxy.requests.length
    await a.start()
    const take = await a.handlers.importTake({ jobId: jobs[1] as string, path: wav })
    // The second PATCH is cut off; the HEAD that asks where to resume gets a proxy's 502 page, and
    // tus-js-client starts the upload afresh: the first one, 1 MiB in, is no longer Booth's.
    proxy.addRule({ method: 'PATCH', path: UPLOAD, skip: 1, times: 1, fault: { type: 'reset' } })
    proxy.addRule({ method: 'HEAD', path: UPLOAD, times: 1, fault: { type: 'html', status: 502 } })
    const delivered = waitForEvent<DeliveryStateData>(hub, deliveredEvent(take.id), 30_000)
    await a.handlers.deliverTake({ takeId: take.id, label: 'main', note: null })
    await delivered
    expect(proxy.requests.slice(from).filter((r) => r.method === 'POST' && UPLOAD.test(r.path))).toHaveLength(2) // it was replaced
    await nothingOpen()
  })

  it('of a take deleted while its upload was still on the service (a refused delivery whose queue entry was lost)', async () => {
    const declined = await undeliverableJob(client)
    const dataDir = join(work.path, 'deleted')
    const first = takeArea({
      dataDir,
      url: () => proxy.url,
      upload: { chunkBytes: MB, progressIntervalMs: 0, retryDelaysMs: [0] },
    })
    await first.area.start()
    const take = await first.area.handlers.importTake({ jobId: declined, path: wav })
    const failed = waitForEvent<DeliveryStateData>(
      first.hub,
      (e, d) => e === 'deliveryState' && d.takeId === take.id && d.status === 'failed',
      20_000,
    )
    await first.area.handlers.deliverTake({ takeId: take.id, label: 'main', note: null })
    await failed
    expect((await sandbox.openUploads()).map((u) => u.handle)).toEqual([
      (await first.area.store.get(take.id)).upload.handle,
    ])
    await first.area.stop()
    await rm(join(dataDir, 'delivery-queue.json'), { force: true })
    const { area: again } = area('deleted')
    await again.start()
    await again.handlers.deleteTake({ takeId: take.id })
    await nothingOpen()
  })
})

describe('an upload Booth cannot know of', () => {
  it('whose creation answer was lost: delivered once, and the empty upload the service made first expires there', async () => {
    const short = await serviceExpiringAfter(EXPIRE_MS)
    stops.push(async () => {
      await short.proxy.close()
      await short.sandbox.close()
    })
    const { area: a, hub } = area('lost-create', () => short.proxy)
    await a.start()
    const take = await a.handlers.importTake({ jobId: jobs[2] as string, path: wav })
    short.proxy.addRule({ method: 'POST', path: '/api/v1/uploads', times: 1, fault: { type: 'drop_after' } })
    const delivered = waitForEvent<DeliveryStateData>(hub, deliveredEvent(take.id), 30_000)
    await a.handlers.deliverTake({ takeId: take.id, label: 'main', note: null })
    await delivered
    const left = await short.sandbox.openUploads()
    expect(left).toHaveLength(1)
    expect(left[0]).toMatchObject({ offset: 0 })
    expect(left[0]?.expiresAt).not.toBeNull()
    await expect.poll(() => short.sandbox.openUploads(), { timeout: EXPIRE_MS * 4, interval: 200 }).toEqual([])
  })
})
