/**
 * When Booth's core polls a real sandbox: on a poke and on focus; spaced out with back-off while the
 * service answers 503 (the connectivity event says why); after a Retry-After; never while the machine
 * sleeps or is offline, and again soon after it wakes or comes back.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Connectivity } from '../../shared/bridge'
import {
  listRequests,
  makeCore,
  removeTempDirs,
  settle,
  sleep,
  startTestSandbox,
  tempDir,
  waitFor,
  type TestCore,
  type TestSandbox,
} from './harness'

const KEY = 'poll-key-0123456789'
let sandbox: TestSandbox
let t: TestCore

beforeAll(async () => {
  sandbox = await startTestSandbox({ dataDir: await tempDir('poll-sandbox'), keys: [{ token: KEY, scopes: '*' }] })
})
beforeEach(async () => {
  t = await makeCore({ dataDir: await tempDir('poll-core') })
  await t.core.start({ autoDemo: false })
  await t.core.handlers.signIn({ baseUrl: sandbox.url, apiKey: KEY })
  await waitFor('the first poll after sign-in', () => listRequests(t.requests).length === 1)
  await settle(t)
})
afterEach(async () => {
  sandbox.setFaults('')
  await t.core.close()
})
afterAll(async () => {
  await sandbox.close()
  await removeTempDirs()
})

const lists = () => listRequests(t.requests).length
const lastConnectivity = () => t.eventsOf<Connectivity>('connectivity').at(-1)

describe('what makes the core poll', () => {
  it('polls once on sign-in, then not again on its own within the idle interval', async () => {
    await waitFor('the first poll', () => lists() >= 1 && lastConnectivity()?.lastOkAt)
    await sleep(300)
    expect(lists()).toBe(1)
    expect(lastConnectivity()).toMatchObject({ online: true, problem: null })
    expect(lastConnectivity()?.lastOkAt).toBeGreaterThan(0)
    expect(lastConnectivity()?.nextPollAt).toBeGreaterThan(Date.now() + 50_000)
  })

  it('polls on refreshNow (a poke) and on window focus', async () => {
    await t.core.handlers.refreshNow({})
    await waitFor('a poll after the poke', () => lists() === 2)
    await settle(t)
    t.core.focus()
    t.core.focus()
    await waitFor('a poll after focus', () => lists() === 3)
    await settle(t)
    expect(lists()).toBe(3)
  })
})

describe('a failing service', () => {
  it('backs off while it answers 503 and says so; recovers when it answers again', async () => {
    sandbox.setFaults('unavailable=1')
    await t.core.handlers.refreshNow({})
    const problem = await waitFor('a connectivity problem', () =>
      t.eventsOf<Connectivity>('connectivity').find((c) => c.problem !== null),
    )
    expect(problem).toMatchObject({ online: false, problem: 'The service is unreachable or not set up right now.' })
    const from = listRequests(t.requests).length - 1
    await sleep(1_300)
    const failed = listRequests(t.requests).slice(from)
    // Back-off 25, 50, 100, 200, 400, 800 ms (random 0.5 of 50 ms × 2^n): a handful, not hundreds.
    expect(failed.length).toBeGreaterThanOrEqual(4)
    expect(failed.length).toBeLessThanOrEqual(8)
    const gaps = failed.slice(1).map((r, i) => r.at - (failed[i]?.at ?? 0))
    // Each wait at least as long as the one before (give or take a slow request), the last far longer.
    for (let i = 1; i < gaps.length; i++) expect(gaps[i]).toBeGreaterThan((gaps[i - 1] ?? 0) - 15)
    expect(gaps.at(-1)).toBeGreaterThan(4 * (gaps[0] ?? 0))
    expect(lastConnectivity()?.online).toBe(false)

    sandbox.setFaults('')
    await waitFor('a successful poll', () => lastConnectivity()?.problem === null && lastConnectivity()?.online, 3_000)
    const ok = lastConnectivity()
    expect(ok?.lastOkAt).toBeGreaterThanOrEqual(failed.at(-1)?.at ?? 0)
  })

  it('waits as long as a 429 Retry-After asks before polling again, even when poked', async () => {
    sandbox.setFaults('rate_limited=1')
    await t.core.handlers.refreshNow({})
    await waitFor('the refused poll', () => lists() === 2)
    const refusedAt = listRequests(t.requests)[1]?.at ?? 0
    sandbox.setFaults('')
    await sleep(50)
    await t.core.handlers.refreshNow({})
    await sleep(600)
    expect(lists()).toBe(2)
    await waitFor('the poll after the wait', () => lists() === 3, 2_000)
    expect((listRequests(t.requests)[2]?.at ?? 0) - refusedAt).toBeGreaterThanOrEqual(950)
  })
})

describe('sleep and network', () => {
  it('sends nothing while the machine sleeps, and polls soon after it wakes', async () => {
    t.power.emit('suspend')
    const sent = t.requests.length
    await t.core.handlers.refreshNow({})
    t.core.focus()
    await sleep(400)
    expect(t.requests.length).toBe(sent)
    t.power.emit('resume')
    await waitFor('a poll after resume', () => lists() === 2)
  })

  it('says the computer is offline and sends nothing until it is back', async () => {
    t.online.set(false)
    expect(lastConnectivity()).toMatchObject({ online: false, problem: 'This computer is offline.', nextPollAt: null })
    const sent = t.requests.length
    await t.core.handlers.refreshNow({})
    await sleep(300)
    expect(t.requests.length).toBe(sent)
    t.online.set(true)
    await waitFor('a poll once online', () => lists() === 2)
    await waitFor('connectivity to clear', () => lastConnectivity()?.online === true)
  })
})
