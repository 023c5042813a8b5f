import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningSandbox } from '../../../sandbox/server'
import { newIdempotencyKey } from '../../../main/api/idempotency'
import type { TalentClient } from '../../../main/api/client'
import { makeAudio } from '../../support/audio-fixtures'
import {
  clientFor,
  deliverableJobs,
  deliveredEvent,
  deliveriesOf,
  sandboxAt,
  takeArea,
  tempDir,
  TOKEN,
  waitForEvent,
  type DeliveryStateData,
} from './delivery-fixture'

let sandbox: RunningSandbox
let client: TalentClient
let jobs: string[]
let work: Awaited<ReturnType<typeof tempDir>>
let wav: string

beforeAll(async () => {
  sandbox = await sandboxAt()
  client = clientFor(sandbox.url)
  jobs = await deliverableJobs(client, 3)
  work = await tempDir('booth-deliver-')
  wav = await makeAudio(work.path, 'voice', [
    { kind: 'silence', seconds: 0.2 },
    { kind: 'tone', seconds: 1, dbfs: -12 },
  ])
})
afterAll(async () => {
  await sandbox.close()
  await work.remove()
})

describe('delivering a take', () => {
  it('uploads a real WAV and delivers it exactly once, with the saved handle and key', async () => {
    const dataDir = join(work.path, 'one')
    const { area, hub } = takeArea({ dataDir, url: () => sandbox.url })
    await area.start()
    const jobId = jobs[0] as string
    const before = (await deliveriesOf(client, jobId)).length
    const take = await area.handlers.importTake({ jobId, path: wav })
    const delivered = waitForEvent<DeliveryStateData>(hub, deliveredEvent(take.id))
    const entry = await area.handlers.deliverTake({ takeId: take.id, label: 'alt', note: 'warm read' })
    expect(entry).toMatchObject({ takeId: take.id, jobId, label: 'alt', note: 'warm read', canCancel: true })
    const key = (await area.store.get(take.id)).delivery.idempotency_key
    expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/)

    const event = await delivered
    const after = await area.store.get(take.id)
    expect(after.delivery).toEqual({
      idempotency_key: key,
      delivery_id: event.deliveryId,
      status: 'delivered',
      queued: false,
    })
    expect(after.upload.status).toBe('uploaded')
    expect(after.upload.handle).toMatch(/^[0-9a-f]{32}$/)
    expect(after.label).toBe('alt')

    const list = await deliveriesOf(client, jobId)
    expect(list).toHaveLength(before + 1)
    const mine = list.find((d) => d.delivery_id === event.deliveryId)
    expect(mine).toMatchObject({ take_label: 'alt', note: 'warm read', size_bytes: (await stat(wav)).size })
    // The handle on the take is the one the sandbox delivered: delivering it again is refused.
    const again = client.deliver(
      jobId,
      { handle: after.upload.handle as string, take_label: 'alt', note: null, preflight: null },
      { idempotencyKey: newIdempotencyKey() },
    )
    await expect(again).rejects.toMatchObject({
      kind: 'api',
      status: 400,
      serverMessage: expect.stringContaining('already delivered'),
    })
    expect(area.delivery.list().items).toEqual([])
    // The URL storage never holds the API key.
    const stored = await readFile(join(dataDir, 'uploads.json'), 'utf8').catch(() => '')
    expect(stored).not.toContain(TOKEN)
    await area.stop()
  })

  it('still delivers once when the answer to the POST is dropped (same key, replayed)', async () => {
    const dataDir = join(work.path, 'drop')
    const { area, hub, events } = takeArea({ dataDir, url: () => sandbox.url })
    await area.start()
    const jobId = jobs[1] as string
    const before = (await deliveriesOf(client, jobId)).length
    const take = await area.handlers.importTake({ jobId, path: wav })
    // As soon as the upload is finished, every answer is dropped after the server has acted on it,
    // until the queue has given up once (the client's own retries included).
    let armed = false
    const stopSub = hub.subscribe((event, data) => {
      const d = data as DeliveryStateData
      if (
        !armed &&
        event === 'deliveryState' &&
        d.takeId === take.id &&
        d.message === 'Upload finished; sending the delivery.'
      ) {
        armed = true
        sandbox.setFaults('drop_after=1')
      }
      if (
        event === 'deliveryState' &&
        d.takeId === take.id &&
        d.status === 'queued' &&
        d.message !== 'Waiting to be sent.'
      )
        sandbox.setFaults('')
    })
    const delivered = waitForEvent<DeliveryStateData>(hub, deliveredEvent(take.id))
    await area.handlers.deliverTake({ takeId: take.id, label: 'main', note: null })
    const event = await delivered
    stopSub()
    sandbox.setFaults('')
    const waits = events.filter(
      (e) =>
        e.event === 'deliveryState' &&
        (e.data as DeliveryStateData).takeId === take.id &&
        (e.data as DeliveryStateData).status === 'queued',
    )
    expect(waits.length).toBeGreaterThanOrEqual(2) // queued, then waiting after the dropped answers
    expect(event.message).toBe('Delivered (confirmed on a repeat).')
    expect(await deliveriesOf(client, jobId)).toHaveLength(before + 1)
    await area.stop()
  })

  it('after a restart between saving the key and hearing the answer, resends with the same key: one delivery', async () => {
    const dataDir = join(work.path, 'restart')
    const jobId = jobs[2] as string
    const before = (await deliveriesOf(client, jobId)).length
    const first = takeArea({ dataDir, url: () => sandbox.url })
    await first.area.start()
    const take = await first.area.handlers.importTake({ jobId, path: wav })
    let armed = false
    first.hub.subscribe((event, data) => {
      const d = data as DeliveryStateData
      if (!armed && event === 'deliveryState' && d.message === 'Upload finished; sending the delivery.') {
        armed = true
        sandbox.setFaults('drop_after=1')
      }
    })
    const gaveUp = waitForEvent<DeliveryStateData>(
      first.hub,
      (e, d) => e === 'deliveryState' && d.status === 'queued' && d.message !== 'Waiting to be sent.',
    )
    await first.area.handlers.deliverTake({ takeId: take.id, label: 'main', note: null })
    await gaveUp
    await first.area.stop()
    sandbox.setFaults('')
    const saved = await first.area.store.get(take.id)
    expect(saved.delivery.status).not.toBe('delivered')
    expect(await deliveriesOf(client, jobId)).toHaveLength(before + 1) // the server did act on the dropped POST

    const second = takeArea({ dataDir, url: () => sandbox.url })
    const delivered = waitForEvent<DeliveryStateData>(second.hub, deliveredEvent(take.id))
    const queued = await (async () => {
      await second.area.start()
      return second.area.delivery.list().items
    })()
    expect(queued[0]).toMatchObject({ takeId: take.id, canCancel: false, outcomeUnknown: true })
    // Cancel resolves what happened first (the replay under way, or the service's list) and says so.
    await expect(second.area.handlers.cancelDelivery({ takeId: take.id })).rejects.toThrow(
      /already delivered|delivered just now/,
    )
    await delivered
    const after = await second.area.store.get(take.id)
    expect(after.delivery.idempotency_key).toBe(saved.delivery.idempotency_key)
    expect(after.delivery.status).toBe('delivered')
    expect(await deliveriesOf(client, jobId)).toHaveLength(before + 1)
    await second.area.stop()
  })
})

describe('refusals', () => {
  it('refuses to deliver a take twice, or one already in the queue', async () => {
    const { area, hub } = takeArea({ dataDir: join(work.path, 'twice'), url: () => sandbox.url })
    await area.start()
    const take = await area.handlers.importTake({ jobId: jobs[0] as string, path: wav })
    const delivered = waitForEvent<DeliveryStateData>(hub, deliveredEvent(take.id))
    await area.handlers.deliverTake({ takeId: take.id, label: 'main', note: null })
    await expect(area.handlers.deliverTake({ takeId: take.id, label: 'main', note: null })).rejects.toThrow(/already/)
    await delivered
    await expect(area.handlers.deliverTake({ takeId: take.id, label: 'main', note: null })).rejects.toThrow(
      /already delivered/,
    )
    await expect(area.handlers.cancelDelivery({ takeId: take.id })).rejects.toThrow(/not waiting to be delivered/)
    await expect(area.handlers.deliverTake({ takeId: 'nosuchtake', label: 'main', note: null })).rejects.toMatchObject({
      kind: 'not_found',
    })
    await area.stop()
  })
})
