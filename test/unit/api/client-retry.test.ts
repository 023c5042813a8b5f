import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTalentClient } from '../../../main/api/client'
import { newIdempotencyKey } from '../../../main/api/idempotency'
import type { RetryOptions } from '../../../main/api/retry-policy'
import {
  apiError,
  cutMidBody,
  drop,
  hang,
  ok,
  stallMidBody,
  startScriptedServer,
  type ScriptedServer,
} from './scripted-server'
import { failure } from '../../support/api-failure'

let server: ScriptedServer
beforeAll(async () => {
  server = await startScriptedServer()
})
afterAll(() => server.close())
beforeEach(() => server.reset())

const ME = { key_id: '5', email: 'a@b.c', name: 'Ann', scopes: [], expires_at: null }
const ACCEPTED = { results: [] }

function client(opts: { sleeps?: number[]; random?: () => number; retry?: RetryOptions; timeoutMs?: number } = {}) {
  return createTalentClient({
    baseUrl: server.url,
    apiKey: () => 'test-key-123456',
    retry: opts.retry ?? { maxAttempts: 5 },
    timeoutMs: opts.timeoutMs,
    sleep: async (ms) => {
      opts.sleeps?.push(ms)
    },
    random: opts.random ?? (() => 0.5),
  })
}

describe('back-off', () => {
  it('uses full jitter under an exponential ceiling (base 1 s, cap 30 s)', async () => {
    server.fallback = apiError(503, 'unavailable')
    const top: number[] = []
    await failure(client({ sleeps: top, random: () => 0.999999, retry: { maxAttempts: 8 } }).me())
    expect(top).toEqual([999, 1999, 3999, 7999, 15999, 29999, 29999])
    const bottom: number[] = []
    await failure(client({ sleeps: bottom, random: () => 0, retry: { maxAttempts: 3 } }).me())
    expect(bottom).toEqual([0, 0])
  })

  it('stops after maxAttempts and throws the last error', async () => {
    server.push(apiError(503, 'unavailable'), apiError(502, 'upstream_failed'))
    const error = await failure(client({ retry: { maxAttempts: 2 } }).me())
    expect(error.code).toBe('upstream_failed')
    expect(server.received).toHaveLength(2)
  })

  it('recovers when a later attempt succeeds', async () => {
    const sleeps: number[] = []
    server.push(apiError(409, 'conflict'), apiError(500, 'not_saved'), ok(ME))
    expect((await client({ sleeps }).me()).name).toBe('Ann')
    expect(sleeps).toEqual([500, 1000])
  })

  it('server_error is retried once only, even among other retryable errors', async () => {
    server.push(apiError(500, 'server_error'), apiError(503, 'unavailable'), apiError(500, 'server_error'), ok(ME))
    const error = await failure(client().me())
    expect(error.code).toBe('server_error')
    expect(server.received).toHaveLength(3)
  })
})

describe('429 and Retry-After', () => {
  it('waits the body retry_after, not the back-off', async () => {
    const sleeps: number[] = []
    server.push(apiError(429, 'rate_limited', { retry_after: 7 }, { 'retry-after': '7' }), ok(ME))
    await client({ sleeps }).me()
    expect(sleeps).toEqual([7000])
  })

  it('waits the Retry-After header when the body has none, as seconds or an HTTP date', async () => {
    const sleeps: number[] = []
    const inTenSeconds = new Date(Date.now() + 10_000).toUTCString()
    server.push(
      apiError(429, 'rate_limited', {}, { 'retry-after': '3' }),
      apiError(429, 'rate_limited', {}, { 'retry-after': inTenSeconds }),
      ok(ME),
    )
    await client({ sleeps }).me()
    expect(sleeps[0]).toBe(3000)
    expect(sleeps[1]).toBeGreaterThan(7000)
    expect(sleeps[1]).toBeLessThanOrEqual(10_000)
  })

  it('parks a Retry-After over maxRetryAfterMs: no sleep, the error says until when', async () => {
    const sleeps: number[] = []
    server.fallback = apiError(429, 'rate_limited', { retry_after: 3600 }, { 'retry-after': '3600' })
    const before = Date.now()
    const error = await failure(client({ sleeps, retry: { maxAttempts: 5, maxRetryAfterMs: 60_000 } }).me())
    expect(sleeps).toEqual([])
    expect(server.received).toHaveLength(1)
    expect(error).toMatchObject({ kind: 'api', code: 'rate_limited', retryable: true, retryAfterMs: 3_600_000 })
    expect(error.waitUntil).toBeGreaterThanOrEqual(before + 3_600_000)
    expect(error.waitUntil).toBeLessThanOrEqual(Date.now() + 3_600_000)
    expect(error.toJSON().waitUntil).toBe(error.waitUntil)
  })

  it('a wait of exactly maxRetryAfterMs is still slept; a 503 asking for more is parked too', async () => {
    const sleeps: number[] = []
    server.push(apiError(429, 'rate_limited', { retry_after: 60 }), ok(ME))
    await client({ sleeps }).me()
    expect(sleeps).toEqual([60_000])
    server.reset()
    server.push(apiError(503, 'unavailable', {}, { 'retry-after': '61' }))
    const error = await failure(client({ sleeps }).me())
    expect(sleeps).toEqual([60_000])
    expect(error.code).toBe('unavailable')
    expect(error.waitUntil).toBeGreaterThan(Date.now() + 59_000)
  })

  it('an error without a requested wait has waitUntil null', async () => {
    server.push(apiError(404, 'not_found'))
    expect((await failure(client().me())).waitUntil).toBeNull()
  })

  it('a Retry-After on a 503 is a floor under the back-off', async () => {
    const sleeps: number[] = []
    server.push(apiError(503, 'unavailable', {}, { 'retry-after': '12' }), ok(ME))
    await client({ sleeps }).me()
    expect(sleeps).toEqual([12_000])
  })
})

describe('writes and the Idempotency-Key', () => {
  it('sends the caller key on every retry and surfaces replayed', async () => {
    const key = newIdempotencyKey()
    server.push(apiError(500, 'not_saved'), drop(), apiError(409, 'conflict'), ok({ ...ACCEPTED, replayed: true }))
    const result = await client().accept({ job_ids: ['12'] }, { idempotencyKey: key })
    expect(result).toEqual({ results: [], replayed: true })
    expect(server.received).toHaveLength(4)
    expect(server.received.map((r) => r.headers['idempotency-key'])).toEqual([key, key, key, key])
    expect(server.received.every((r) => r.body === '{"job_ids":["12"]}')).toBe(true)
  })

  it('replayed is false when the server did not replay', async () => {
    server.push(ok(ACCEPTED))
    expect((await client().accept({ job_ids: ['12'] }, { idempotencyKey: newIdempotencyKey() })).replayed).toBe(false)
  })

  it('a key is required and checked before anything is sent', async () => {
    const c = client()
    await expect(c.accept({ job_ids: ['1'] }, { idempotencyKey: 'short' })).rejects.toThrow(/8 to 48 letters/)
    // @ts-expect-error the key is required
    await expect(c.accept({ job_ids: ['1'] }, {})).rejects.toThrow(/needs an idempotency key/)
    // @ts-expect-error the options are required
    await expect(c.accept({ job_ids: ['1'] })).rejects.toThrow(/idempotencyKey/)
    expect(server.received).toHaveLength(0)
  })
})

describe('network failures, timeouts and aborts', () => {
  it('a dropped connection is a network error; a read is retried like a write', async () => {
    server.push(drop())
    const error = await failure(client({ retry: { maxAttempts: 1 } }).me())
    expect(error).toMatchObject({ kind: 'network', status: null, retryable: true })
    expect(error.message).toMatch(/Could not reach 127\.0\.0\.1:\d+: the connection dropped/)
    server.reset()
    const sleeps: number[] = []
    server.push(drop(), cutMidBody(), ok(ME))
    expect((await client({ sleeps }).me()).name).toBe('Ann')
    expect(server.received).toHaveLength(3)
    expect(sleeps).toEqual([500, 1000])
  })

  it('a connection cut in the middle of the body is a cut-off answer', async () => {
    server.push(cutMidBody())
    const error = await failure(client({ retry: { maxAttempts: 1 } }).me())
    expect(error).toMatchObject({ kind: 'cut_off', status: null, retryable: true })
    expect(error.message).toMatch(/cut off before it was complete \(\d+ of 400 bytes arrived\)/)
  })

  it('a dropped connection on a write is retried with the same key', async () => {
    const key = newIdempotencyKey()
    server.push(drop(), cutMidBody(), ok({ days: [1, 2], same_day: false, rows_updated: 2 }))
    const result = await client().putAvailability({ days: [1, 2], same_day: false }, { idempotencyKey: key })
    expect(result).toEqual({ days: [1, 2], same_day: false, rows_updated: 2, replayed: false })
    expect(server.received.map((r) => r.headers['idempotency-key'])).toEqual([key, key, key])
  })

  it('a refused connection is named refused', async () => {
    const c = createTalentClient({
      baseUrl: 'http://127.0.0.1:9',
      apiKey: () => 'test-key-123456',
      retry: { maxAttempts: 1 },
    })
    const error = await failure(c.me())
    expect(error).toMatchObject({ kind: 'refused', retryable: true })
    expect(error.message).toMatch(/refused the connection/)
  })

  it('an attempt past its overall limit times out; reads and writes both retry it', async () => {
    server.push(hang())
    const error = await failure(client({ timeoutMs: 150, retry: { maxAttempts: 1 } }).me())
    expect(error).toMatchObject({ kind: 'timeout', retryable: true })
    expect(error.message).toMatch(/did not answer within 0\.2 s/)
    server.reset()
    server.push(hang(), ok(ME))
    expect((await client({ timeoutMs: 150 }).me()).name).toBe('Ann')
    expect(server.received).toHaveLength(2)
    server.reset()
    server.push(
      hang(),
      ok({ consent: { set: true, dsp: 'yes', ai_word_fixes: 'no', ai_versions: 'no', updated_at: 5 } }),
    )
    const result = await client({ timeoutMs: 150 }).putConsent(
      { ai_word_fixes: 'no', ai_versions: 'no' },
      { idempotencyKey: newIdempotencyKey() },
    )
    expect(result.consent.updated_at).toBe(5000)
    expect(server.received).toHaveLength(2)
  })

  it('an answer whose body stalls hits the idle timeout', async () => {
    server.push(stallMidBody())
    const c = createTalentClient({
      baseUrl: server.url,
      apiKey: () => 'test-key-123456',
      idleTimeoutMs: 150,
      retry: { maxAttempts: 1 },
    })
    const started = Date.now()
    const error = await failure(c.me())
    expect(error).toMatchObject({ kind: 'timeout', status: null })
    expect(error.message).toMatch(/stopped sending: nothing arrived for 0\.2 s/)
    expect(Date.now() - started).toBeLessThan(2_000)
  })

  it("a per-call retry setting overrides the client's", async () => {
    server.push(drop(), ok(ME))
    await failure(client().me({ retry: { maxAttempts: 1 } }))
    expect(server.received).toHaveLength(1)
  })

  it('aborting during a request gives aborted, never retried', async () => {
    server.fallback = hang()
    const controller = new AbortController()
    const call = client().accept({ job_ids: ['3'] }, { idempotencyKey: newIdempotencyKey(), signal: controller.signal })
    // Aborted once the request is on the server (a fixed delay could abort it before it got there on a loaded machine).
    void (async () => {
      for (let i = 0; i < 500 && server.received.length === 0; i++) await new Promise((r) => setTimeout(r, 10))
      controller.abort()
    })()
    const error = await failure(call)
    expect(error).toMatchObject({ kind: 'aborted', retryable: false })
    expect(server.received).toHaveLength(1)
  })

  it('an already-aborted signal sends nothing', async () => {
    const error = await failure(client().me({ signal: AbortSignal.abort() }))
    expect(error.kind).toBe('aborted')
    expect(server.received).toHaveLength(0)
  })

  it('aborting during the back-off pause ends the call at once', async () => {
    server.fallback = apiError(503, 'unavailable')
    const controller = new AbortController()
    const c = createTalentClient({
      baseUrl: server.url,
      apiKey: () => 'test-key-123456',
      random: () => 1,
      retry: { baseDelayMs: 20_000 },
    })
    const started = Date.now()
    const call = c.me({ signal: controller.signal })
    setTimeout(() => controller.abort(), 100)
    const error = await failure(call)
    expect(error.kind).toBe('aborted')
    expect(Date.now() - started).toBeLessThan(10_000) // the real sleep would have lasted 20 s
    expect(server.received).toHaveLength(1)
  })
})
