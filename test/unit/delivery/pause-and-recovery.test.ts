import { readdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { RunningSandbox } from '../../../sandbox/server'
import { makeAudio } from '../../support/audio-fixtures'
import { startProxy, type ByteCountingProxy } from './byte-counting-proxy'
import {
  clientFor,
  deliverableJobs,
  deliveredEvent,
  sandboxAt,
  serverOffset,
  SwitchableOnline,
  takeArea,
  tempDir,
  waitForEvent,
  type DeliveryStateData,
} from './delivery-fixture'

const MB = 1024 * 1024
let sandbox: RunningSandbox
let proxy: ByteCountingProxy
let work: Awaited<ReturnType<typeof tempDir>>
let wav: string
let jobId: string

beforeAll(async () => {
  sandbox = await sandboxAt()
  proxy = await startProxy(sandbox.url)
  work = await tempDir('booth-pause-')
  wav = await makeAudio(work.path, 'voice', [{ kind: 'noise', seconds: 30, dbfs: -20 }]) // ~4.3 MB
  ;[jobId] = (await deliverableJobs(clientFor(sandbox.url), 1)) as [string]
})
afterAll(async () => {
  await proxy.close()
  await sandbox.close()
  await work.remove()
})

it('pausing a delivery stops its upload (kept on the server); resuming finishes it from there and delivers once', async () => {
  const { area, hub } = takeArea({
    dataDir: join(work.path, 'pause'),
    url: () => proxy.url,
    upload: { chunkBytes: MB, progressIntervalMs: 0, retryDelaysMs: [0] },
  })
  await area.start()
  const take = await area.handlers.importTake({ jobId, path: wav })
  proxy.setRate(2 * MB)
  const halfway = waitForEvent<{ takeId: string; bytesSent: number }>(
    hub,
    (e, d) => e === 'uploadProgress' && d.takeId === take.id && d.bytesSent > 1.5 * MB,
  )
  await area.handlers.deliverTake({ takeId: take.id, label: 'main', note: null })
  await halfway
  const paused = await area.handlers.pauseUpload({ takeId: take.id })
  expect(paused).toMatchObject({ status: 'paused', canCancel: true })
  const held = await area.store.get(take.id)
  expect(held.upload.status).toBe('paused')
  expect(held.delivery.status).toBe('queued')
  const offset = await serverOffset(sandbox.url, held.upload.handle as string)
  expect(offset).toBeGreaterThan(0)

  proxy.setRate(null)
  const delivered = waitForEvent<DeliveryStateData>(hub, deliveredEvent(take.id))
  expect((await area.handlers.resumeUpload({ takeId: take.id })).status).not.toBe('paused')
  await delivered
  const after = await area.store.get(take.id)
  expect(after.upload.handle).toBe(held.upload.handle)
  expect(after.delivery.idempotency_key).toBe(held.delivery.idempotency_key)
  await expect(area.handlers.pauseUpload({ takeId: take.id })).rejects.toThrow(/not in the delivery queue/)
  await area.stop()
})

it('a damaged queue file is set aside and the queue is rebuilt from the takes, keys unchanged', async () => {
  const dataDir = join(work.path, 'damaged')
  const online = new SwitchableOnline(false)
  let url: string | null = null
  const first = takeArea({ dataDir, url: () => url, online })
  await first.area.start()
  url = sandbox.url
  const take = await first.area.handlers.importTake({ jobId, path: wav })
  url = null // signed out: the delivery waits
  await first.area.handlers.deliverTake({ takeId: take.id, label: 'main', note: 'kept' })
  const key = (await first.area.store.get(take.id)).delivery.idempotency_key
  await first.area.stop()
  await writeFile(join(dataDir, 'delivery-queue.json'), '{"schema": 1, "items": [{"takeId": ')

  url = sandbox.url
  const second = takeArea({ dataDir, url: () => url, online: new SwitchableOnline(true) })
  const delivered = waitForEvent<DeliveryStateData>(second.hub, deliveredEvent(take.id))
  await second.area.start()
  expect((await readdir(dataDir)).some((n) => n.startsWith('delivery-queue.json.damaged-'))).toBe(true)
  await delivered
  const after = await second.area.store.get(take.id)
  expect(after.delivery.idempotency_key).toBe(key)
  expect(after.note).toBe('kept')
  await second.area.stop()
})
