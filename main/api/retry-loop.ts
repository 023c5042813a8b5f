/**
 * Runs a call's attempts until one succeeds, the retry policy says stop, or the caller aborts.
 * Which failures are retried and how long to wait is decided in retry-policy.ts only; this module
 * just sleeps (abortably) and logs. A write's Idempotency-Key is fixed before the loop, so every
 * attempt sends the same key.
 */
import { abortedError } from './attempt'
import { ApiError } from './errors'
import { decideRetry, type ResolvedRetryOptions } from './retry-policy'
import { loggedError, type ApiLogEvent } from './request-log'

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>

export interface RetryLoopDeps {
  retry: ResolvedRetryOptions
  sleep: Sleep
  random: () => number
  log: (event: ApiLogEvent, secret: string) => void
}

export interface RetryLoopCall<T> {
  operation: string
  signal: AbortSignal | undefined
  /** The key text to scrub from logged errors (read lazily: it is fetched per attempt). */
  secret: () => string
  /** Runs attempt number `attempt` (1-based); reports the request's method and URL via `seen`. */
  attempt: (attempt: number, seen: (method: string, url: string) => void) => Promise<T>
}

export async function runWithRetry<T>(deps: RetryLoopDeps, call: RetryLoopCall<T>): Promise<T> {
  let onceRetriesUsed = 0
  let method = ''
  let url = ''
  const seen = (m: string, u: string) => {
    method = m
    url = u
  }
  for (let attempts = 1; ; attempts++) {
    if (call.signal?.aborted) throw abortedError(call.signal.reason)
    try {
      return await call.attempt(attempts, seen)
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      const base = { operation: call.operation, attempt: attempts, method, url }
      const decision = decideRetry(error, { attempts, onceRetriesUsed }, deps.retry, deps.random)
      if (!decision.retry) {
        deps.log({ type: 'failure', ...base, error: loggedError(error, call.secret()) }, call.secret())
        throw error
      }
      if (decision.once) onceRetriesUsed++
      deps.log(
        { type: 'retry', ...base, delayMs: decision.delayMs, error: loggedError(error, call.secret()) },
        call.secret(),
      )
      await sleepUnlessAborted(deps.sleep, decision.delayMs, call.signal)
    }
  }
}

async function sleepUnlessAborted(sleep: Sleep, ms: number, signal: AbortSignal | undefined): Promise<void> {
  try {
    await sleep(ms, signal)
  } catch (error) {
    if (signal?.aborted) throw abortedError(signal.reason)
    throw error
  }
  if (signal?.aborted) throw abortedError(signal.reason)
}

/** setTimeout-based sleep that ends early, rejecting, when `signal` aborts. */
export const abortableSleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason)
      return
    }
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal?.reason)
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
