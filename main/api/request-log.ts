/**
 * What the client's `log` hook sees: redacted requests, answers and retry decisions.
 *
 * The API key never reaches the hook: the Authorization header (and any cookie or proxy credential) is
 * dropped, and any occurrence of the key's text in a URL, header value or error message is replaced by
 * "[redacted]" as a second line of defence. A hook that throws never breaks a call.
 */
import { ApiError, type ApiErrorInit } from './errors'

export type LoggedError = Omit<ApiErrorInit, 'cause'> & { name: string }

interface Base {
  /** The client method, e.g. 'listJobs'. */
  operation: string
  /** 1 for the first attempt. */
  attempt: number
  method: string
  url: string
}

export type ApiLogEvent =
  | (Base & { type: 'request'; headers: Record<string, string> })
  | (Base & { type: 'response'; status: number; requestId: string | null; durationMs: number })
  | (Base & { type: 'retry'; delayMs: number; error: LoggedError })
  | (Base & { type: 'failure'; error: LoggedError })

export type ApiLogHook = (event: ApiLogEvent) => void

const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie'])
const REDACTED = '[redacted]'

/** Request headers without credentials, as a plain object. */
export function redactHeaders(headers: Headers, secret: string): Record<string, string> {
  const out: Record<string, string> = {}
  headers.forEach((value, name) => {
    if (SECRET_HEADERS.has(name.toLowerCase())) return
    out[name] = scrub(value, secret)
  })
  return out
}

/** Replaces every occurrence of `secret` in `text`. */
export function scrub(text: string, secret: string): string {
  return secret.length >= 4 ? text.split(secret).join(REDACTED) : text
}

export function loggedError(error: ApiError, secret: string): LoggedError {
  const json = error.toJSON()
  return {
    ...json,
    message: scrub(json.message, secret),
    serverMessage: json.serverMessage == null ? json.serverMessage : scrub(json.serverMessage, secret),
  }
}

/** The same error with the key's text removed from its messages (a server could echo it back). */
export function withoutSecret(error: ApiError, secret: string): ApiError {
  const message = scrub(error.message, secret)
  const serverMessage = error.serverMessage == null ? null : scrub(error.serverMessage, secret)
  if (message === error.message && serverMessage === error.serverMessage) return error
  return new ApiError({ ...error.toJSON(), message, serverMessage, cause: error.cause })
}

/** Wraps a hook so it cannot throw into the call and never sees the key. */
export function safeLogger(hook: ApiLogHook | undefined): (event: ApiLogEvent, secret: string) => void {
  if (!hook) return () => {}
  return (event, secret) => {
    try {
      hook({ ...event, url: scrub(event.url, secret) })
    } catch {
      // A logging failure must not fail the API call.
    }
  }
}
