/**
 * Turns the client's options into two runners, `read` and `write`, that every operation of client.ts
 * goes through: key lookup (never stored, never logged), attempts with timeouts, retries, envelope
 * stripping, timestamp normalisation and the names made safe to show (answer-names.ts).
 */
import { MAX_JSON_ANSWER_BYTES } from './answer-limits'
import { runAttempt, type AttemptSend } from './attempt'
import { ApiKeyError } from './errors'
import { assertIdempotencyKey } from './idempotency'
import { resolveRetryOptions, type ResolvedRetryOptions, type RetryOptions } from './retry-policy'
import { nodeTransport, type FetchLike } from './transport'
import type { TimeoutSettings } from './watchdog'
import { abortableSleep, runWithRetry, type Sleep } from './retry-loop'
import { safeLogger, type ApiLogHook } from './request-log'
import { normaliseTimestamps } from './timestamps'
import { neutraliseNames } from './answer-names'
import type { AsRead } from '../../shared/api-read'
import { passDoor, type DoorNotes } from './answer-door'

export interface TalentClientOptions {
  /** Scheme, host and port of the service, e.g. http://127.0.0.1:4010 (a trailing /api/v1 is accepted). */
  baseUrl: string
  /** Called before every attempt; the key is held only for that attempt. */
  apiKey: () => string | Promise<string>
  /**
   * Default: Booth's own node:http(s) transport (transport.ts), which reports the connection so the
   * connect and idle timeouts are told apart. An injected fetch that does not call `hooks.connected`
   * gets the idle timeout from the start (set `fetchReportsConnect` when it does call it).
   */
  fetch?: FetchLike
  fetchReportsConnect?: boolean
  /** Whole attempt, connect to last byte. Default 60000 ms. */
  timeoutMs?: number
  /** From starting a request to a connected socket. Default 10000 ms. */
  connectTimeoutMs?: number
  /** Longest silence (no answer headers, no body bytes) once connected. Default 20000 ms. */
  idleTimeoutMs?: number
  /** Size cap of a JSON answer in bytes. Default MAX_JSON_ANSWER_BYTES (answer-limits.ts). */
  maxAnswerBytes?: number
  retry?: RetryOptions
  sleep?: Sleep
  /** Returns a number in [0, 1); used for back-off jitter. Default Math.random. */
  random?: () => number
  /** Sees redacted requests, answers, retries and failures; never the key. */
  log?: ApiLogHook
  /** Ends every call of this client, under way or waiting to retry, when it fires (Booth quitting). */
  signal?: AbortSignal
}

export interface CallOptions {
  signal?: AbortSignal
  /** This call's retry settings over the client's (e.g. a single attempt for a quick reachability check). */
  retry?: RetryOptions
}

export interface WriteOptions extends CallOptions {
  /** Required: made with newIdempotencyKey() and persisted by the caller before the first send. */
  idempotencyKey: string
}

/** A success body without the envelope's constant fields. */
export type Result<T> = AsRead<Omit<T, 'ok' | 'api_version'>> & DoorNotes
/** A write's success body; `replayed` is true when the server answered a stored first result. */
export type WriteResult<T> = AsRead<Omit<T, 'ok' | 'api_version' | 'replayed'>> & { replayed: boolean }

export const DEFAULT_TIMEOUT_MS = 60_000
export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000
export const DEFAULT_IDLE_TIMEOUT_MS = 20_000

export interface CallRunner {
  apiBaseUrl: string
  read<T extends object>(operation: string, options: CallOptions | undefined, send: AttemptSend<T>): Promise<Result<T>>
  write<T extends object>(
    operation: string,
    options: WriteOptions,
    send: (idempotencyKey: string) => AttemptSend<T>,
  ): Promise<WriteResult<T>>
}

export function createCallRunner(options: TalentClientOptions): CallRunner {
  const apiBaseUrl = apiBaseUrlOf(options.baseUrl)
  if (typeof options.apiKey !== 'function') {
    throw new TypeError('apiKey must be a function that returns the key (so the key is read only when needed).')
  }
  const timeouts: TimeoutSettings = {
    totalTimeoutMs: positive('timeoutMs', options.timeoutMs, DEFAULT_TIMEOUT_MS),
    connectTimeoutMs: positive('connectTimeoutMs', options.connectTimeoutMs, DEFAULT_CONNECT_TIMEOUT_MS),
    idleTimeoutMs: positive('idleTimeoutMs', options.idleTimeoutMs, DEFAULT_IDLE_TIMEOUT_MS),
  }
  const maxAnswerBytes = positive('maxAnswerBytes', options.maxAnswerBytes, MAX_JSON_ANSWER_BYTES)
  const baseFetch: FetchLike = options.fetch ?? nodeTransport
  const reportsConnect = options.fetch ? options.fetchReportsConnect === true : true
  const log = safeLogger(options.log)
  const clientRetry = resolveRetryOptions(options.retry)
  const deps = {
    retry: clientRetry,
    sleep: options.sleep ?? abortableSleep,
    random: options.random ?? Math.random,
    log,
  }

  async function run<T extends object>(
    operation: string,
    callOptions: CallOptions | undefined,
    send: AttemptSend<T>,
  ): Promise<T> {
    let secret = ''
    const signal = bothSignals(options.signal, callOptions?.signal)
    const retry: ResolvedRetryOptions = callOptions?.retry
      ? resolveRetryOptions(callOptions.retry, clientRetry)
      : clientRetry
    const data = await runWithRetry(
      { ...deps, retry },
      {
        operation,
        signal,
        secret: () => secret,
        attempt: async (attempt, seen) => {
          secret = await readApiKey(options.apiKey)
          return runAttempt(
            {
              operation,
              attempt,
              baseFetch,
              reportsConnect,
              timeouts,
              maxAnswerBytes,
              callerSignal: signal,
              apiKey: secret,
              now: Date.now,
              log,
              onRequest: seen,
            },
            send,
          )
        },
      },
    )
    // The door: what does not conform to the API document never gets further (answer-door.ts); names are
    // then made safe to show.
    return neutraliseNames(normaliseTimestamps(passDoor(operation, data)))
  }

  async function read<T extends object>(
    operation: string,
    callOptions: CallOptions | undefined,
    send: AttemptSend<T>,
  ): Promise<Result<T>> {
    // The door made it so (answer-door.ts): enums may be 'unknown', contained items are noted.
    return stripEnvelope(await run(operation, callOptions, send)) as unknown as Result<T>
  }

  async function write<T extends object>(
    operation: string,
    writeOptions: WriteOptions,
    send: (idempotencyKey: string) => AttemptSend<T>,
  ): Promise<WriteResult<T>> {
    if (typeof writeOptions !== 'object' || writeOptions === null) {
      throw new TypeError(`${operation} needs options with an idempotencyKey (see newIdempotencyKey()).`)
    }
    const key = writeOptions.idempotencyKey
    assertIdempotencyKey(key)
    const body = stripEnvelope(await run(operation, writeOptions, send(key)))
    const { replayed, ...rest } = body as Record<string, unknown>
    return { ...rest, replayed: replayed === true } as unknown as WriteResult<T>
  }

  return { apiBaseUrl, read, write }
}

function positive(name: string, value: number | undefined, fallback: number): number {
  const resolved = value ?? fallback
  if (!Number.isFinite(resolved) || resolved <= 0) {
    throw new RangeError(`${name} must be a positive number (got ${String(value)}).`)
  }
  return resolved
}

function stripEnvelope<T extends object>(body: T): Omit<T, 'ok' | 'api_version'> {
  const { ok: _ok, api_version: _version, ...rest } = body as T & { ok?: unknown; api_version?: unknown }
  return rest
}

async function readApiKey(source: () => string | Promise<string>): Promise<string> {
  const key = await source()
  if (typeof key !== 'string' || key.trim() === '') {
    throw new ApiKeyError('No API key is set. Add your talent API key in Settings.')
  }
  if (!/^[\x21-\x7e]+$/.test(key)) {
    throw new ApiKeyError(
      'The API key contains spaces, line breaks or other characters that cannot be sent. Paste it again.',
    )
  }
  return key
}

/** `{baseUrl}/api/v1` from the service's base URL, with a clear error for anything unusable. */
export function apiBaseUrlOf(baseUrl: string): string {
  let url: URL
  try {
    url = new URL(baseUrl)
  } catch {
    throw new TypeError(`The API address "${String(baseUrl)}" is not a URL (expected e.g. https://api.example.com).`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError(`The API address must start with http:// or https:// (got "${url.protocol}").`)
  }
  if (url.username || url.password || url.search || url.hash) {
    throw new TypeError('The API address must not contain a user name, password, query or fragment.')
  }
  const path = url.pathname.replace(/\/+$/, '').replace(/\/api\/v1$/, '')
  return `${url.origin}${path}/api/v1`
}

function bothSignals(a: AbortSignal | undefined, b: AbortSignal | undefined): AbortSignal | undefined {
  return a && b ? AbortSignal.any([a, b]) : (a ?? b)
}
