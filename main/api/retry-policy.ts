/**
 * The ONE module holding which failures Booth retries, and how long it waits.
 *
 * Source: the platform's error-code table (x-booth-error-codes in resources/api/talent-v1.yaml) (codes and their retry
 * column), carried inside the API's error envelope
 * `{ok:false, api_version:'1', error, message, retry_after?}` (recorded as an x-booth-assumption in the
 * same document). Booth's own decisions, where it departs from or adds to that table:
 * - 404 not_found is FINAL in the talent API (a sibling interface retries it because a station's audio may
 *   appear later; a talent's job, delivery or attachment that is not found will not appear by waiting).
 * - 409 conflict and 409 not_ready: retried with back-off.
 * - 500 not_saved: retried with back-off, with the same Idempotency-Key.
 * - 500 server_error (and internal_error, its other name on sibling interfaces): retried ONCE.
 * - 502 upstream_failed, 503 unavailable: retried with back-off.
 * - 429 rate_limited: retried after `retry_after` (body) or Retry-After (header).
 * - Unknown codes: retried with back-off only on 502/503/504, otherwise final.
 * - Connection failures ('network', 'cut_off', 'unreachable', 'refused') and timeouts ('connect_timeout',
 *   'timeout'): retried with back-off, for reads and writes alike (a write resends the same
 *   Idempotency-Key, so a repeat is safe). A certificate failure and a 'too_large' answer are final: the
 *   same request meets the same certificate and the same answer.
 * - non_json answers (a proxy's HTML page) with status 502/503/504: a failing proxy, retried with
 *   back-off; any other non_json or invalid_response answer is final.
 * - Every code the table marks 'No' (and demo_mode) is never retried.
 *
 * LONG WAITS ARE PARKED, NOT SLEPT. When the service asks for a wait (429 retry_after / Retry-After, or a
 * Retry-After on any retryable answer such as 503) of at most `maxRetryAfterMs` (default 60 s), the
 * client sleeps that long, abortably, and tries again. When it asks for LONGER, the client does not sleep
 * at all: it throws the ApiError at once, with `waitUntil` set to the absolute time (epoch ms) the service
 * named, so the caller can park the operation until then and keep everything else working.
 *
 * Back-off: exponential with full jitter, delay = random() * min(maxDelayMs, baseDelayMs * 2^(n-1)) for
 * the n-th retry; at most `maxAttempts` attempts in all (first one included).
 */
import type { ApiError } from './errors'

export type RetryRule =
  | 'never' // a 'No' code: the same request will fail the same way
  | 'backoff' // transient: retry after a growing, jittered pause
  | 'once' // retry a single time, then give up
  | 'after_retry_after' // wait what the server asked (retry_after / Retry-After), then retry

export interface CodeRule {
  status: number
  rule: RetryRule
}

/** The error-code table as Booth applies it (plus two codes that go by other names on sibling interfaces). */
export const ERROR_CODE_RULES: Readonly<Record<string, CodeRule>> = {
  bad_request: { status: 400, rule: 'never' },
  invalid_principal: { status: 401, rule: 'never' },
  unauthorized: { status: 401, rule: 'never' }, // another name for the same thing
  forbidden: { status: 403, rule: 'never' },
  read_only: { status: 403, rule: 'never' },
  key_cannot_sign: { status: 403, rule: 'never' },
  insufficient_scope: { status: 403, rule: 'never' },
  not_found: { status: 404, rule: 'never' }, // Booth: final in the talent API (the shared table says Yes)
  stale_version: { status: 409, rule: 'never' },
  epoch_changed: { status: 409, rule: 'never' },
  week_signed: { status: 409, rule: 'never' },
  sign_blocked: { status: 409, rule: 'never' },
  conflict: { status: 409, rule: 'backoff' },
  stale: { status: 409, rule: 'never' },
  already_applied: { status: 409, rule: 'never' },
  not_ready: { status: 409, rule: 'backoff' },
  nothing_to_match: { status: 409, rule: 'never' },
  nothing_to_apply: { status: 409, rule: 'never' },
  payload_too_large: { status: 413, rule: 'never' },
  unsupported_media_type: { status: 415, rule: 'never' },
  unsupported_file: { status: 415, rule: 'never' },
  validation_failed: { status: 422, rule: 'never' },
  upload_failed: { status: 422, rule: 'never' },
  rate_limited: { status: 429, rule: 'after_retry_after' },
  not_saved: { status: 500, rule: 'backoff' }, // same Idempotency-Key (the client reuses it)
  server_error: { status: 500, rule: 'once' },
  internal_error: { status: 500, rule: 'once' }, // another name for server_error
  upstream_failed: { status: 502, rule: 'backoff' },
  unavailable: { status: 503, rule: 'backoff' },
  demo_mode: { status: 503, rule: 'never' },
}

const TRANSIENT_GATEWAY_STATUSES = new Set([502, 503, 504])

export interface RetryOptions {
  /** Attempts in all, the first included. Default 5. */
  maxAttempts?: number
  /** First back-off ceiling. Default 1000 ms. */
  baseDelayMs?: number
  /** Largest back-off ceiling. Default 30000 ms. */
  maxDelayMs?: number
  /** Longest wait Booth sleeps for retry_after / Retry-After; a longer one is parked (see above). Default 60000 ms. */
  maxRetryAfterMs?: number
}

export type ResolvedRetryOptions = Required<RetryOptions>

export const DEFAULT_RETRY_OPTIONS: ResolvedRetryOptions = {
  maxAttempts: 5,
  baseDelayMs: 1000,
  maxDelayMs: 30_000,
  maxRetryAfterMs: 60_000,
}

/** Checks `options` laid over `base` (the defaults; for one call's own retry options, the client's). */
export function resolveRetryOptions(
  options: RetryOptions = {},
  base: ResolvedRetryOptions = DEFAULT_RETRY_OPTIONS,
): ResolvedRetryOptions {
  const resolved = { ...base, ...dropUndefined(options) }
  if (!Number.isInteger(resolved.maxAttempts) || resolved.maxAttempts < 1 || resolved.maxAttempts > 20) {
    throw new RangeError(`retry.maxAttempts must be a whole number from 1 to 20 (got ${String(options.maxAttempts)}).`)
  }
  for (const name of ['baseDelayMs', 'maxDelayMs', 'maxRetryAfterMs'] as const) {
    const value = resolved[name]
    if (!Number.isFinite(value) || value < 0) {
      throw new RangeError(`retry.${name} must be a number of milliseconds, 0 or more (got ${String(options[name])}).`)
    }
  }
  return resolved
}

/** The rule for an API error envelope's code. */
export function ruleForCode(status: number, code: string): RetryRule {
  const known = ERROR_CODE_RULES[code]
  if (known) return known.rule
  return TRANSIENT_GATEWAY_STATUSES.has(status) ? 'backoff' : 'never'
}

/** Whether an error envelope with this status and code is worth trying again. */
export function isRetryableCode(status: number, code: string): boolean {
  return ruleForCode(status, code) !== 'never'
}

/** Whether a non-JSON answer with this status comes from a failing proxy that may recover. */
export function isRetryableNonJson(status: number): boolean {
  return TRANSIENT_GATEWAY_STATUSES.has(status)
}

/**
 * Retry-After as milliseconds: delay-seconds ("120") or an HTTP date. Null when absent or unreadable;
 * a date in the past gives 0.
 */
export function parseRetryAfter(header: string | null | undefined, nowMs: number): number | null {
  if (header == null) return null
  const text = header.trim()
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000)
  if (!/[a-z]/i.test(text)) return null
  const at = Date.parse(text)
  if (Number.isNaN(at)) return null
  return Math.max(0, at - nowMs)
}

/** The body's `retry_after` (seconds) as milliseconds, or null. */
export function retryAfterFromBody(value: unknown): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return null
  return Math.round(value * 1000)
}

/** Full-jitter exponential back-off for the n-th retry (n starts at 1). */
export function backoffDelayMs(retryNumber: number, random: () => number, options: ResolvedRetryOptions): number {
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** Math.max(0, retryNumber - 1))
  const r = Math.min(Math.max(random(), 0), 1)
  return Math.floor(r * ceiling)
}

export interface RetryState {
  /** Attempts made so far, the failed one included. */
  attempts: number
  /** Retries already spent on 'once' codes in this call (reads and writes follow the same rules). */
  onceRetriesUsed: number
}

export type RetryDecision = { retry: true; delayMs: number; once: boolean } | { retry: false }

/** Decide whether to try a failed attempt again, and after how long. */
export function decideRetry(
  error: ApiError,
  state: RetryState,
  options: ResolvedRetryOptions,
  random: () => number,
): RetryDecision {
  if (state.attempts >= options.maxAttempts) return { retry: false }
  const rule = ruleForError(error)
  if (rule === 'never') return { retry: false }
  if (rule === 'once' && state.onceRetriesUsed >= 1) return { retry: false }
  const serverWait = error.retryAfterMs
  // Longer than Booth sleeps: parked by the caller (the error carries waitUntil), never slept here.
  if (serverWait != null && serverWait > options.maxRetryAfterMs) return { retry: false }
  const retryNumber = state.attempts
  let delayMs: number
  if (rule === 'after_retry_after' && serverWait != null) {
    delayMs = serverWait
  } else {
    const backoff = backoffDelayMs(retryNumber, random, options)
    // A Retry-After on a 503 (or any retryable answer) is a floor under the back-off.
    delayMs = serverWait != null ? Math.max(backoff, serverWait) : backoff
  }
  return { retry: true, delayMs, once: rule === 'once' }
}

function ruleForError(error: ApiError): RetryRule {
  switch (error.kind) {
    case 'api':
      return ruleForCode(error.status ?? 0, error.code ?? '')
    case 'network':
    case 'cut_off':
    case 'unreachable':
    case 'refused':
    case 'connect_timeout':
    case 'timeout':
      return 'backoff'
    case 'non_json':
      return isRetryableNonJson(error.status ?? 0) ? 'backoff' : 'never'
    case 'certificate':
    case 'too_large':
    case 'aborted':
    case 'invalid_response':
    case 'unreadable':
      return 'never'
  }
}

function dropUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>
}
