/**
 * Quitting while the service has gone silent mid-poll: Booth's core between the fault proxy and a real
 * sandbox. The job list refresh under way is ended by the quit (it would otherwise wait out its idle
 * timeout, then retry), so close() returns without naming a step it is still waiting for.
 */
import { afterAll, expect, it } from 'vitest'
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy'
import {
  FAST_POLL,
  makeCore,
  MemorySecretStore,
  pollOnce,
  removeTempDirs,
  startTestSandbox,
  tempDir,
  waitFor,
  type TestSandbox,
} from './harness'

const KEY = 'quit-key-0123456789'
let sandbox: TestSandbox
let proxy: FaultProxy

afterAll(async () => {
  await proxy?.close()
  await sandbox?.close()
  await removeTempDirs()
})

it('a poll stalled by a silent service does not hold up quitting', async () => {
  sandbox = await startTestSandbox({
    dataDir: await tempDir('quit-sandbox'),
    keys: [{ token: KEY, scopes: '*' }],
    rateLimit: { limit: 100_000, windowMs: 60_000 },
  })
  proxy = await startFaultProxy({ upstream: sandbox.url, maxStallMs: 120_000 })
  const t = await makeCore({
    dataDir: await tempDir('quit-core'),
    secrets: new MemorySecretStore(),
    intervals: { ...FAST_POLL, idleMs: 600_000 },
    timeoutMs: 60_000,
    retry: { maxAttempts: 3 },
  })
  await t.core.start({ autoDemo: false })
  await t.core.handlers.signIn({ baseUrl: proxy.url, apiKey: KEY })
  await pollOnce(t)

  proxy.addRule({ method: 'GET', path: '/api/v1/jobs', fault: { type: 'stall' } })
  const before = proxy.requests.length
  void t.core.handlers.refreshNow({})
  await waitFor('the poll to reach the stalled list', () =>
    proxy.requests.slice(before).some((r) => r.fault === 'stall'),
  )

  const asked = Date.now()
  await t.core.close()
  // Booth's client timeouts (60 s, 20 s idle) and retries: a quit that waited them out would take 20 s or more.
  expect(Date.now() - asked).toBeLessThan(10_000)
  expect(t.logged.filter((e) => e.message.startsWith('quitting is still waiting'))).toEqual([])
}, 60_000)
