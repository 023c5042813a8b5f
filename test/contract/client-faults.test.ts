/**
 * Booth's client against the sandbox with injected faults: dropped connections, proxy HTML pages, rate
 * limits and not_saved. Writes retried through them take effect exactly once; nothing is left unhandled.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { RunningSandbox } from '../../sandbox/server'
import { ApiError } from '../../main/api/errors'
import { newIdempotencyKey } from '../../main/api/idempotency'
import {
  allJobs,
  probeClient,
  startTestSandbox,
  toneWav,
  uploadTake,
  watchUnhandledRejections,
} from './sandbox-fixture'

let sandbox: RunningSandbox
const rejections = watchUnhandledRejections()

beforeAll(async () => {
  sandbox = await startTestSandbox()
})
afterAll(async () => {
  await sandbox.close()
  rejections.stop()
  expect(rejections.seen).toEqual([])
})
beforeEach(() => sandbox.setFaults(''))

const retriedKinds = (events: { type: string; error?: ApiError | { kind: string; code?: string | null } }[]) =>
  events.filter((e) => e.type === 'retry').map((e) => (e.error?.code ?? e.error?.kind) as string)

describe('writes through dropped connections', () => {
  it('a delivery retried through drop_after creates exactly one record', async () => {
    const { client } = probeClient(sandbox)
    const target = (await allJobs(client)).find((j) => j.can.deliver)
    if (!target) throw new Error('no job allows deliver')
    const before = (await client.listDeliveries(target.job_id)).deliveries.length
    const handle = await uploadTake(sandbox, toneWav())

    // Every answer is handled by the server, then the connection is cut before the client reads it;
    // after two such losses the faults stop and the third attempt gets the stored first result.
    sandbox.setFaults('drop_after=1')
    let drops = 0
    const probe = probeClient(sandbox, { maxAttempts: 5 }, undefined, (e) => {
      if (e.type === 'retry' && e.error.kind === 'network' && ++drops === 2) sandbox.setFaults('')
    })
    const key = newIdempotencyKey()
    const result = await probe.client.deliver(
      target.job_id,
      { handle, take_label: 'alt', note: null, preflight: null },
      { idempotencyKey: key },
    )

    expect(drops).toBe(2)
    expect(result.replayed).toBe(true) // the first attempt's record, answered again
    const after = (await client.listDeliveries(target.job_id)).deliveries
    expect(after).toHaveLength(before + 1)
    expect(after.some((d) => d.delivery_id === result.delivery.delivery_id)).toBe(true)
    const keys = probe.events
      .filter((e) => e.type === 'request')
      .map((e) => (e.type === 'request' ? e.headers['idempotency-key'] : ''))
    expect(keys).toEqual([key, key, key])
  })

  it('a delivery under random drops lands once', async () => {
    const { client } = probeClient(sandbox)
    const target = (await allJobs(client)).find((j) => j.can.deliver)
    if (!target) throw new Error('no job allows deliver')
    const before = (await client.listDeliveries(target.job_id)).deliveries.length
    const handle = await uploadTake(sandbox, toneWav())
    sandbox.setFaults('drop_after=0.5,drop_before=0.2,seed=21')
    const probe = probeClient(sandbox, { maxAttempts: 20 })
    const result = await probe.client.deliver(
      target.job_id,
      { handle, take_label: 'pickup', note: 'pickup line 3', preflight: null },
      { idempotencyKey: newIdempotencyKey() },
    )
    sandbox.setFaults('')
    expect(retriedKinds(probe.events)).toContain('network')
    const after = (await client.listDeliveries(target.job_id)).deliveries
    expect(after).toHaveLength(before + 1)
    expect(after.filter((d) => d.delivery_id === result.delivery.delivery_id)).toHaveLength(1)
  })

  it('an accept retried through drop_after and drop_before takes effect once', async () => {
    const { client } = probeClient(sandbox)
    const target = (await allJobs(client)).find((j) => j.can.accept)
    if (!target) throw new Error('no job allows accept')
    sandbox.setFaults('drop_after=0.4,drop_before=0.3,seed=11')
    const probe = probeClient(sandbox, { maxAttempts: 15 })
    const result = await probe.client.accept({ job_ids: [target.job_id] }, { idempotencyKey: newIdempotencyKey() })
    sandbox.setFaults('')
    expect(retriedKinds(probe.events).filter((k) => k === 'network').length).toBeGreaterThan(0)
    expect(result.results[0]?.job_id).toBe(target.job_id)
    const { job } = await client.getJob(target.job_id)
    expect(job.stage).toBe('accepted')
    expect(job.timeline.filter((t) => t.kind === 'accepted')).toHaveLength(1)
  })

  it('a read through dropped connections is retried like a write, then fails as a network error', async () => {
    sandbox.setFaults('drop_after=1')
    const probe = probeClient(sandbox, { maxAttempts: 3 })
    const error = await probe.client.me().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ kind: 'network', retryable: true })
    expect(probe.events.filter((e) => e.type === 'request')).toHaveLength(3)
  })
})

describe('other faults', () => {
  it("a proxy's HTML page is non_json with a clear message, retried then reported", async () => {
    sandbox.setFaults('html=1')
    const probe = probeClient(sandbox, { maxAttempts: 2 })
    const error = (await probe.client.listJobs().catch((e: unknown) => e)) as ApiError
    expect(error).toBeInstanceOf(ApiError)
    expect(error.kind).toBe('non_json')
    expect(error.message).toBe(
      'The server answered with an HTML page instead of the API (HTTP 502). A proxy or the network may be failing.',
    )
    expect(probe.events.filter((e) => e.type === 'request')).toHaveLength(2)
  })

  it('rate_limited waits the server retry_after and then succeeds', async () => {
    sandbox.setFaults('rate_limited=0.5,seed=5')
    const probe = probeClient(sandbox, { maxAttempts: 10 })
    for (let i = 0; i < 4; i++) await probe.client.getPreferences()
    expect(retriedKinds(probe.events)).toContain('rate_limited')
    const waits = probe.events.flatMap((e) =>
      e.type === 'retry' && e.error.code === 'rate_limited' ? [e.delayMs] : [],
    )
    expect(waits.every((ms) => ms === 1000)).toBe(true)
  })

  it('not_saved, upstream_failed and unavailable are retried with the same key until the write lands once', async () => {
    sandbox.setFaults('not_saved=0.3,bad_gateway=0.2,unavailable=0.2,seed=9')
    const probe = probeClient(sandbox, { maxAttempts: 15 })
    const key = newIdempotencyKey()
    const result = await probe.client.putAvailability({ days: [2, 4], same_day: true }, { idempotencyKey: key })
    sandbox.setFaults('')
    expect(result).toMatchObject({ days: [2, 4], same_day: true })
    expect(retriedKinds(probe.events).length).toBeGreaterThan(0)
    const replay = await probeClient(sandbox).client.putAvailability(
      { days: [2, 4], same_day: true },
      { idempotencyKey: key },
    )
    expect(replay.replayed).toBe(true)
  })
})
