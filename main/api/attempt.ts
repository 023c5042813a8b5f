/**
 * One attempt of one API call: a per-attempt timeout joined to the caller's AbortSignal, a guarded fetch
 * that reads and checks the whole answer (answer-reader.ts) before openapi-fetch sees it, and the mapping
 * of everything thrown into ApiError kinds 'network', 'timeout' or 'aborted'.
 */
import { readAnswer } from './answer-reader'
import { ApiError } from './errors'
import { ABORTED_MESSAGE, NETWORK_MESSAGE, TIMEOUT_MESSAGE } from './error-messages'
import { redactHeaders, withoutSecret, type ApiLogEvent } from './request-log'

export type FetchLike = (request: Request) => Promise<Response>

/** What each openapi-fetch call receives for one attempt. */
export type AttemptInit = {
  fetch: FetchLike
  signal: AbortSignal
  headers: Record<string, string>
}

export interface AttemptContext {
  operation: string
  attempt: number
  baseFetch: FetchLike
  timeoutMs: number
  callerSignal: AbortSignal | undefined
  apiKey: string
  now: () => number
  log: (event: ApiLogEvent, secret: string) => void
  /** Receives the method and URL once the request is built (for the retry loop's log events). */
  onRequest: (method: string, url: string) => void
}

export type AttemptSend<T> = (init: AttemptInit) => Promise<{ data?: T; response: Response }>

export async function runAttempt<T>(ctx: AttemptContext, send: AttemptSend<T>): Promise<T> {
  const timeout = new AbortController()
  const timer = setTimeout(() => timeout.abort(new Error('attempt timed out')), ctx.timeoutMs)
  const signal = ctx.callerSignal ? AbortSignal.any([ctx.callerSignal, timeout.signal]) : timeout.signal
  let sent = false
  let host = 'the server'

  const guardedFetch: FetchLike = async (request) => {
    host = new URL(request.url).host
    ctx.onRequest(request.method, request.url)
    const base = { operation: ctx.operation, attempt: ctx.attempt, method: request.method, url: request.url }
    ctx.log({ type: 'request', ...base, headers: redactHeaders(request.headers, ctx.apiKey) }, ctx.apiKey)
    const started = ctx.now()
    sent = true
    const response = await ctx.baseFetch(request)
    const requestId = response.headers.get('x-request-id')
    ctx.log({ type: 'response', ...base, status: response.status, requestId, durationMs: ctx.now() - started }, ctx.apiKey)
    const answer = await readAnswer(response, ctx.now())
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
    throw toApiError(error, { ctx, timeout: timeout.signal, sent, host })
  } finally {
    clearTimeout(timer)
  }
}

function toApiError(
  error: unknown,
  state: { ctx: AttemptContext; timeout: AbortSignal; sent: boolean; host: string },
): unknown {
  if (error instanceof ApiError) return withoutSecret(error, state.ctx.apiKey)
  if (state.ctx.callerSignal?.aborted) {
    return new ApiError({ kind: 'aborted', message: ABORTED_MESSAGE, retryable: false, cause: error })
  }
  if (state.timeout.aborted) {
    return new ApiError({
      kind: 'timeout',
      message: TIMEOUT_MESSAGE(state.host, state.ctx.timeoutMs),
      retryable: true,
      cause: error,
    })
  }
  // Thrown before anything was sent: a programming or input error, not the network's fault.
  if (!state.sent) return error
  return new ApiError({ kind: 'network', message: NETWORK_MESSAGE(state.host), retryable: true, cause: error })
}

/** An 'aborted' error for a call cancelled between attempts. */
export function abortedError(cause?: unknown): ApiError {
  return new ApiError({ kind: 'aborted', message: ABORTED_MESSAGE, retryable: false, cause })
}
