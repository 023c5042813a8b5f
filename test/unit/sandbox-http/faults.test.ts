import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createFaultInjector, parseFaultSpec } from '../../../sandbox/http/faults'
import { startHarness, TOKEN_ALL, type Harness } from './harness'

describe('fault SPEC', () => {
  it('parses every kind, latency units and the seed', () => {
    const spec = parseFaultSpec(
      'latency=300ms,rate_limited=0.1,not_saved=0.1,bad_gateway=0.05,unavailable=0.05,drop_before=0.1,drop_after=0.1,html=0.05,seed=7',
    )
    expect(spec).toEqual({
      latencyMs: 300,
      seed: 7,
      rates: {
        rate_limited: 0.1,
        not_saved: 0.1,
        bad_gateway: 0.05,
        unavailable: 0.05,
        drop_before: 0.1,
        drop_after: 0.1,
        html: 0.05,
      },
    })
    expect(parseFaultSpec('latency=1.5s').latencyMs).toBe(1500)
    expect(parseFaultSpec('latency=20').latencyMs).toBe(20)
    expect(parseFaultSpec('')).toEqual({ latencyMs: 0, rates: {}, seed: 1 })
  })

  it.each([
    ['explode=0.1', /Unknown fault "explode"/],
    ['not_saved', /must look like kind=value/],
    ['not_saved=1.5', /must be a number from 0 to 1/],
    ['not_saved=-0.1', /must be a number from 0 to 1/],
    ['not_saved=lots', /must be a number from 0 to 1/],
    ['latency=fast', /is not a duration/],
    ['latency=2min', /is not a duration/],
    ['seed=x', /seed "x" must be a whole number/],
    ['not_saved=0.6,html=0.6', /add up to 1.2; they must add up to at most 1/],
    ['html=0.1,html=0.2', /given more than once/],
  ])('refuses %j with a clear sentence', (text, message) => {
    expect(() => parseFaultSpec(text)).toThrow(message)
  })

  it('draws a reproducible sequence from the seed, near the given rates', () => {
    const draw = (seed: number): Array<string | null> => {
      const f = createFaultInjector(parseFaultSpec(`not_saved=0.2,html=0.1,seed=${seed}`))
      return Array.from({ length: 2000 }, () => f.next())
    }
    const a = draw(7)
    expect(draw(7)).toEqual(a)
    expect(draw(8)).not.toEqual(a)
    const share = (kind: string): number => a.filter((k) => k === kind).length / a.length
    expect(share('not_saved')).toBeGreaterThan(0.16)
    expect(share('not_saved')).toBeLessThan(0.24)
    expect(share('html')).toBeGreaterThan(0.07)
    expect(share('html')).toBeLessThan(0.13)
  })
})

describe('faults on the wire', () => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness({ rateLimit: { limit: 10_000, windowMs: 60_000 } })
  })
  afterAll(async () => h.close())
  beforeEach(() => {
    h.sb.setFaults('')
    h.world.calls.length = 0
  })
  let n = 0
  const write = () =>
    h.call('PUT', '/api/v1/consent', { json: { ai_word_fixes: 'ask', ai_versions: 'no' }, idem: `fault-key-${++n}-x` })

  it.each([
    ['rate_limited', 429, 'rate_limited'],
    ['not_saved', 500, 'not_saved'],
    ['bad_gateway', 502, 'upstream_failed'],
    ['unavailable', 503, 'unavailable'],
  ])('%s=1 answers %i %s and changes nothing', async (kind, status, code) => {
    h.sb.setFaults(`${kind}=1`)
    const a = await write()
    expect(a.status).toBe(status)
    expect(a.body.error).toBe(code)
    if (kind === 'rate_limited') {
      expect(a.body.retry_after).toBe(1)
      expect(a.headers.get('retry-after')).toBe('1')
    }
    expect(h.world.calls).toEqual([])
  })

  it('html=1 answers a proxy-style 502 HTML page', async () => {
    h.sb.setFaults('html=1')
    const a = await h.call('GET', '/api/v1/me')
    expect(a.status).toBe(502)
    expect(a.headers.get('content-type')).toMatch(/^text\/html/)
    expect(a.text).toMatch(/<html>[\s\S]*502 Bad Gateway/)
    expect(h.world.calls).toEqual([])
  })

  it('drop_before=1 closes the socket before anything runs', async () => {
    h.sb.setFaults('drop_before=1')
    await expect(write()).rejects.toThrow()
    expect(h.world.calls).toEqual([])
  })

  it('drop_after=1 runs the write, records its idempotency, then closes the socket without answering', async () => {
    h.sb.setFaults('drop_after=1')
    const key = 'dropped-after-key-1'
    await expect(
      h.call('PUT', '/api/v1/consent', { json: { ai_word_fixes: 'yes', ai_versions: 'ask' }, idem: key }),
    ).rejects.toThrow()
    expect(h.world.calls.map((c) => c.op)).toEqual(['putConsent'])
    h.sb.setFaults('')
    const retry = await h.call('PUT', '/api/v1/consent', {
      json: { ai_word_fixes: 'yes', ai_versions: 'ask' },
      idem: key,
    })
    expect(retry.status).toBe(200)
    expect(retry.body).toMatchObject({ replayed: true, consent: { ai_word_fixes: 'yes', ai_versions: 'ask' } })
    expect(h.world.calls).toHaveLength(1)
  })

  it('latency delays every request', async () => {
    h.sb.setFaults('latency=250ms')
    const t0 = performance.now()
    expect((await h.call('GET', '/api/v1/me')).status).toBe(200)
    expect(performance.now() - t0).toBeGreaterThanOrEqual(240)
  })

  it('applies to uploads too', async () => {
    h.sb.setFaults('unavailable=1')
    const res = await fetch(`${h.sb.url}/api/v1/uploads`, {
      method: 'POST',
      headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': '10', authorization: `Bearer ${TOKEN_ALL}` },
    })
    expect(res.status).toBe(503)
  })

  it('leaves short-lived links alone', async () => {
    const link = await h.call('GET', '/api/v1/attachments/5/download')
    h.sb.setFaults('bad_gateway=1')
    const res = await fetch(link.body.url as string)
    expect(res.status).toBe(200)
  })

  it('refuses a bad spec in setFaults and keeps the old one', async () => {
    h.sb.setFaults('not_saved=1')
    expect(() => h.sb.setFaults('not_saved=2')).toThrow(/from 0 to 1/)
    expect((await write()).status).toBe(500)
  })
})
