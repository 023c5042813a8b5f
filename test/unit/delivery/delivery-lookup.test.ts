/**
 * Finding a delivery whose answer was lost, when this machine's clock and the service's disagree: the
 * match is made on the service's clock (the list's server_time), so a skew of minutes or hours neither
 * hides the delivery (which would cancel it, delete its audio and deliver again) nor matches an older one.
 */
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '../../../sandbox/server'
import { findDeliveryOnService } from '../../../main/delivery/delivery-lookup'
import { makeAudio } from '../../support/audio-fixtures'
import { clientFor, deliverableJobs, deliveredEvent, takeArea, tempDir, TOKEN, waitForEvent } from './delivery-fixture'

const MINUTE = 60_000
let work: Awaited<ReturnType<typeof tempDir>>
let wav: string
const sandboxes: RunningSandbox[] = []

beforeAll(async () => {
  work = await tempDir('booth-lookup-')
  wav = await makeAudio(work.path, 'voice', [{ kind: 'noise', seconds: 2, dbfs: -20 }])
})
afterAll(async () => {
  await Promise.all(sandboxes.map((s) => s.close()))
  await work.remove()
})

async function skewedSandbox(skewMs: number): Promise<RunningSandbox> {
  const s = await startSandbox({
    port: 0,
    keys: [{ token: TOKEN, scopes: '*' }],
    producer: false,
    log: () => {},
    rateLimit: { limit: 100_000, windowMs: 60_000 },
    now: () => Date.now() + skewMs,
  })
  sandboxes.push(s)
  return s
}

/** Delivers one take through the takes area; returns the delivery, its file and when it was queued (local clock). */
async function deliverOne(url: string, name: string) {
  const client = clientFor(url)
  const [jobId] = await deliverableJobs(client, 1)
  const { area, hub } = takeArea({ dataDir: join(work.path, name), url: () => url })
  await area.start()
  try {
    const take = await area.handlers.importTake({ jobId: jobId as string, path: wav })
    const queuedAt = Date.now()
    const delivered = waitForEvent(hub, deliveredEvent(take.id))
    await area.handlers.deliverTake({ takeId: take.id, label: 'main', note: null })
    await delivered
    const deliveryId = (await area.store.get(take.id)).delivery.delivery_id
    const found = (await client.listDeliveries(jobId as string)).deliveries.find((d) => d.delivery_id === deliveryId)
    if (!found) throw new Error('the delivery is not listed')
    return {
      client,
      jobId: jobId as string,
      queuedAt,
      delivery: found,
      file: { file_name: found.original_name, size: found.size_bytes },
    }
  } finally {
    await area.stop()
  }
}

describe('finding a delivery whose answer was lost', () => {
  it.each([
    ['an hour behind', -60 * MINUTE],
    ['five minutes behind', -5 * MINUTE],
    ['an hour ahead', 60 * MINUTE],
  ])("finds it when the service clock is %s, and says when on this machine's clock", async (_, skew) => {
    const s = await skewedSandbox(skew)
    const { client, jobId, queuedAt, delivery, file } = await deliverOne(s.url, `skew-${skew}`)
    const found = await findDeliveryOnService(client, jobId, file, queuedAt)
    expect(found?.delivery_id).toBe(delivery.delivery_id)
    expect(Math.abs((found?.created_at ?? 0) - (delivery.created_at - skew))).toBeLessThan(5_000)
    // A delivery of the same file made before the take was queued is not this one.
    expect(await findDeliveryOnService(client, jobId, file, Date.now() + 2 * MINUTE)).toBeNull()
  })
})
