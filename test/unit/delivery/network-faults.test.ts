/**
 * Deliveries through Booth's fault proxy (test/support/fault-proxy.ts) between the takes area and a real
 * sandbox: a PATCH that stalls mid-upload, a POST whose answer is lost followed by cancel (with and
 * without the service having recorded it), and a Retry-After of an hour on an upload.
 */
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { RunningSandbox } from '../../../sandbox/server'
import type { TalentClient } from '../../../main/api/client'
import type { DeliveryQueueView } from '../../../shared/bridge-takes'
import { terminateUpload } from '../../../main/delivery/upload-server'
import { makeAudio } from '../../support/audio-fixtures'
import { refusedUrl, startFaultProxy, type FaultProxy } from '../../support/fault-proxy'
import {
  clientFor,
  deliverableJobs,
  deliveredEvent,
  deliveriesOf,
  sandboxAt,
  serverOffset,
  takeArea,
  tempDir,
  TOKEN,
  waitForEvent,
  type DeliveryStateData,
} from './delivery-fixture'

const MB = 1024 * 1024
const DELIVERIES = /^\/api\/v1\/jobs\/\d+\/deliveries$/
let sandbox: RunningSandbox
let proxy: FaultProxy
let client: TalentClient
let work: Awaited<ReturnType<typeof tempDir>>
let wav: string
let jobs: string[]
const stops: Array<() => Promise<void>> = []

beforeAll(async () => {
  sandbox = await sandboxAt()
  proxy = await startFaultProxy({ upstream: sandbox.url, maxStallMs: 20_000 })
  client = clientFor(sandbox.url)
  work = await tempDir('booth-faults-')
  wav = await makeAudio(work.path, 'voice', [{ kind: 'noise', seconds: 20, dbfs: -20 }]) // ~2.9 MB
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

function area(name: string) {
  const made = takeArea({
    dataDir: join(work.path, name),
    url: () => proxy.url,
    upload: { chunkBytes: MB, progressIntervalMs: 0, retryDelaysMs: [0], stallMs: 400 },
  })
  stops.push(() => made.area.stop())
  return made
}

const queueOf = (events: Array<{ event: string; data: unknown }>) =>
  events.filter((e) => e.event === 'deliveryQueue').map((e) => e.data as DeliveryQueueView)

describe('a stalled upload', () => {
  it('aborts a PATCH that makes no progress, resumes from the offset the server reports, and delivers once', async () => {
    const jobId = jobs[0] as string
    const before = (await deliveriesOf(client, jobId)).length
    const { area: a, hub, events } = area('stall')
    await a.start()
    const take = await a.handlers.importTake({ jobId, path: wav })
    // The second PATCH (from 1 MiB on) is swallowed: the proxy reads it and never answers.
    proxy.addRule({ method: 'PATCH', path: '/api/v1/uploads', skip: 1, times: 1, fault: { type: 'stall' } })
    const delivered = waitForEvent<DeliveryStateData>(hub, deliveredEvent(take.id), 20_000)
    await a.handlers.deliverTake({ takeId: take.id, label: 'main', note: null })
    await delivered

    // The queue said so while it happened, and stopped saying so once the service took bytes again.
    const said = queueOf(events).map((v) => v.items.find((i) => i.takeId === take.id)?.message ?? null)
    const stalledAt = said.indexOf('The service stopped answering; trying again.')
    expect(stalledAt).toBeGreaterThan(-1)
    expect(said.slice(stalledAt + 1)).toContain(null)

    const upload = proxy.requests.filter((r) => r.path.startsWith('/api/v1/uploads'))
    const stalled = upload.findIndex((r) => r.fault === 'stall')
    expect(stalled).toBeGreaterThan(0)
    expect(upload[stalled + 1]?.method).toBe('HEAD') // resumed from the server's offset
    expect(upload.slice(stalled + 1).filter((r) => r.method === 'PATCH').length).toBeGreaterThan(0)
    // Resumed once: the aborted attempt does not come back as a second resume beside it.
    expect(upload.slice(stalled + 1).filter((r) => r.method === 'HEAD')).toHaveLength(1)
    const list = await deliveriesOf(client, jobId)
    expect(list).toHaveLength(before + 1)
    const saved = await a.store.get(take.id)
    expect(await serverOffset(sandbox.url, saved.upload.handle as string)).toBe(list.at(-1)?.size_bytes)
  })
  it('a PATCH cut off half way (the server keeps the first half): resumes from the offset the server reports', async () => {
    const jobId = jobs[0] as string
    const before = (await deliveriesOf(client, jobId)).length
    const { area: a, hub } = area('stall-mid')
    await a.start()
    const take = await a.handlers.importTake({ jobId, path: wav })
    // The second PATCH: its first 300 kB reach the server, then the proxy cuts it and never answers.
    proxy.addRule({
      method: 'PATCH',
      path: '/api/v1/uploads',
      skip: 1,
      times: 1,
      fault: { type: 'stall_request', afterBytes: 300_000 },
    })
    const delivered = waitForEvent<DeliveryStateData>(hub, deliveredEvent(take.id), 20_000)
    await a.handlers.deliverTake({ takeId: take.id, label: 'main', note: null })
    await delivered
    const upload = proxy.requests.filter((r) => r.path.startsWith('/api/v1/uploads'))
    const stalled = upload.findIndex((r) => r.fault === 'stall_request')
    expect(stalled).toBeGreaterThan(0)
    expect(upload[stalled + 1]?.method).toBe('HEAD')
    expect(await deliveriesOf(client, jobId)).toHaveLength(before + 1)
  })
})

describe('a delivery POST whose answer is lost, then cancel', () => {
  it('when the service recorded it: one delivery, its audio intact, and cancel says it was already delivered', async () => {
    const jobId = jobs[1] as string
    const before = (await deliveriesOf(client, jobId)).length
    const { area: a, events } = area('lost-recorded')
    const from = proxy.requests.length
    await a.start()
    const take = await a.handlers.importTake({ jobId, path: wav })
    // The first POST reaches the service and its answer is dropped; every replay is answered 503.
    proxy.addRule({ method: 'POST', path: DELIVERIES, times: 1, fault: { type: 'drop_after' } })
    proxy.addRule({ method: 'POST', path: DELIVERIES, fault: { type: 'retry_after', status: 503, seconds: 1 } })
    await a.handlers.deliverTake({ takeId: take.id, label: 'main', note: null })
    await waitForQueue(events, (v) =>
      v.items.some(
        (i) => i.takeId === take.id && i.outcomeUnknown === true && i.status === 'waiting' && i.attempts >= 1,
      ),
    )

    await expect(a.handlers.cancelDelivery({ takeId: take.id })).rejects.toThrow(
      /^This take was already delivered at \d\d:\d\d, so there was nothing to cancel\.$/,
    )
    const list = await deliveriesOf(client, jobId)
    expect(list).toHaveLength(before + 1)
    const after = await a.store.get(take.id)
    expect(after.delivery).toMatchObject({ status: 'delivered', delivery_id: list.at(-1)?.delivery_id, queued: false })
    expect(a.delivery.list().items).toEqual([])
    // The audio the delivery uses is still there: its listen link answers with the take.
    const withUrls = await client.listDeliveries(jobId, { with_urls: true })
    const link = withUrls.deliveries.find((d) => d.delivery_id === after.delivery.delivery_id)?.listen_url
    expect(link).toBeTruthy()
    const audio = await fetch(link as string)
    expect(audio.status).toBe(200)
    expect((await audio.arrayBuffer()).byteLength).toBe(list.at(-1)?.size_bytes)
    expect(proxy.requests.slice(from).filter((r) => r.method === 'DELETE')).toEqual([])
  })

  it('when the service never got it: cancel finds that out, cancels, and only then deletes the upload', async () => {
    const jobId = jobs[2] as string
    const before = (await deliveriesOf(client, jobId)).length
    const { area: a, events } = area('lost-unrecorded')
    await a.start()
    const take = await a.handlers.importTake({ jobId, path: wav })
    proxy.addRule({ method: 'POST', path: DELIVERIES, fault: { type: 'reset' } })
    await a.handlers.deliverTake({ takeId: take.id, label: 'main', note: null })
    await waitForQueue(events, (v) =>
      v.items.some((i) => i.takeId === take.id && i.outcomeUnknown === true && i.status === 'waiting'),
    )
    const handle = (await a.store.get(take.id)).upload.handle as string
    expect(await serverOffset(sandbox.url, handle)).toBeGreaterThan(0)

    const cancelled = await a.handlers.cancelDelivery({ takeId: take.id })
    expect(cancelled.delivery).toMatchObject({ status: 'none', delivery_id: null })
    expect(await deliveriesOf(client, jobId)).toHaveLength(before)
    expect(await serverOffset(sandbox.url, handle)).toBeNull() // the unused upload was deleted
    const listed = proxy.requests.findIndex((r) => r.method === 'GET' && DELIVERIES.test(r.path))
    const deleted = proxy.requests.findIndex((r) => r.method === 'DELETE')
    expect(listed).toBeGreaterThan(-1)
    expect(deleted).toBeGreaterThan(listed)
  })

  it('while the service cannot be reached, cancel refuses and the delivery stays queued', async () => {
    const jobId = jobs[3] as string
    const { area: a, events } = area('lost-offline')
    const from = proxy.requests.length
    await a.start()
    const take = await a.handlers.importTake({ jobId, path: wav })
    proxy.addRule({ method: 'POST', path: DELIVERIES, fault: { type: 'reset' } })
    proxy.addRule({ method: 'GET', path: DELIVERIES, fault: { type: 'html' } })
    await a.handlers.deliverTake({ takeId: take.id, label: 'main', note: null })
    await waitForQueue(events, (v) =>
      v.items.some((i) => i.takeId === take.id && i.outcomeUnknown === true && i.status === 'waiting'),
    )
    await expect(a.handlers.cancelDelivery({ takeId: take.id })).rejects.toThrow(
      /cannot tell yet whether this take already reached the service/,
    )
    expect(a.delivery.list().items).toMatchObject([{ takeId: take.id, outcomeUnknown: true }])
    expect(['waiting', 'sending']).toContain(a.delivery.list().items[0]?.status)
    expect(proxy.requests.slice(from).filter((r) => r.method === 'DELETE')).toEqual([])
  })
})

describe('cancelled while the service could not be reached, then delivered again', () => {
  it("uploads afresh instead of resuming the abandoned upload, so the later DELETE of the old one leaves the delivery's audio intact", async () => {
    const jobId = jobs[0] as string
    const { area: a, hub, events } = area('cancel-offline-redeliver')
    await a.start()
    const take = await a.handlers.importTake({ jobId, path: wav })
    // The upload is created, then every PATCH and DELETE is cut: offline half way through.
    proxy.addRule({ method: 'PATCH', path: /^\/api\/v1\/uploads\//, fault: { type: 'reset' } })
    proxy.addRule({ method: 'DELETE', path: /^\/api\/v1\/uploads\//, fault: { type: 'reset' } })
    await a.handlers.deliverTake({ takeId: take.id, label: 'main', note: null })
    await waitForQueue(events, (v) =>
      v.items.some((i) => i.takeId === take.id && i.status === 'waiting' && i.attempts >= 1),
    )
    const abandoned = (await a.store.get(take.id)).upload.handle as string
    expect(abandoned).toMatch(/^[0-9a-f]{32}$/)
    await a.handlers.cancelDelivery({ takeId: take.id })
    expect(await serverOffset(sandbox.url, abandoned)).not.toBeNull() // its DELETE could not be sent

    proxy.clearRules()
    const delivered = waitForEvent(hub, deliveredEvent(take.id))
    await a.handlers.deliverTake({ takeId: take.id, label: 'main', note: null })
    await delivered
    const after = await a.store.get(take.id)
    expect(after.upload.handle).not.toBe(abandoned)
    await a.delivery.sweepAbandoned()
    expect(await serverOffset(sandbox.url, abandoned)).toBeNull() // the abandoned upload is gone…
    const withUrls = await client.listDeliveries(jobId, { with_urls: true })
    const link = withUrls.deliveries.find((d) => d.delivery_id === after.delivery.delivery_id)?.listen_url
    const audio = await fetch(link as string) // …and the delivery's audio is still there
    expect(audio.status).toBe(200)
  })
})

describe('Retry-After on an upload', () => {
  it('parks the delivery until the time the service asked for, says until when, and sends nothing meanwhile', async () => {
    const jobId = jobs[3] as string
    const { area: a, events } = area('retry-after')
    await a.start()
    const take = await a.handlers.importTake({ jobId, path: wav })
    proxy.addRule({ method: 'POST', path: '/api/v1/uploads', fault: { type: 'retry_after', seconds: 3600 } })
    const asked = Date.now()
    await a.handlers.deliverTake({ takeId: take.id, label: 'main', note: null })
    const view = await waitForQueue(events, (v) => v.items.some((i) => i.takeId === take.id && (i.waitUntil ?? 0) > 0))
    const entry = view.items.find((i) => i.takeId === take.id)
    expect(entry?.waitUntil).toBeGreaterThanOrEqual(asked + 3_600_000 - 1_000)
    expect(entry?.message).toMatch(
      /^The service asked Booth to wait until \d\d:\d\d; this delivery goes out by itself then\.$/,
    )
    const sent = proxy.requests.length
    a.delivery.queue.wakeNow() // "Try now" / back online: does not cut a server-asked wait short
    await a.handlers.retryDelivery({ takeId: take.id })
    await new Promise((r) => setTimeout(r, 500))
    expect(proxy.requests.length).toBe(sent)
    expect(a.delivery.list().items[0]).toMatchObject({ status: 'waiting', waitUntil: entry?.waitUntil })
  })
})

describe('deleting an unused upload', () => {
  it('counts an upload already gone as deleted, and an unreachable service as not yet', async () => {
    const token = () => TOKEN
    expect(await terminateUpload(proxy.url, 'c'.repeat(32), token)).toBe(true)
    expect(await terminateUpload(await refusedUrl(), 'c'.repeat(32), token)).toBe(false)
    expect(await terminateUpload(proxy.url, 'not-a-handle', token)).toBe(false)
  })
})

async function waitForQueue(
  events: Array<{ event: string; data: unknown }>,
  match: (v: DeliveryQueueView) => boolean,
  ms = 15_000,
): Promise<DeliveryQueueView> {
  const until = Date.now() + ms
  for (;;) {
    const hit = queueOf(events).find(match)
    if (hit) return hit
    if (Date.now() > until)
      throw new Error(`The delivery queue never matched; last: ${JSON.stringify(queueOf(events).at(-1))}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}
