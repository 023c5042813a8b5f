/**
 * Sign-in through Booth's core against a real sandbox: what the session shows, refusals, warnings,
 * missing scopes, sign-out, and a key the service stops accepting while Booth polls.
 */
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { KEYCHAIN_ACCOUNT } from '../../main/session/session-service'
import type { SessionState } from '../../shared/bridge'
import {
  listRequests,
  makeCore,
  MemorySecretStore,
  PENDING,
  pollOnce,
  removeTempDirs,
  settle,
  sleep,
  startTestSandbox,
  tempDir,
  waitFor,
  type TestCore,
  type TestSandbox,
} from './harness'

const DAY = 86_400_000
const FULL = 'full-key-0123456789'
const SOON = 'soon-key-0123456789'
const NARROW = 'narrow-key-0123456789'
const NO_JOBS = 'no-jobs-key-0123456789'

let sandbox: TestSandbox
const cores: TestCore[] = []

beforeAll(async () => {
  sandbox = await startTestSandbox({
    dataDir: await tempDir('session-sandbox'),
    keys: [
      { token: FULL, scopes: '*' },
      { token: SOON, scopes: '*', expiresAt: Date.now() + 3 * DAY - 60_000 },
      { token: NARROW, scopes: ['jobs:read'] },
      { token: NO_JOBS, scopes: ['earnings:read', 'account:read'] },
    ],
  })
})
afterEach(async () => {
  await Promise.all(cores.splice(0).map((t) => t.core.close()))
})
afterAll(async () => {
  await sandbox.close()
  await removeTempDirs()
})

async function startedCore(): Promise<TestCore & { dataDir: string; secrets: MemorySecretStore }> {
  const dataDir = await tempDir('session-core')
  const secrets = new MemorySecretStore()
  const t = await makeCore({ dataDir, secrets })
  cores.push(t)
  await t.core.start({ autoDemo: false })
  return { ...t, dataDir, secrets }
}

describe('a key without jobs:read', () => {
  it('signs in, says the job list is off, and polls nothing (no stream of 403s)', async () => {
    const t = await startedCore()
    const state = await t.core.handlers.signIn({ baseUrl: sandbox.url, apiKey: NO_JOBS })
    expect(state.mode).toBe('signed_in')
    expect(state.missingScopes.map((m) => m.scope)).toContain('jobs:read')
    expect(state.warnings.join(' ')).toMatch(/jobs:read.*job list/)
    t.core.focus()
    await sleep(400)
    expect(listRequests(t.requests)).toEqual([])
  })
})

describe('sign-in through the core', () => {
  it('shows name, email, scopes and expiry; stores the key and the base URL but never the key in a file', async () => {
    const t = await startedCore()
    expect(t.core.session.get().mode).toBe('signed_out')
    const state = await t.core.handlers.signIn({ baseUrl: `${sandbox.url}/api/v1/`, apiKey: `  ${FULL}  ` })
    expect(state.mode).toBe('signed_in')
    expect(state.baseUrl).toBe(sandbox.url)
    expect(state.account).toMatchObject({ keyId: '1', expiresAt: null })
    expect(state.account?.name).toMatch(/\S/)
    expect(state.account?.email).toMatch(/^[^@\s]+@[^@\s]+$/)
    expect(state.account?.scopes).toEqual(
      expect.arrayContaining(['jobs:read', 'jobs:write', 'account:read', 'consent:write']),
    )
    expect(state.warnings).toEqual([])
    expect(state.missingScopes).toEqual([])
    expect(t.secrets.entries.get(KEYCHAIN_ACCOUNT)).toBe(FULL)
    const settings = await readFile(join(t.dataDir, 'settings.json'), 'utf8')
    expect(JSON.parse(settings)).toMatchObject({ baseUrl: sandbox.url })
    expect(settings).not.toContain(FULL)
    expect(t.eventsOf<SessionState>('session').at(-1)).toEqual(state)
    expect(await t.core.handlers.getSession({})).toEqual(state)
  })

  it('refuses a wrong key in plain words and stores nothing', async () => {
    const t = await startedCore()
    const error = await t.core.handlers
      .signIn({ baseUrl: sandbox.url, apiKey: 'wrong-key-0123456789' })
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ kind: 'key_refused', status: 401 })
    expect((error as Error).message).toBe(
      'The service did not accept this API key. Check that it was copied whole and has not been revoked.',
    )
    expect(t.secrets.entries.size).toBe(0)
    expect(existsSync(join(t.dataDir, 'settings.json'))).toBe(false)
    expect(t.core.session.get().mode).toBe('signed_out')
    expect(t.requests.map((r) => r.path)).toEqual(['/api/v1/me'])
  })

  it('refuses an address that is not a web address before sending anything', async () => {
    const t = await startedCore()
    await expect(t.core.handlers.signIn({ baseUrl: 'ftp://example.test', apiKey: FULL })).rejects.toThrow(
      'The service address must start with https://.',
    )
    await expect(t.core.handlers.signIn({ baseUrl: 'not a url at all', apiKey: FULL })).rejects.toThrow(
      /not a web address/,
    )
    expect(t.requests).toEqual([])
  })

  it('warns about a key that expires in 3 days', async () => {
    const t = await startedCore()
    const state = await t.core.handlers.signIn({ baseUrl: sandbox.url, apiKey: SOON })
    expect(state.mode).toBe('signed_in')
    expect(state.account?.expiresAt).toBeGreaterThan(Date.now() + 2 * DAY)
    expect(state.warnings).toEqual(['This API key expires in 3 days. Ask for a new key before then.'])
  })

  it('names the features a key without some scopes turns off, and still signs in', async () => {
    const t = await startedCore()
    const state = await t.core.handlers.signIn({ baseUrl: sandbox.url, apiKey: NARROW })
    expect(state.mode).toBe('signed_in')
    expect(state.account?.scopes).toEqual(['jobs:read'])
    const missing = Object.fromEntries(state.missingScopes.map((m) => [m.scope, m.disables]))
    expect(Object.keys(missing).sort()).toEqual([
      'account:read',
      'account:write',
      'attachments:read',
      'consent:write',
      'deliveries:read',
      'deliveries:write',
      'earnings:read',
      'jobs:write',
    ])
    expect(missing['earnings:read']).toBe('earnings')
    expect(missing['deliveries:write']).toBe('uploading and delivering takes')
    expect(state.warnings).toContain('This key lacks earnings:read, so earnings are turned off.')
    expect(state.warnings).toContain(
      'This key lacks deliveries:write, so uploading and delivering takes are turned off.',
    )
    // What the key does allow still works.
    const list = await t.core.handlers.listJobs(PENDING)
    expect(list.source).toBe('live')
    expect(list.items.length).toBeGreaterThan(0)
  })

  it('sign-out removes the key from the store and clears the offline cache', async () => {
    const t = await startedCore()
    await t.core.handlers.signIn({ baseUrl: sandbox.url, apiKey: FULL })
    await t.core.handlers.watchJob({
      jobId: sandbox.world.state().jobs.find((j) => j.status === 'pending')?.job_id ?? null,
    })
    await pollOnce(t)
    await t.core.handlers.listJobs(PENDING)
    expect(existsSync(join(t.dataDir, 'cache', 'lists'))).toBe(true)
    expect(t.eventsOf('job')).not.toEqual([])
    const state = await t.core.handlers.signOut({})
    expect(state).toEqual({ mode: 'signed_out', baseUrl: null, account: null, warnings: [], missingScopes: [] })
    expect(t.secrets.entries.size).toBe(0)
    expect(existsSync(join(t.dataDir, 'cache'))).toBe(false)
    expect(JSON.parse(await readFile(join(t.dataDir, 'settings.json'), 'utf8'))).toMatchObject({ baseUrl: null })
    await expect(t.core.handlers.listJobs(PENDING)).rejects.toMatchObject({ kind: 'signed_out' })
    // A window opened (or reloaded) now is not handed the signed-out account's jobs as the latest state.
    const replayed: string[] = []
    t.core.hub.subscribe((event) => replayed.push(event))()
    expect(replayed).toContain('session')
    expect(replayed.filter((e) => e === 'jobs' || e === 'job')).toEqual([])
    // …and the badge no longer counts its overdue and due-today jobs.
    expect(t.badges.at(-2)).toBeGreaterThan(0)
    expect(t.badges.at(-1)).toBe(0)
    expect(t.eventsOf('badge').at(-1)).toEqual({ count: 0 })
    const sent = t.requests.length
    await t.core.handlers.refreshNow({})
    await sleep(200)
    expect(t.requests.length).toBe(sent)
  })

  it('sign-out while a poll is under way leaves no cache behind', async () => {
    const t = await startedCore()
    await t.core.handlers.signIn({ baseUrl: sandbox.url, apiKey: FULL })
    await settle(t)
    sandbox.setFaults('latency=300ms')
    try {
      await t.core.handlers.refreshNow({})
      const before = listRequests(t.requests).length
      await waitFor('a slow poll to start', () => listRequests(t.requests).length > before)
      await t.core.handlers.signOut({})
      const eventsAtSignOut = t.events.length
      await sleep(700)
      expect(existsSync(join(t.dataDir, 'cache'))).toBe(false)
      // Nor does the late answer reach the window as a job list or badge.
      expect(t.events.slice(eventsAtSignOut).filter((e) => e.event === 'jobs' || e.event === 'badge')).toEqual([])
      expect(t.badges.at(-1)).toBe(0)
    } finally {
      sandbox.setFaults('')
    }
  })
})

describe('sign-out while a poll is past its first list', () => {
  // The poll reads the pending list, then the list on screen (another tab here), then the open job; a
  // sign-out during either later read must not let the poll hand the signed-out account's list or job on.
  for (const stage of ['the list on screen', 'the open job'] as const) {
    it(`publishes neither jobs nor job once signed out during ${stage}`, async () => {
      const t = await startedCore()
      await t.core.handlers.signIn({ baseUrl: sandbox.url, apiKey: FULL })
      await t.core.handlers.watchJob({
        jobId: sandbox.world.state().jobs.find((j) => j.status === 'pending')?.job_id ?? null,
      })
      await t.core.handlers.listJobs({ ...PENDING, tab: 'completed' })
      await pollOnce(t)
      sandbox.setFaults('latency=300ms')
      try {
        const before = t.requests.length
        await t.core.handlers.refreshNow({})
        const reached = (r: { method: string; path: string; search: string }) =>
          r.method === 'GET' &&
          (stage === 'the open job'
            ? /\/jobs\/[^/]+$/.test(r.path)
            : r.path.endsWith('/jobs') && new URLSearchParams(r.search).get('tab') === 'completed')
        await waitFor(`the poll to ask for ${stage}`, () => t.requests.slice(before).some(reached), 20_000)
        await t.core.handlers.signOut({})
        const eventsAtSignOut = t.events.length
        await sleep(900)
        expect(t.events.slice(eventsAtSignOut).filter((e) => e.event === 'jobs' || e.event === 'job')).toEqual([])
        const replayed: string[] = []
        t.core.hub.subscribe((event) => replayed.push(event))()
        expect(replayed.filter((e) => e === 'jobs' || e === 'job')).toEqual([])
      } finally {
        sandbox.setFaults('')
      }
    })
  }
})

describe('a key the service stops accepting while Booth polls', () => {
  it('turns the session to key_rejected and stops polling', async () => {
    const dataDir = await tempDir('revoked-sandbox')
    const expiring = 'expiring-key-0123456789'
    const own = await startTestSandbox({
      dataDir,
      keys: [{ token: expiring, scopes: '*', expiresAt: Date.now() + 1_500 }],
    })
    try {
      const t = await startedCore()
      const state = await t.core.handlers.signIn({ baseUrl: own.url, apiKey: expiring })
      expect(state.mode).toBe('signed_in')
      expect(state.warnings).toEqual(['This API key expires in 1 day. Ask for a new key before then.'])
      await waitFor('the first poll', () => listRequests(t.requests).length >= 1)
      await settle(t)
      // Until the key expires, a poke polls.
      await pollOnce(t)
      await waitFor('the key to expire', () => Date.now() > (state.account?.expiresAt ?? 0) + 50, 3_000)
      await t.core.handlers.refreshNow({})
      const rejected = await waitFor('the session to become key_rejected', () =>
        t.eventsOf<SessionState>('session').find((s) => s.mode === 'key_rejected'),
      )
      expect(rejected.warnings).toEqual([
        'The service refused the API key: it was revoked or has expired. Enter a new key to go on.',
      ])
      expect(rejected.account?.keyId).toBe('1')
      expect(t.eventsOf<SessionState>('session').filter((s) => s.mode === 'key_rejected')).toHaveLength(1)
      expect(t.core.session.get().mode).toBe('key_rejected')
      // Polling has stopped: no poke, focus or wake sends anything more.
      const sent = t.requests.length
      await t.core.handlers.refreshNow({})
      t.core.focus()
      t.power.emit('resume')
      t.online.set(false)
      t.online.set(true)
      await sleep(400)
      expect(t.requests.length).toBe(sent)
      await expect(t.core.handlers.listJobs(PENDING)).rejects.toMatchObject({ kind: 'signed_out' })
    } finally {
      await own.close()
    }
  })

  it('also after the sandbox restarts without that key, and a new key polls again', async () => {
    const dataDir = await tempDir('restart-sandbox')
    const revoked = 'revoked-key-0123456789'
    const fresh = 'fresh-key-0123456789'
    let own = await startTestSandbox({ dataDir, keys: [{ token: revoked, scopes: '*' }] })
    const port = own.port
    try {
      const t = await startedCore()
      await t.core.handlers.signIn({ baseUrl: own.url, apiKey: revoked })
      await waitFor('the first poll', () => listRequests(t.requests).length >= 1)
      await settle(t)
      await own.close()
      own = await startTestSandbox({ dataDir, port, keys: [{ token: fresh, scopes: '*' }] })
      await t.core.handlers.refreshNow({})
      await waitFor('the session to become key_rejected', () => t.core.session.get().mode === 'key_rejected')
      const sent = t.requests.length
      await t.core.handlers.refreshNow({})
      await sleep(300)
      expect(t.requests.length).toBe(sent)
      // A new key brings polling back.
      const state = await t.core.handlers.signIn({ baseUrl: own.url, apiKey: fresh })
      expect(state.mode).toBe('signed_in')
      await waitFor('a poll with the new key', () => listRequests(t.requests.slice(sent)).length >= 1)
      expect(t.secrets.entries.get(KEYCHAIN_ACCOUNT)).toBe(fresh)
    } finally {
      await own.close()
    }
  })
})
