import { spawn } from 'node:child_process'
import { rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { RunningSandbox } from '../../../sandbox/server'
import { makeAudio } from '../../support/audio-fixtures'
import { startProxy, type ByteCountingProxy } from './byte-counting-proxy'
import {
  clientFor,
  deliverableJobs,
  deliveredEvent,
  deliveriesOf,
  sandboxAt,
  serverOffset,
  takeArea,
  tempDir,
  waitForEvent,
  type DeliveryStateData,
} from './delivery-fixture'

const CHILD = fileURLToPath(new URL('./deliver-child.ts', import.meta.url))
const MB = 1024 * 1024
/** Each test makes a 20 MB take with ffmpeg and uploads it twice over: a bound for a hang on a busy machine. */
const HANG_MS = 120_000

let sandbox: RunningSandbox
let proxy: ByteCountingProxy
let work: Awaited<ReturnType<typeof tempDir>>

beforeAll(async () => {
  sandbox = await sandboxAt()
  proxy = await startProxy(sandbox.url)
  work = await tempDir('booth-kill-')
})
afterAll(async () => {
  await proxy.close()
  await sandbox.close()
  await work.remove()
})

/** Waits until the server's offset for `handle` stops moving (the killed connection has been written out). */
async function settledOffset(handle: string): Promise<number | null> {
  let last = await serverOffset(sandbox.url, handle)
  for (let i = 0; i < 20; i++) {
    await sleep(100)
    const now = await serverOffset(sandbox.url, handle)
    if (now === last) return now
    last = now
  }
  return last
}

/** Starts the child delivering `takeId` at 8 MB/s and SIGKILLs it once `killAfter` bytes are reported sent. */
async function deliverAndKill(dataDir: string, takeId: string, size: number, killAfter: number): Promise<void> {
  proxy.setRate(8 * MB)
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, dataDir, proxy.url, takeId, String(16 * MB)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stderr = ''
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString()
  })
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)))
  let killedAt = 0
  for await (const line of createInterface({ input: child.stdout })) {
    const p = JSON.parse(line) as { bytesSent: number; bytesTotal: number }
    if (p.bytesSent >= killAfter) {
      killedAt = p.bytesSent
      child.kill('SIGKILL')
      // The kernel would still deliver what the dead process had buffered; cut the line like a drop.
      proxy.dropAll()
      break
    }
  }
  expect(await exited, stderr).toBe('SIGKILL')
  expect(killedAt).toBeGreaterThan(0)
  expect(killedAt).toBeLessThan(size)
}

/** ~20 MB: 140 s of mono 24-bit noise at 48 kHz. */
async function longTake(name: string): Promise<{ wav: string; size: number }> {
  const wav = await makeAudio(work.path, name, [{ kind: 'noise', seconds: 140, dbfs: -20 }])
  const size = (await stat(wav)).size
  expect(size).toBeGreaterThan(19 * MB)
  return { wav, size }
}

it(
  'a process SIGKILLed mid-upload loses no uploaded bytes: the next one resumes at the server offset and delivers once',
  async () => {
    const client = clientFor(sandbox.url)
    const [jobId] = await deliverableJobs(client, 1)
    const before = (await deliveriesOf(client, jobId as string)).length
    const dataDir = join(work.path, 'data')
    const { wav, size } = await longTake('long')
    const setup = takeArea({ dataDir, url: () => sandbox.url })
    const take = await setup.area.handlers.importTake({ jobId: jobId as string, path: wav })

    // The child uploads through the proxy at 8 MB/s; it is killed once 6 MB are reported sent.
    await deliverAndKill(dataDir, take.id, size, 6 * MB)

    const saved = await setup.area.store.get(take.id)
    expect(saved.delivery.status).toBe('sending')
    const handle = saved.upload.handle
    expect(handle).toMatch(/^[0-9a-f]{32}$/)
    const offsetAtResume = await settledOffset(handle as string)
    expect(offsetAtResume).toBeGreaterThan(0)
    expect(offsetAtResume).toBeLessThan(size)

    // A new process (here: a fresh takes area on the same data folder) picks the delivery up by itself.
    proxy.setRate(null)
    proxy.reset()
    const second = takeArea({ dataDir, url: () => proxy.url })
    const delivered = waitForEvent<DeliveryStateData>(second.hub, deliveredEvent(take.id), 20_000)
    await second.area.start()
    await delivered
    const remaining = size - (offsetAtResume as number)
    // Only the rest went over the wire again (plus the small delivery POST body).
    expect(proxy.bytesUp()).toBeGreaterThanOrEqual(remaining)
    expect(proxy.bytesUp()).toBeLessThan(remaining + 4096)
    const after = await second.area.store.get(take.id)
    expect(after.upload.handle).toBe(handle)
    expect(after.delivery.idempotency_key).toBe(saved.delivery.idempotency_key)
    const list = await deliveriesOf(client, jobId as string)
    expect(list).toHaveLength(before + 1)
    expect(list.find((d) => d.delivery_id === after.delivery.delivery_id)?.size_bytes).toBe(size)
    // Nothing is left open on the service: the one upload is the delivery's.
    expect(await sandbox.openUploads()).toEqual([])
    await second.area.stop()
  },
  HANG_MS,
)

it(
  'restarted without the stored upload address (uploads.json lost): uploads afresh, and the first upload is deleted on the service',
  async () => {
    const client = clientFor(sandbox.url)
    const [, jobId] = await deliverableJobs(client, 2)
    const dataDir = join(work.path, 'data-lost')
    const { wav, size } = await longTake('long-lost')
    const setup = takeArea({ dataDir, url: () => sandbox.url })
    const take = await setup.area.handlers.importTake({ jobId: jobId as string, path: wav })
    await deliverAndKill(dataDir, take.id, size, 4 * MB)
    const first = (await setup.area.store.get(take.id)).upload.handle as string
    expect(await settledOffset(first)).toBeGreaterThan(0)
    await rm(join(dataDir, 'uploads.json'), { force: true })

    proxy.setRate(null)
    proxy.reset()
    const second = takeArea({ dataDir, url: () => proxy.url })
    const delivered = waitForEvent<DeliveryStateData>(second.hub, deliveredEvent(take.id), 30_000)
    await second.area.start()
    await delivered
    expect((await second.area.store.get(take.id)).upload.handle).not.toBe(first)
    await expect.poll(() => sandbox.openUploads(), { timeout: 10_000, interval: 50 }).toEqual([])
    await second.area.stop()
  },
  HANG_MS,
)
