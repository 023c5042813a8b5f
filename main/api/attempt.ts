/**
 * One attempt of one API call: the request's timers (watchdog.ts: connect, idle, overall) joined to the
 * caller's AbortSignal, a guarded fetch that reads and checks the whole answer, within the size cap
 * (answer-reader.ts), before openapi-fetch sees it, and the naming of everything thrown as an ApiError
 * (network-failure.ts for connection failures; the watchdog's verdict for timeouts; 'aborted').
 */
import { readAnswer } from './answer-reader'
import { ApiError } from './errors'
import { ABORTED_MESSAGE, CONNECT_TIMEOUT_MESSAGE, IDLE_TIMEOUT_MESSAGE, TIMEOUT_MESSAGE } from './error-messages'
import { networkFailure, type AttemptPhase, type BodyProgress } from './network-failure'
import { redactHeaders, withoutSecret, type ApiLogEvent } from './request-log'
import type { FetchLike } from './transport'
import { startWatchdog, type TimeoutSettings, type Watchdog } from './watchdog'

/** What each openapi-fetch call receives for one attempt. */
export type AttemptInit = {
  fetch: (request: Request) => Promise<Response>
  signal: AbortSignal
  headers: Record<string, string>
}

export interface AttemptContext {
  operation: string
  attempt: number
  baseFetch: FetchLike
  /** Whether baseFetch reports the connection (Booth's own transport does; an injected fetch may not). */
  reportsConnect: boolean
  timeouts: TimeoutSettings
  /** The JSON answer size cap in bytes. */
  maxAnswerBytes: number
  callerSignal: AbortSignal | undefined
  apiKey: string
  now: () => number
  log: (event: ApiLogEvent, secret: string) => void
  /** Receives the method and URL once the request is built (for the retry loop's log events). */
  onRequest: (method: string, url: string) => void
}

export type AttemptSend<T> = (init: AttemptInit) => Promise<{ data?: T; response: Response }>

interface AttemptState {
  sent: boolean
  host: string
  phase: AttemptPhase
  body: BodyProgress
}

export async function runAttempt<T>(ctx: AttemptContext, send: AttemptSend<T>): Promise<T> {
  const watchdog = startWatchdog(ctx.timeouts, ctx.reportsConnect)
  const signal = ctx.callerSignal ? AbortSignal.any([ctx.callerSignal, watchdog.signal]) : watchdog.signal
  const state: AttemptState = {
    sent: false,
    host: 'the server',
    phase: 'before_answer',
    body: { received: 0, expected: null },
  }

  const guardedFetch = async (request: Request): Promise<Response> => {
    state.host = new URL(request.url).host
    ctx.onRequest(request.method, request.url)
    const base = { operation: ctx.operation, attempt: ctx.attempt, method: request.method, url: request.url }
    ctx.log({ type: 'request', ...base, headers: redactHeaders(request.headers, ctx.apiKey) }, ctx.apiKey)
    const started = ctx.now()
    state.sent = true
    const response = await ctx.baseFetch(request, { connected: () => watchdog.connected() })
    watchdog.activity()
    state.phase = 'in_body'
    const requestId = response.headers.get('x-request-id')
    ctx.log(
      { type: 'response', ...base, status: response.status, requestId, durationMs: ctx.now() - started },
      ctx.apiKey,
    )
    const answer = await readAnswer(response, ctx.now(), {
      capBytes: ctx.maxAnswerBytes,
      host: state.host,
      onChunk: () => watchdog.activity(),
      progress: state.body,
    })
    return new Response(answer.text, { status: answer.status, headers: { 'content-type': 'application/json' } })
  }

  try {
    const { data } = await send({
      fetch: guardedFetch,
      signal,
      headers: { Authorization: `Bearer ${ctx.apiKey}` },
    })
    if (data === undefined) {
      // Unreachable while readAnswer throws for every non-success answer; kept as a typed guard.
      throw new ApiError({ kind: 'invalid_response', message: 'The server sent no answer body.', retryable: false })
    }
    return data
  } catch (error) {
    throw toApiError(error, ctx, watchdog, state)
  } finally {
    watchdog.stop()
  }
}

function toApiError(error: unknown, ctx: AttemptContext, watchdog: Watchdog, state: AttemptState): unknown {
  if (ctx.callerSignal?.aborted) {
    return new ApiError({ kind: 'aborted', message: ABORTED_MESSAGE, retryable: false, cause: error })
  }
  if (watchdog.fired) return timeoutError(watchdog.fired, ctx, state.host, error)
  if (error instanceof ApiError) return withoutSecret(error, ctx.apiKey)
  // Thrown before anything was sent: a programming or input error, not the network's fault.
  if (!state.sent) return error
  return networkFailure(error, {
    host: state.host,
    phase: state.phase,
    body: state.body,
    connectTimeoutMs: ctx.timeouts.connectTimeoutMs,
  })
}

export function timeoutError(
  reason: 'connect' | 'idle' | 'total',
  ctx: { timeouts: TimeoutSettings },
  host: string,
  cause?: unknown,
): ApiError {
  if (reason === 'connect') {
    return new ApiError({
      kind: 'connect_timeout',
      message: CONNECT_TIMEOUT_MESSAGE(host, ctx.timeouts.connectTimeoutMs),
      retryable: true,
      cause,
    })
  }
  const message =
    reason === 'idle'
      ? IDLE_TIMEOUT_MESSAGE(host, ctx.timeouts.idleTimeoutMs)
      : TIMEOUT_MESSAGE(host, ctx.timeouts.totalTimeoutMs)
  return new ApiError({ kind: 'timeout', message, retryable: true, cause })
}

/** An 'aborted' error for a call cancelled between attempts. */
export function abortedError(cause?: unknown): ApiError {
  return new ApiError({ kind: 'aborted', message: ABORTED_MESSAGE, retryable: false, cause })
}
