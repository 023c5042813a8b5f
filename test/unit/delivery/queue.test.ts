import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningSandbox } from '../../../sandbox/server'
import { makeAudio } from '../../support/audio-fixtures'
import {
  clientFor,
  deliverableJobs,
  deliveredEvent,
  deliveriesOf,
  sandboxAt,
  serverOffset,
  SwitchableOnline,
  takeArea,
  tempDir,
  undeliverableJob,
  waitForEvent,
  type DeliveryStateData,
} from './delivery-fixture'

let work: Awaited<ReturnType<typeof tempDir>>
let wav: string

beforeAll(async () => {
  work = await tempDir('booth-queue-')
  wav = await makeAudio(work.path, 'voice', [{ kind: 'tone', seconds: 0.5, dbfs: -12 }])
})
afterAll(async () => {
  await work.remove()
})

describe('the offline delivery queue', () => {
  it('keeps deliveries confirmed while the server is down and sends them by itself, in order, once it answers', async () => {
    const sandboxData = join(work.path, 'sandbox')
    let sandbox: RunningSandbox = await sandboxAt({ dataDir: sandboxData })
    const port = sandbox.port
    const client = clientFor(sandbox.url)
    const [jobA, jobB] = (await deliverableJobs(client, 2)) as [string, string]
    const before = { a: (await deliveriesOf(client, jobA)).length, b: (await deliveriesOf(client, jobB)).length }
    const online = new SwitchableOnline(true)
    const { area, hub, events } = takeArea({ dataDir: join(work.path, 'offline'), url: () => sandbox.url, online })
    await area.start()
    const takes = [
      await area.handlers.importTake({ jobId: jobA, path: wav }),
      await area.handlers.importTake({ jobId: jobB, path: wav }),
      await area.handlers.importTake({ jobId: jobA, path: wav }),
    ]

    await sandbox.close()
    online.set(false)
    const waiting = waitForEvent<DeliveryStateData>(
      hub,
      (e, d) =>
        e === 'deliveryState' &&
        d.takeId === takes[0]?.id &&
        d.status === 'queued' &&
        d.message !== 'Waiting to be sent.',
    )
    for (const [i, t] of takes.entries())
      await area.handlers.deliverTake({ takeId: t.id, label: i === 1 ? 'alt' : 'main', note: `take ${i}` })
    await waiting
    await area.delivery.queue.idle()
    const queued = await area.handlers.listDeliveryQueue({})
    expect(queued.items.map((i) => i.takeId)).toEqual(takes.map((t) => t.id))
    expect(queued.items.every((i) => i.canCancel && (i.status === 'waiting' || i.status === 'sending'))).toBe(true)
    expect(queued.items[0]?.message).toMatch(/could not be reached/)
    const keys = await Promise.all(takes.map(async (t) => (await area.store.get(t.id)).delivery.idempotency_key))
    expect(new Set(keys).size).toBe(3)

    sandbox = await sandboxAt({ port, dataDir: sandboxData })
    const allDelivered = Promise.all(takes.map((t) => waitForEvent<DeliveryStateData>(hub, deliveredEvent(t.id))))
    online.set(true)
    const results = await allDelivered
    const order = events
      .filter((e) => e.event === 'deliveryState' && (e.data as DeliveryStateData).status === 'delivered')
      .map((e) => (e.data as DeliveryStateData).takeId)
    expect(order).toEqual(takes.map((t) => t.id))
    const ids = results.map((r) => Number(r.deliveryId))
    expect([...ids].sort((x, y) => x - y)).toEqual(ids)
    for (const [i, t] of takes.entries()) expect((await area.store.get(t.id)).delivery.idempotency_key).toBe(keys[i])
    const after = clientFor(sandbox.url)
    expect(await deliveriesOf(after, jobA)).toHaveLength(before.a + 2)
    expect(await deliveriesOf(after, jobB)).toHaveLength(before.b + 1)
    expect(area.delivery.list().items).toEqual([])
    await area.stop()
    await sandbox.close()
  })
})

describe('failed deliveries, retry and cancel', () => {
  let sandbox: RunningSandbox
  beforeAll(async () => {
    sandbox = await sandboxAt()
  })
  afterAll(async () => {
    await sandbox.close()
  })

  it('marks a delivery the server refuses as failed with its reason and moves on; retry keeps the key; cancel keeps the take', async () => {
    const client = clientFor(sandbox.url)
    const refused = await undeliverableJob(client)
    const [fine] = (await deliverableJobs(client, 1)) as [string]
    const { area, hub } = takeArea({ dataDir: join(work.path, 'fail'), url: () => sandbox.url })
    await area.start()
    const bad = await area.handlers.importTake({ jobId: refused, path: wav })
    const good = await area.handlers.importTake({ jobId: fine, path: wav })
    const failed = waitForEvent<DeliveryStateData>(
      hub,
      (e, d) => e === 'deliveryState' && d.takeId === bad.id && d.status === 'failed',
    )
    const delivered = waitForEvent<DeliveryStateData>(hub, deliveredEvent(good.id))
    await area.handlers.deliverTake({ takeId: bad.id, label: 'main', note: null })
    await area.handlers.deliverTake({ takeId: good.id, label: 'main', note: null })
    expect((await failed).message).toMatch(new RegExp(`Job ${refused} cannot take a delivery`))
    await delivered // the queue moved on past the refused one
    const firstKey = (await area.store.get(bad.id)).delivery.idempotency_key
    const handle = (await area.store.get(bad.id)).upload.handle as string
    expect(await serverOffset(sandbox.url, handle)).toBeGreaterThan(0)
    expect(area.delivery.list().items).toMatchObject([{ takeId: bad.id, status: 'failed', canCancel: true }])

    const failedAgain = waitForEvent<DeliveryStateData>(
      hub,
      (e, d) => e === 'deliveryState' && d.takeId === bad.id && d.status === 'failed' && d.message !== null,
      10_000,
    )
    const retried = await area.handlers.retryDelivery({ takeId: bad.id })
    expect(retried.status).not.toBe('failed')
    await failedAgain
    await area.delivery.queue.idle()
    expect(area.delivery.list().items[0]).toMatchObject({ status: 'failed', attempts: 2 })
    expect((await area.store.get(bad.id)).delivery.idempotency_key).toBe(firstKey)

    const kept = await area.handlers.cancelDelivery({ takeId: bad.id })
    expect(kept.delivery).toEqual({ idempotency_key: null, delivery_id: null, status: 'none', queued: false })
    expect(kept.upload).toEqual({ handle: null, offset: 0, status: 'none' })
    expect((await area.store.get(bad.id)).id).toBe(bad.id)
    expect(area.delivery.list().items).toEqual([])
    expect(await serverOffset(sandbox.url, handle)).toBeNull() // the upload was deleted on the server
    await expect(area.handlers.retryDelivery({ takeId: bad.id })).rejects.toThrow(/not in the delivery queue/)
    await area.stop()
  })

  it('refuses to delete a take that is waiting in the queue', async () => {
    const online = new SwitchableOnline(false)
    let url: string | null = null // signed out: deliveries wait
    const { area } = takeArea({ dataDir: join(work.path, 'delete'), url: () => url, online })
    await area.start()
    url = sandbox.url
    const take = await area.handlers.importTake({
      jobId: (await deliverableJobs(clientFor(sandbox.url), 1))[0] as string,
      path: wav,
    })
    url = null
    await area.handlers.deliverTake({ takeId: take.id, label: 'main', note: null })
    await expect(area.handlers.deleteTake({ takeId: take.id })).rejects.toThrow(/cancel its delivery/)
    await area.handlers.cancelDelivery({ takeId: take.id })
    const deleted = await area.handlers.deleteTake({ takeId: take.id })
    expect(deleted.id).toBe(take.id)
    const restored = await area.handlers.restoreTake({ takeId: take.id })
    expect(restored.delivery.status).toBe('none')
    await area.stop()
  })
})
