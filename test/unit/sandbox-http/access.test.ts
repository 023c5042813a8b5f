import { afterEach, describe, expect, it } from 'vitest'
import { startSandbox } from '../../../sandbox/server'
import { createFakeWorld } from './fake-world'
import { startHarness, TOKEN_ALL, TOKEN_EXPIRED, TOKEN_READ, type Harness } from './harness'

let h: Harness | null = null
afterEach(async () => {
  await h?.close()
  h = null
})

describe('bearer keys', () => {
  it('answers 401 invalid_principal identically for missing, malformed, unknown and expired keys', async () => {
    h = await startHarness()
    const answers = await Promise.all([
      h.call('GET', '/api/v1/me', { token: null }),
      h.call('GET', '/api/v1/me', { token: null, headers: { authorization: 'Basic dXNlcjpwYXNz' } }),
      h.call('GET', '/api/v1/me', { token: 'has spaces in it' }),
      h.call('GET', '/api/v1/me', { token: 'unknown-token-123' }),
      h.call('GET', '/api/v1/me', { token: TOKEN_EXPIRED }),
    ])
    for (const a of answers) {
      expect(a.status).toBe(401)
      expect(a.body).toEqual({
        ok: false,
        api_version: '1',
        error: 'invalid_principal',
        message: answers[0]?.body.message,
      })
    }
  })

  it('admits a valid key and tells the operation which key called', async () => {
    h = await startHarness()
    const a = await h.call('GET', '/api/v1/me', { token: TOKEN_READ })
    expect(a.status).toBe(200)
    expect(a.body).toMatchObject({
      ok: true,
      api_version: '1',
      key_id: '2',
      scopes: ['jobs:read', 'account:read'],
      expires_at: null,
    })
  })

  it('answers 403 insufficient_scope naming the missing scope, and runs nothing', async () => {
    h = await startHarness()
    const a = await h.call('POST', '/api/v1/jobs/accept', {
      token: TOKEN_READ,
      json: { job_ids: ['1'] },
      idem: 'scope-test-1',
    })
    expect(a.status).toBe(403)
    expect(a.body.error).toBe('insufficient_scope')
    expect(a.body.message).toContain('jobs:write')
    const b = await h.call('GET', '/api/v1/earnings?from=2025-01&to=2025-02', { token: TOKEN_READ })
    expect(b.status).toBe(403)
    expect(b.body.message).toContain('earnings:read')
    expect(h.world.calls).toEqual([])
  })

  it('expands * to every scope', async () => {
    h = await startHarness()
    const a = await h.call('GET', '/api/v1/me')
    expect(a.body.scopes).toEqual(
      expect.arrayContaining(['jobs:read', 'jobs:write', 'deliveries:write', 'consent:write', 'earnings:read']),
    )
    expect(a.body.scopes).toHaveLength(9)
  })
})

describe('rate limits', () => {
  it('limits requests per key per window with retry_after and Retry-After, then lets them through again', async () => {
    h = await startHarness({ rateLimit: { limit: 3, windowMs: 60_000 } })
    for (let i = 0; i < 3; i++) expect((await h.call('GET', '/api/v1/me')).status).toBe(200)
    h.clock.t += 15_000
    const refused = await h.call('GET', '/api/v1/me')
    expect(refused.status).toBe(429)
    expect(refused.body).toMatchObject({ error: 'rate_limited', retry_after: 45 })
    expect(refused.headers.get('retry-after')).toBe('45')
    // another key has its own bucket
    expect((await h.call('GET', '/api/v1/me', { token: TOKEN_READ })).status).toBe(200)
    h.clock.t += 45_000
    expect((await h.call('GET', '/api/v1/me')).status).toBe(200)
  })

  it('never answers retry_after below 1', async () => {
    h = await startHarness({ rateLimit: { limit: 1, windowMs: 60_000 } })
    await h.call('GET', '/api/v1/me')
    h.clock.t += 59_999
    const refused = await h.call('GET', '/api/v1/me')
    expect(refused.status).toBe(429)
    expect(refused.body.retry_after).toBe(1)
  })

  it('brakes an address after 20 failed authentications, with a message about failed authentications', async () => {
    h = await startHarness()
    for (let i = 0; i < 20; i++)
      expect((await h.call('GET', '/api/v1/me', { token: `wrong-token-${i}` })).status).toBe(401)
    const braked = await h.call('GET', '/api/v1/me', { token: 'wrong-token-x' })
    expect(braked.status).toBe(429)
    expect(braked.body.error).toBe('rate_limited')
    expect(braked.body.message).toMatch(/failed authentications/)
    expect(braked.body.retry_after).toBeGreaterThanOrEqual(1)
    // the brake holds the whole address, good keys included, until its window ends
    expect((await h.call('GET', '/api/v1/me', { token: TOKEN_ALL })).status).toBe(429)
    h.clock.t += 60_000
    expect((await h.call('GET', '/api/v1/me', { token: TOKEN_ALL })).status).toBe(200)
  })
})

describe('options', () => {
  it('mints a demo key with every scope when none is given, and binds 127.0.0.1 only', async () => {
    const sb = await startSandbox({ world: createFakeWorld(), log: () => {} })
    try {
      expect(sb.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      expect(sb.keys).toHaveLength(1)
      expect(sb.keys[0]?.scopes).toHaveLength(9)
      const res = await fetch(`${sb.url}/api/v1/me`, { headers: { authorization: `Bearer ${sb.keys[0]?.token}` } })
      expect(res.status).toBe(200)
    } finally {
      await sb.close()
    }
  })

  it.each([
    [{ keys: [{ token: 'short', scopes: '*' as const }] }, /8 to 512 characters/],
    [{ keys: [{ token: 'valid-token-1', scopes: ['jobs:delete'] }] }, /Unknown scope "jobs:delete"/],
    [
      {
        keys: [
          { token: 'valid-token-1', scopes: '*' as const },
          { token: 'valid-token-1', scopes: '*' as const },
        ],
      },
      /given twice/,
    ],
    [{ rateLimit: { limit: 0, windowMs: 1000 } }, /rate limit must be a whole number/],
    [{ faults: 'explode=1' }, /Unknown fault "explode"/],
    [{ port: 70000 }, /not a port number/],
  ])('refuses bad options with a clear sentence (%#)', async (opts, message) => {
    await expect(startSandbox({ world: createFakeWorld(), log: () => {}, ...opts })).rejects.toThrow(message)
  })

  it('says so when the port is taken', async () => {
    const first = await startSandbox({ world: createFakeWorld(), log: () => {} })
    try {
      await expect(startSandbox({ world: createFakeWorld(), port: first.port, log: () => {} })).rejects.toThrow(
        `Port ${first.port} on 127.0.0.1 is already in use.`,
      )
    } finally {
      await first.close()
    }
  })
})
