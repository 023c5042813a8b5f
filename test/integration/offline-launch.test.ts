/**
 * Launching on a plane and landing: Booth's core between the fault proxy and a real sandbox. The key is
 * in the keychain and the jobs were saved on an earlier run; then Booth starts while the service is
 * down (refused), hanging, failing with 5xx, behind a proxy's HTML page, or refusing the key.
 */
import { readFile } from 'node:fs/promises'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Connectivity, JobListView, SessionState } from '../../shared/bridge'
import type { DeliveryQueueView } from '../../shared/bridge-takes'
import { KEYCHAIN_ACCOUNT } from '../../main/session/session-service'
import { makeAudio } from '../support/audio-fixtures'
import { startFaultProxy, type Fault, type FaultProxy } from '../support/fault-proxy'
import {
  FAST_POLL,
  makeCore,
  MemorySecretStore,
  PENDING,
  pollOnce,
  removeTempDirs,
  startTestSandbox,
  tempDir,
  waitFor,
  type TestCore,
  type TestSandbox,
} from './harness'

const KEY = 'plane-key-0123456789'
const GONE = 'gone-key-0123456789'
let sandbox: TestSandbox
let proxy: FaultProxy
const cores: TestCore[] = []

beforeAll(async () => {
  // These launches poll often; the rate limit is not what is tested here.
  sandbox = await startTestSandbox({
    dataDir: await tempDir('launch-sandbox'),
    keys: [{ token: KEY, scopes: '*' }],
    rateLimit: { limit: 100_000, windowMs: 60_000 },
  })
  proxy = await startFaultProxy({ upstream: sandbox.url, maxStallMs: 30_000 })
})
afterEach(async () => {
  proxy.clearRules()
  await proxy.up()
  await Promise.all(cores.splice(0).map((t) => t.core.close()))
})
afterAll(async () => {
  await proxy.close()
  await sandbox.close()
  await removeTempDirs()
})

/** A data folder and keychain as an earlier, online run left them: signed in, jobs and a script saved. */
async function earlierRun(apiKey = KEY): Promise<{ dataDir: string; secrets: MemorySecretStore; jobId: string }> {
  const dataDir = await tempDir('launch-core')
  const secrets = new MemorySecretStore()
  const t = await makeCore({ dataDir, secrets })
  await t.core.start({ autoDemo: false })
  await t.core.handlers.signIn({ baseUrl: proxy.url, apiKey })
  await pollOnce(t)
  await t.core.handlers.listJobs(PENDING)
  let jobId: string | null = null
  for (const j of sandbox.world
    .state()
    .jobs.filter((x) => x.status === 'pending' && x.script.kind === 'typed' && x.pronunciations.length > 0)) {
    const view = await t.core.handlers.getJob({ jobId: j.job_id })
    if (view.job.can.deliver) {
      jobId = j.job_id
      break
    }
  }
  if (!jobId) throw new Error('the seed world has no pending typed job with pronunciations that can take a delivery')
  await t.core.close()
  return { dataDir, secrets, jobId }
}

async function launch(dataDir: string, secrets: MemorySecretStore): Promise<TestCore> {
  const t = await makeCore({ dataDir, secrets, intervals: { ...FAST_POLL, idleMs: 1_500 } })
  cores.push(t)
  await t.core.start({ autoDemo: false })
  return t
}

describe('launch with the service down, then back', () => {
  it('stays signed in, shows the saved list and job at once, says it is offline, queues a take, then catches up by itself', async () => {
    const earlier = await earlierRun()
    await proxy.down()
    const startedAt = Date.now()
    const t = await launch(earlier.dataDir, earlier.secrets)

    const session = t.core.session.get()
    expect(session).toMatchObject({ mode: 'signed_in', baseUrl: proxy.url })
    expect(session.account?.name).toMatch(/\S/)
    const list = await t.core.handlers.listJobs(PENDING)
    expect(Date.now() - startedAt).toBeLessThan(3_000)
    expect(list.source).toBe('cache')
    expect(list.items.length).toBeGreaterThan(0)
    expect(list.fetchedAt).toBeLessThan(startedAt)
    const offline = await waitFor('the offline notice', () =>
      t.eventsOf<Connectivity>('connectivity').find((c) => !c.online && c.problem),
    )
    expect(offline.problem).toMatch(/\S/)
    expect(t.eventsOf<SessionState>('session').every((s) => s.mode === 'signed_in')).toBe(true)

    const job = await t.core.handlers.getJob({ jobId: earlier.jobId })
    expect(job.source).toBe('cache')
    expect(job.job.script.kind).toBe('typed')
    expect(job.job.pronunciations.length).toBeGreaterThan(0)
    expect((await readFile(job.scriptDocumentPath as string)).subarray(0, 5).toString('latin1')).toBe('%PDF-')

    // Recording starts at once from the saved job (no wait on the service) and names the take after it.
    const recordAt = Date.now()
    const { takeId } = await t.core.handlers.startRecording({ jobId: earlier.jobId, sampleRate: 48000, channels: 1 })
    const pcm = new Float32Array(4800).map((_, i) => 0.2 * Math.sin(i / 10))
    await t.core.handlers.appendRecording({ takeId, pcmBase64: Buffer.from(pcm.buffer).toString('base64') })
    const recorded = await t.core.handlers.stopRecording({ takeId })
    expect(Date.now() - recordAt).toBeLessThan(4_000)
    expect(recorded).toMatchObject({ state: 'ready', job_id: earlier.jobId, spot_length_s: job.job.length_s })
    // The name keeps the key number's own hyphens, which the API's stem runs together.
    expect(recorded.file_name.replaceAll('-', '').startsWith(job.job.suggested_stem.replaceAll('-', ''))).toBe(true)

    const wav = await makeAudio(earlier.dataDir, 'plane-take', [{ kind: 'tone', seconds: 1, dbfs: -14 }])
    const take = await t.core.handlers.importTake({ jobId: earlier.jobId, path: wav })
    await t.core.handlers.deliverTake({ takeId: take.id, label: 'main', note: 'recorded on a plane' })
    await waitFor(
      'the take to wait visibly in the queue',
      () =>
        t
          .eventsOf<DeliveryQueueView>('deliveryQueue')
          .find((v) =>
            v.items.some((i) => i.takeId === take.id && i.status === 'waiting' && i.attempts > 0 && i.message),
          ),
      20_000,
    )
    const before = sandbox.world.state().jobs.find((j) => j.job_id === earlier.jobId)?.deliveries.length ?? 0

    await proxy.up()
    const backAt = Date.now()
    const live = await waitFor(
      'the live list',
      () => t.eventsOf<JobListView>('jobs').find((v) => v.source === 'live'),
      10_000,
    )
    expect(live.fetchedAt).toBeGreaterThanOrEqual(backAt)
    await waitFor(
      'the queue to drain',
      () => t.core.handlers.listDeliveryQueue({}).then((v) => v.items.length === 0),
      15_000,
    )
    expect(t.eventsOf<Connectivity>('connectivity').at(-1)).toMatchObject({ online: true, problem: null })
    const deliveries = sandbox.world.state().jobs.find((j) => j.job_id === earlier.jobId)?.deliveries ?? []
    expect(deliveries.length).toBe(before + 1)
    expect(deliveries.at(-1)?.note).toBe('recorded on a plane')
  }, 60_000) // Its own waits (each named) add up to more than the default 30 s on a busy machine.
})

describe('transient faults at launch never sign Booth out', () => {
  const faults: Array<[string, Fault]> = [
    ['a 503', { type: 'retry_after', status: 503, seconds: 1 }],
    ['a proxy page', { type: 'html', status: 502 }],
    ["a captive portal's 401 page (not the service refusing the key)", { type: 'html', status: 401 }],
    ['a reset connection', { type: 'reset' }],
    ['an answer that never comes', { type: 'stall' }],
  ]
  for (const [what, fault] of faults) {
    it(`${what}: signed in with the saved list at once, and the account confirmed once the service answers`, async () => {
      const earlier = await earlierRun()
      proxy.addRule({ fault })
      const t = await launch(earlier.dataDir, earlier.secrets)
      expect(t.core.session.get().mode).toBe('signed_in')
      expect((await t.core.handlers.listJobs(PENDING)).source).toBe('cache')
      await waitFor(
        'a failed check',
        () => proxy.requests.some((r) => r.fault === fault.type && r.path === '/api/v1/me'),
        8_000,
      )
      expect(t.core.session.get().mode).toBe('signed_in')
      proxy.clearRules()
      await waitFor('the live list', () => t.eventsOf<JobListView>('jobs').find((v) => v.source === 'live'), 15_000)
      expect(t.core.session.isVerified()).toBe(true)
      expect(t.eventsOf<SessionState>('session').every((s) => s.mode === 'signed_in')).toBe(true)
    })
  }

  it('a 401 at launch (the key was revoked) is the one answer that ends the session', async () => {
    const keyed = await startTestSandbox({
      dataDir: await tempDir('launch-gone'),
      keys: [{ token: GONE, scopes: '*' }],
    })
    const front = await startFaultProxy({ upstream: keyed.url })
    try {
      const dataDir = await tempDir('launch-core-gone')
      const secrets = new MemorySecretStore()
      const first = await makeCore({ dataDir, secrets })
      await first.core.start({ autoDemo: false })
      await first.core.handlers.signIn({ baseUrl: front.url, apiKey: GONE })
      await first.core.close()
      expect(secrets.entries.get(KEYCHAIN_ACCOUNT)).toBe(GONE)
      await keyed.close()
      const other = await startTestSandbox({
        dataDir: await tempDir('launch-other'),
        keys: [{ token: KEY, scopes: '*' }],
        port: Number(new URL(keyed.url).port),
      })
      try {
        const t = await launch(dataDir, secrets)
        await waitFor('the key to be refused', () => t.core.session.get().mode === 'key_rejected', 8_000)
        expect(t.eventsOf<SessionState>('session').map((s) => s.mode)).toEqual(['signed_in', 'key_rejected'])
      } finally {
        await other.close()
      }
    } finally {
      await front.close()
    }
  })
})

describe('a Retry-After of an hour', () => {
  it('parks polling until then, says until when, and every screen keeps working from the saved copies', async () => {
    const earlier = await earlierRun()
    proxy.addRule({ fault: { type: 'retry_after', seconds: 3600 } })
    const t = await launch(earlier.dataDir, earlier.secrets)
    const parked = await waitFor(
      'the parked wait',
      () => t.eventsOf<Connectivity>('connectivity').find((c) => (c.waitUntil ?? 0) > 0),
      8_000,
    )
    expect(parked.waitUntil).toBeGreaterThan(Date.now() + 3_590_000)
    expect(parked.online).toBe(false)
    const sent = proxy.requests.length
    expect((await t.core.handlers.listJobs(PENDING)).source).toBe('cache')
    expect((await t.core.handlers.getJob({ jobId: earlier.jobId })).source).toBe('cache')
    await t.core.handlers.refreshNow({}) // "Try now" does not cut short a wait the service asked for
    await new Promise((r) => setTimeout(r, 500))
    expect(proxy.requests.length).toBe(sent)
    expect(t.core.session.get().mode).toBe('signed_in')
  })
})
