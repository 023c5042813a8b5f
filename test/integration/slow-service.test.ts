/**
 * A service that turns slow in the middle of a session: Booth's core between the fault proxy and a real
 * sandbox, signed in and online. Opening a job Booth has a saved copy of never waits for a stall or a
 * Retry-After the client would sleep through (the saved copy answers, the poll brings the live one), and
 * a job with no saved copy behind an hour's Retry-After says until when, not "cannot reach".
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { JobListView } from '../../shared/bridge'
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

const KEY = 'slow-key-0123456789'
let sandbox: TestSandbox
let proxy: FaultProxy
let t: TestCore
let opened: string

beforeAll(async () => {
  sandbox = await startTestSandbox({
    dataDir: await tempDir('slow-sandbox'),
    keys: [{ token: KEY, scopes: '*' }],
    rateLimit: { limit: 100_000, windowMs: 60_000 },
  })
  proxy = await startFaultProxy({ upstream: sandbox.url, maxStallMs: 60_000 })
  t = await makeCore({
    dataDir: await tempDir('slow-core'),
    secrets: new MemorySecretStore(),
    intervals: { ...FAST_POLL, idleMs: 1_500 },
  })
  await t.core.start({ autoDemo: false })
  await t.core.handlers.signIn({ baseUrl: proxy.url, apiKey: KEY })
  await pollOnce(t)
  opened = (await t.core.handlers.listJobs(PENDING)).items[0]?.job_id as string
  expect((await t.core.handlers.getJob({ jobId: opened })).source).toBe('live') // now saved
})
afterEach(async () => {
  proxy.clearRules()
  // Back to normal: the service answers again and the open job is live.
  await waitFor(
    'the service to be known to answer',
    async () => (await t.core.handlers.getJob({ jobId: opened })).source === 'live',
    20_000,
  )
})
afterAll(async () => {
  await t.core.close()
  await proxy.close()
  await sandbox.close()
  await removeTempDirs()
})

describe('opening a saved job while the service turns slow', () => {
  const faults: Array<[string, Fault]> = [
    ['an answer that never comes', { type: 'stall' }],
    ['a Retry-After of 45 s (which the client would sleep through)', { type: 'retry_after', seconds: 45 }],
  ]
  for (const [what, fault] of faults) {
    it(`${what}: the saved copy answers within seconds, and the live job follows once the service answers`, async () => {
      proxy.addRule({ method: 'GET', path: `/api/v1/jobs/${opened}`, fault })
      const asked = Date.now()
      const view = await t.core.handlers.getJob({ jobId: opened })
      expect(view.source).toBe('cache')
      expect(Date.now() - asked).toBeLessThan(10_000) // the budget is 4 s; a stall or the wait would take 20-45 s
      expect(view.job.job_id).toBe(opened)
      proxy.clearRules()
      await waitFor(
        'the live job',
        async () => (await t.core.handlers.getJob({ jobId: opened })).source === 'live',
        20_000,
      )
    })
  }

  it('a list change behind a stall answers the saved list within seconds', async () => {
    proxy.addRule({ method: 'GET', path: '/api/v1/jobs', fault: { type: 'stall' } })
    const asked = Date.now()
    const list: JobListView = await t.core.handlers.listJobs(PENDING)
    expect(list.source).toBe('cache')
    expect(Date.now() - asked).toBeLessThan(10_000)
  })
})

describe("a job with no saved copy behind an hour's Retry-After", () => {
  it('says until when the service asked Booth to wait', async () => {
    const never = sandbox.world.state().jobs.find((j) => j.status !== 'pending' && j.job_id !== opened)
      ?.job_id as string
    proxy.addRule({ method: 'GET', path: `/api/v1/jobs/${never}`, fault: { type: 'retry_after', seconds: 3600 } })
    const asked = Date.now()
    await expect(t.core.handlers.getJob({ jobId: never })).rejects.toThrow(
      /^The service asked Booth to wait until \d\d:\d\d(?: \S+)?, and Booth has no saved copy of this job yet\. Open it again then\.$/,
    )
    expect(Date.now() - asked).toBeLessThan(5_000)
  })
})
