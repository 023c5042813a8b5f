/**
 * How an upload failure is told: UploadFailedError with the server's status (null when no answer came)
 * and the wait it asked for (Retry-After, seconds or an HTTP date), and a sentence naming the file.
 */
import type * as tus from 'tus-js-client'
import { parseRetryAfter } from '../api/retry-policy'

export class UploadFailedError extends Error {
  /** HTTP status of the last answer, or null when no answer arrived (network). */
  readonly status: number | null
  /** How long the server asked Booth to wait (Retry-After), in ms; null when it did not say. */
  readonly retryAfterMs: number | null
  constructor(message: string, status: number | null, cause?: unknown, retryAfterMs: number | null = null) {
    super(message, cause === undefined ? undefined : { cause })
    this.name = 'UploadFailedError'
    this.status = status
    this.retryAfterMs = retryAfterMs
  }
}

/** The server's status from a tus DetailedError (null when no answer came back). */
function statusOf(err: unknown): number | null {
  const res = (err as { originalResponse?: tus.HttpResponse | null }).originalResponse
  return res ? res.getStatus() : null
}

/** A Retry-After header in ms, read as the API client reads it (main/api/retry-policy.ts). */
export function retryAfterOf(res: tus.HttpResponse | null | undefined, now = Date.now()): number | null {
  return parseRetryAfter(res?.getHeader('Retry-After') ?? res?.getHeader('retry-after'), now)
}

export function describeFailure(err: unknown, fileName: string): UploadFailedError {
  const status = statusOf(err)
  const body = (err as { originalResponse?: tus.HttpResponse | null }).originalResponse?.getBody() ?? ''
  let serverMessage: string | null = null
  try {
    const parsed = JSON.parse(body) as { message?: unknown }
    if (typeof parsed.message === 'string') serverMessage = parsed.message.slice(0, 300)
  } catch {
    // not JSON: keep Booth's own sentence
  }
  const text =
    status === null
      ? `Uploading ${fileName} failed: the server could not be reached.`
      : `Uploading ${fileName} failed: the server answered ${status}${serverMessage ? ` (${serverMessage})` : ''}.`
  const wait = retryAfterOf((err as { originalResponse?: tus.HttpResponse | null }).originalResponse)
  return new UploadFailedError(text, status, err, wait)
}
