import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rawRequest, startHarness, TOKEN_ALL, type Harness } from './harness'

let h: Harness
beforeAll(async () => {
  h = await startHarness({ rateLimit: { limit: 10_000, windowMs: 60_000 } })
})
afterAll(async () => h.close())

const ids = (n: number): string[] => Array.from({ length: n }, (_, i) => String(i + 1))
let idemCounter = 0
const idem = (): string => `validation-key-${++idemCounter}`

describe('query values', () => {
  it('applies defaults and coerces types for a valid request', async () => {
    const a = await h.call('GET', '/api/v1/jobs')
    expect(a.status).toBe(200)
    expect(a.body).toMatchObject({ ok: true, api_version: '1', tab: 'pending', filter: 'all', page: 1, page_size: 25 })
    const input = h.world.calls.at(-1)?.input as { query: Record<string, unknown> }
    expect(input.query).toEqual({
      tab: 'pending',
      filter: 'all',
      customer_id: null,
      voice_id: null,
      q: null,
      page: 1,
      page_size: 25,
    })
    const b = await h.call('GET', '/api/v1/jobs?page=3&page_size=50&customer_id=12&q=bakery')
    expect(b.status).toBe(200)
    expect(b.body).toMatchObject({ page: 3, page_size: 50 })
    const input2 = h.world.calls.at(-1)?.input as { query: Record<string, unknown> }
    expect(input2.query).toMatchObject({ page: 3, page_size: 50, customer_id: '12', q: 'bakery' })
  })

  it.each([
    ['page=0', /"page" must be at least 1/],
    ['page=1001', /"page" must be at most 1000/],
    ['page=abc', /"page" must be a whole number/],
    ['page=1.5', /"page" must be a whole number/],
    ['page_size=30', /"page_size" must be one of 25, 50 or 100/],
    [`q=${'x'.repeat(101)}`, /"q" must be at most 100 characters/],
    ['tab=archived', /"tab" must be one of/],
    ['customer_id=007', /"customer_id" must be an id/],
    ['colour=red', /"colour" is not one this operation takes/],
    ['page=1&page=2', /"page" is given more than once/],
  ])('GET /jobs?%s → 400 naming the field', async (query, message) => {
    const a = await h.call('GET', `/api/v1/jobs?${query}`)
    expect(a.status).toBe(400)
    expect(a.body.error).toBe('bad_request')
    expect(a.body.message).toMatch(message)
  })

  it('accepts q of exactly 100 characters', async () => {
    expect((await h.call('GET', `/api/v1/jobs?q=${'x'.repeat(100)}`)).status).toBe(200)
  })

  it.each([
    ['from=2024-01&to=2026-01', /25 months; it may be at most 24/],
    ['from=2025-03&to=2025-01', /"from" must not be after "to"/],
    ['from=2025-13&to=2025-12', /"from" must be a month written YYYY-MM/],
    ['to=2025-01', /"from" is required/],
    ['from=2025-01&to=2025-02&customer_id=x', /"customer_id" must be an id/],
  ])('GET /earnings?%s → 400', async (query, message) => {
    const a = await h.call('GET', `/api/v1/earnings?${query}`)
    expect(a.status).toBe(400)
    expect(a.body.message).toMatch(message)
  })

  it('allows an earnings span of exactly 24 months', async () => {
    const a = await h.call('GET', '/api/v1/earnings?from=2024-01&to=2025-12')
    expect(a.status).toBe(200)
    expect(a.body).toMatchObject({ from: '2024-01', to: '2025-12' })
  })

  it('coerces a boolean query value and refuses a non-boolean one', async () => {
    const bad = await h.call('GET', '/api/v1/jobs/5/deliveries?with_urls=maybe')
    expect(bad.status).toBe(400)
    expect(bad.body.message).toMatch(/"with_urls" must be true or false/)
  })
})

describe('path values', () => {
  it.each(['0', '01', 'abc', '12345678901'])('GET /jobs/%s → 400', async (id) => {
    const a = await h.call('GET', `/api/v1/jobs/${id}`)
    expect(a.status).toBe(400)
    expect(a.body.message).toMatch(/Path value "job_id" must be an id/)
  })

  it('passes a valid id to the operation (its 404 comes through)', async () => {
    const a = await h.call('GET', '/api/v1/jobs/99')
    expect(a.status).toBe(404)
    expect(a.body).toMatchObject({ error: 'not_found', message: 'There is no job 99.' })
  })
})

describe('bodies', () => {
  const post = (path: string, json: unknown, key = true) =>
    h.call('POST', path, { json, ...(key ? { idem: idem() } : {}) })

  it.each([
    ['/api/v1/scripts/pdf', { job_ids: ids(26) }, /"job_ids" must hold at most 25 items/, false],
    ['/api/v1/scripts/pdf', { job_ids: [] }, /"job_ids" must hold at least 1 item/, false],
    ['/api/v1/scripts/pdf', {}, /"job_ids" is required/, false],
    ['/api/v1/jobs/accept', { job_ids: ids(101) }, /"job_ids" must hold at most 100 items/, true],
    ['/api/v1/jobs/accept', { job_ids: ['1', '1'] }, /"job_ids" must not list the same value twice/, true],
    ['/api/v1/jobs/accept', { job_ids: [1] }, /"job_ids\[0\]" must be text/, true],
    [
      '/api/v1/jobs/decline',
      { job_ids: ['1'], reason: 'r'.repeat(501) },
      /"reason" must be at most 500 characters/,
      true,
    ],
    ['/api/v1/jobs/decline', { job_ids: ['1'], reason: '' }, /"reason" must be at least 1 character long/, true],
    [
      '/api/v1/jobs/complete',
      { job_ids: ['1'], note: 'n'.repeat(1001) },
      /"note" must be at most 1000 characters/,
      true,
    ],
    ['/api/v1/jobs/accept', { job_ids: ['1'], extra: true }, /"extra" is not a field this operation takes/, true],
    ['/api/v1/jobs/accept', ['1'], /The request body must be an object/, true],
  ])('POST %s %j → 400', async (path, json, message, key) => {
    const before = h.world.calls.length
    const a = await post(path, json, key)
    expect(a.status).toBe(400)
    expect(a.body.error).toBe('bad_request')
    expect(a.body.message).toMatch(message)
    expect(h.world.calls.length).toBe(before)
  })

  it('accepts the largest valid batches', async () => {
    expect((await post('/api/v1/scripts/pdf', { job_ids: ids(25) }, false)).status).toBe(200)
    expect((await post('/api/v1/jobs/accept', { job_ids: ids(100) })).status).toBe(200)
    expect((await post('/api/v1/jobs/decline', { job_ids: ['1'], reason: 'r'.repeat(500) })).status).toBe(200)
  })

  it('refuses broken JSON with 400', async () => {
    const a = await h.call('POST', '/api/v1/jobs/accept', {
      rawBody: '{"job_ids": [',
      headers: { 'content-type': 'application/json' },
      idem: idem(),
    })
    expect(a.status).toBe(400)
    expect(a.body.message).toMatch(/not valid JSON/)
  })

  it('refuses a missing body with 400', async () => {
    const a = await h.call('PUT', '/api/v1/consent', { idem: idem() })
    expect(a.status).toBe(400)
    expect(a.body.message).toMatch(/needs a JSON body/)
  })

  it('refuses a body that is not JSON with 415', async () => {
    const a = await h.call('POST', '/api/v1/jobs/accept', {
      rawBody: 'job_ids=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      idem: idem(),
    })
    expect(a.status).toBe(415)
    expect(a.body.error).toBe('unsupported_media_type')
    const b = await h.call('POST', '/api/v1/jobs/accept', {
      rawBody: '{"job_ids":["1"]}',
      headers: { 'content-type': 'text/plain' },
      idem: idem(),
    })
    expect(b.status).toBe(415)
  })

  it('accepts application/json with a charset', async () => {
    const a = await h.call('POST', '/api/v1/jobs/accept', {
      json: { job_ids: ['4'] },
      headers: { 'content-type': 'application/json; charset=utf-8' },
      idem: idem(),
    })
    expect(a.status).toBe(200)
  })

  it('refuses a JSON body over 256 KB with 413', async () => {
    const big = { job_ids: ['1'], reason: 'x'.repeat(300 * 1024) }
    const a = await post('/api/v1/jobs/decline', big)
    expect(a.status).toBe(413)
    expect(a.body.error).toBe('payload_too_large')
  })

  it('refuses a body on an operation that takes none', async () => {
    const a = await rawRequest(
      h,
      'GET',
      '/api/v1/me',
      { authorization: `Bearer ${TOKEN_ALL}`, 'content-type': 'application/json', 'content-length': '7' },
      '{"x":1}',
    )
    expect(a.status).toBe(400)
    expect((a.body as { message: string }).message).toMatch(/takes no request body/)
  })
})

describe('headers and routes', () => {
  it('requires an Idempotency-Key on writes', async () => {
    const a = await h.call('PUT', '/api/v1/availability', { json: { days: [1], same_day: true } })
    expect(a.status).toBe(400)
    expect(a.body.message).toMatch(/Idempotency-Key is required/)
  })

  it.each(['short', 'has space in it', 'x'.repeat(49), 'bad!chars!here'])(
    'refuses a malformed Idempotency-Key %j',
    async (key) => {
      const a = await h.call('PUT', '/api/v1/availability', {
        json: { days: [1], same_day: true },
        headers: { 'idempotency-key': key },
      })
      expect(a.status).toBe(400)
      expect(a.body.message).toMatch(/Idempotency-Key must be 8 to 48 letters/)
      expect(a.headers.get('x-request-id')).not.toBe(key)
    },
  )

  it('echoes a valid Idempotency-Key as X-Request-Id, else sends a random one', async () => {
    const key = idem()
    const a = await h.call('PUT', '/api/v1/availability', { json: { days: [1, 2], same_day: false }, idem: key })
    expect(a.status).toBe(200)
    expect(a.headers.get('x-request-id')).toBe(key)
    const b = await h.call('GET', '/api/v1/me')
    const c = await h.call('GET', '/api/v1/me')
    expect(b.headers.get('x-request-id')).not.toBe(c.headers.get('x-request-id'))
  })

  it.each([
    ['GET', '/api/v1/nothing-here'],
    ['DELETE', '/api/v1/jobs'],
    ['GET', '/api/v1/jobs/1/deliveries/extra'],
    ['GET', '/somewhere-else'],
    ['GET', '/api/v1'],
  ])('%s %s → 404 not_found', async (method, path) => {
    const a = await h.call(method, path)
    expect(a.status).toBe(404)
    expect(a.body.error).toBe('not_found')
  })

  it('does not read /jobs/accept as a job id', async () => {
    const a = await h.call('POST', '/api/v1/jobs/accept', { json: { job_ids: ['9'] }, idem: idem() })
    expect(a.status).toBe(200)
    expect(a.body.results[0]).toMatchObject({ job_id: '9', outcome: 'accepted' })
  })
})
