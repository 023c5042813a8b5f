import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../main/api/errors'
import {
  DEFAULT_RETRY_OPTIONS,
  ERROR_CODE_RULES,
  backoffDelayMs,
  decideRetry,
  parseRetryAfter,
  resolveRetryOptions,
  ruleForCode,
} from '../../../main/api/retry-policy'

const NOW = Date.parse('2025-06-01T12:00:00Z')

describe('the code table', () => {
  it("never retries any code the error-code table marks 'No', and Booth's final 404", () => {
    const no = [
      'bad_request',
      'invalid_principal',
      'forbidden',
      'read_only',
      'key_cannot_sign',
      'insufficient_scope',
      'not_found',
      'stale_version',
      'epoch_changed',
      'week_signed',
      'sign_blocked',
      'stale',
      'already_applied',
      'nothing_to_match',
      'nothing_to_apply',
      'payload_too_large',
      'unsupported_media_type',
      'unsupported_file',
      'validation_failed',
      'upload_failed',
      'demo_mode',
    ]
    for (const code of no)
      expect([code, ruleForCode(ERROR_CODE_RULES[code]?.status ?? 0, code)]).toEqual([code, 'never'])
  })

  it('retries the Yes codes the way Booth decided', () => {
    expect(ruleForCode(409, 'conflict')).toBe('backoff')
    expect(ruleForCode(409, 'not_ready')).toBe('backoff')
    expect(ruleForCode(500, 'not_saved')).toBe('backoff')
    expect(ruleForCode(500, 'server_error')).toBe('once')
    expect(ruleForCode(502, 'upstream_failed')).toBe('backoff')
    expect(ruleForCode(503, 'unavailable')).toBe('backoff')
    expect(ruleForCode(429, 'rate_limited')).toBe('after_retry_after')
  })

  it('treats unknown codes as final unless the status is a gateway failure', () => {
    expect(ruleForCode(400, 'brand_new')).toBe('never')
    expect(ruleForCode(500, 'brand_new')).toBe('never')
    expect(ruleForCode(504, 'brand_new')).toBe('backoff')
  })
})

describe('Retry-After', () => {
  it('reads delay-seconds and HTTP dates', () => {
    expect(parseRetryAfter('120', NOW)).toBe(120_000)
    expect(parseRetryAfter(' 0 ', NOW)).toBe(0)
    expect(parseRetryAfter('Sun, 01 Jun 2025 12:00:30 GMT', NOW)).toBe(30_000)
    expect(parseRetryAfter('Sun, 01 Jun 2025 11:00:00 GMT', NOW)).toBe(0)
  })

  it('ignores what it cannot read', () => {
    for (const bad of [null, undefined, '', 'soon', '-5', '1e3', '12abc']) expect(parseRetryAfter(bad, NOW)).toBeNull()
  })
})

describe('back-off', () => {
  const options = resolveRetryOptions()
  it('doubles the ceiling per retry from 1 s up to 30 s', () => {
    const ceilings = [1, 2, 3, 4, 5, 6, 7].map((n) => backoffDelayMs(n, () => 1, options))
    expect(ceilings).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000])
  })

  it('draws uniformly below the ceiling (full jitter)', () => {
    expect(backoffDelayMs(3, () => 0.25, options)).toBe(1000)
    expect(backoffDelayMs(3, () => 0, options)).toBe(0)
    expect(backoffDelayMs(3, () => 7, options)).toBe(4000) // a broken random source is clamped
  })

  it('has the documented defaults and rejects nonsense', () => {
    expect(DEFAULT_RETRY_OPTIONS).toEqual({
      maxAttempts: 5,
      baseDelayMs: 1000,
      maxDelayMs: 30_000,
      maxRetryAfterMs: 60_000,
    })
    expect(resolveRetryOptions({ maxAttempts: 2, baseDelayMs: undefined }).baseDelayMs).toBe(1000)
    expect(() => resolveRetryOptions({ maxAttempts: 1.5 })).toThrow(/whole number/)
    expect(() => resolveRetryOptions({ maxDelayMs: -1 })).toThrow(/retry.maxDelayMs/)
    expect(() => resolveRetryOptions({ baseDelayMs: Number.NaN })).toThrow(/retry.baseDelayMs/)
  })
})

describe('decideRetry', () => {
  const options = resolveRetryOptions({ maxAttempts: 4 })
  const half = () => 0.5
  const network = new ApiError({ kind: 'network', message: 'm', retryable: true })
  const timeout = new ApiError({ kind: 'timeout', message: 'm', retryable: true })
  const state = (attempts = 1, onceRetriesUsed = 0) => ({ attempts, onceRetriesUsed })

  it('retries connection failures and timeouts (reads and writes follow the same rules)', () => {
    expect(decideRetry(network, state(), options, half)).toEqual({ retry: true, delayMs: 500, once: false })
    expect(decideRetry(timeout, state(2), options, half)).toEqual({ retry: true, delayMs: 1000, once: false })
    expect(decideRetry(timeout, state(), options, half)).toEqual({ retry: true, delayMs: 500, once: false })
    for (const kind of ['cut_off', 'unreachable', 'refused', 'connect_timeout'] as const) {
      expect(decideRetry(new ApiError({ kind, message: 'm', retryable: true }), state(), options, half).retry).toBe(
        true,
      )
    }
  })

  it('never retries a certificate failure or an oversized answer', () => {
    for (const kind of ['certificate', 'too_large'] as const) {
      expect(decideRetry(new ApiError({ kind, message: 'm', retryable: false }), state(), options, half)).toEqual({
        retry: false,
      })
    }
  })

  it('parks a server wait longer than maxRetryAfterMs instead of sleeping it', () => {
    const long = new ApiError({
      kind: 'api',
      message: 'm',
      status: 429,
      code: 'rate_limited',
      retryable: true,
      retryAfterMs: 60_001,
    })
    const limit = new ApiError({
      kind: 'api',
      message: 'm',
      status: 429,
      code: 'rate_limited',
      retryable: true,
      retryAfterMs: 60_000,
    })
    const gateway = new ApiError({
      kind: 'api',
      message: 'm',
      status: 503,
      code: 'unavailable',
      retryable: true,
      retryAfterMs: 3_600_000,
    })
    expect(decideRetry(long, state(), options, half)).toEqual({ retry: false })
    expect(decideRetry(gateway, state(), options, half)).toEqual({ retry: false })
    expect(decideRetry(limit, state(), options, half)).toEqual({ retry: true, delayMs: 60_000, once: false })
  })

  it('never retries aborted or invalid answers, and stops at maxAttempts', () => {
    const aborted = new ApiError({ kind: 'aborted', message: 'm', retryable: false })
    const invalid = new ApiError({ kind: 'invalid_response', message: 'm', status: 200, retryable: false })
    expect(decideRetry(aborted, state(), options, half).retry).toBe(false)
    expect(decideRetry(invalid, state(), options, half).retry).toBe(false)
    expect(decideRetry(network, state(4), options, half).retry).toBe(false)
  })

  it('allows a single retry of a once code', () => {
    const err = new ApiError({ kind: 'api', message: 'm', status: 500, code: 'server_error', retryable: true })
    expect(decideRetry(err, state(), options, half)).toMatchObject({ retry: true, once: true })
    expect(decideRetry(err, state(2, 1), options, half)).toEqual({ retry: false })
  })

  it('waits retry_after for 429, and backs off when the server gave no wait', () => {
    const withWait = new ApiError({
      kind: 'api',
      message: 'm',
      status: 429,
      code: 'rate_limited',
      retryable: true,
      retryAfterMs: 4000,
    })
    const without = new ApiError({ kind: 'api', message: 'm', status: 429, code: 'rate_limited', retryable: true })
    expect(decideRetry(withWait, state(), options, half)).toMatchObject({ delayMs: 4000 })
    expect(decideRetry(without, state(), options, half)).toMatchObject({ delayMs: 500 })
  })
})
