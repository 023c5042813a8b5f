/**
 * A service that answers, but with an answer too large to read (50 MiB of JSON through Booth's fault
 * proxy, in front of a real sandbox): Booth says the answer was too large, never that it cannot reach
 * the service, and it does not call itself offline.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Connectivity } from '../../shared/bridge'
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy'
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

const KEY = 'too-large-key-0123456789'
const MIB = 1024 * 1024
let sandbox: TestSandbox
let proxy: FaultProxy
let t: TestCore

beforeAll(async () => {
  sandbox = await startTestSandbox({
    dataDir: await tempDir('large-sandbox'),
    keys: [{ token: KEY, scopes: '*' }],
    rateLimit: { limit: 100_000, windowMs: 60_000 },
  })
  proxy = await startFaultProxy({ upstream: sandbox.url })
  t = await makeCore({ dataDir: await tempDir('large-core'), secrets: new MemorySecretStore(), intervals: FAST_POLL })
  await t.core.start({ autoDemo: false })
  await t.core.handlers.signIn({ baseUrl: proxy.url, apiKey: KEY })
  await pollOnce(t)
})
afterAll(async () => {
  await t.core.close()
  await proxy.close()
  await sandbox.close()
  await removeTempDirs()
})

describe('a 50 MiB answer', () => {
  it('opening a job Booth has no saved copy of: "the answer is larger than Booth accepts", not "cannot reach"', async () => {
    const never = sandbox.world.state().jobs.find((j) => j.status === 'completed')?.job_id as string
    proxy.addRule({ method: 'GET', path: `/api/v1/jobs/${never}`, fault: { type: 'oversized', bytes: 50 * MIB } })
    const failure = await t.core.handlers.getJob({ jobId: never }).then(
      () => null,
      (err: unknown) => err as Error,
    )
    expect(failure?.message).toMatch(
      new RegExp(
        String.raw`^127\.0\.0\.1:\d+ answered, but the answer is larger than Booth accepts \(8 MiB\), so it ` +
          String.raw`was refused before it was read whole\. Booth has no saved copy of this job yet\.$`,
      ),
    )
    expect(failure?.message).not.toMatch(/cannot reach|offline/i)
    proxy.clearRules()
  })

  it('as the job list of a poll: the status says the answer could not be used, not offline', async () => {
    proxy.addRule({
      method: 'GET',
      path: '/api/v1/jobs',
      fault: { type: 'oversized', bytes: 50 * MIB, declareLength: true },
    })
    const before = t.eventsOf<Connectivity>('connectivity').length
    await t.core.handlers.refreshNow({})
    const state = await waitFor("the failed poll's connectivity", () =>
      t
        .eventsOf<Connectivity>('connectivity')
        .slice(before)
        .find((c) => c.problem !== null),
    )
    expect(state.online).toBe(true)
    expect(state.problem).toMatch(/answered, but the answer is larger than Booth accepts \(8 MiB\)/)
    // The list still opens, from the saved copy.
    expect((await t.core.handlers.listJobs(PENDING)).items.length).toBeGreaterThan(0)
    proxy.clearRules()
    await waitFor(
      'the service to answer usably again',
      () => t.eventsOf<Connectivity>('connectivity').at(-1)?.problem === null,
      20_000,
    )
  })
})
