/**
 * The talent API's envelopes (resources/api/talent-v1.yaml): success `{ok: true, api_version: '1', ...fields}`,
 * error `{ok: false, api_version: '1', error, message, retry_after?}`. Handlers build a Reply; the server
 * sends it (adding X-Request-Id), or drops the connection when a fault says so.
 */
import type { ServerResponse } from 'node:http'
import type { Readable } from 'node:stream'
import { SandboxError, type ErrorCode } from '../seam'

export const API_VERSION = '1'

export interface Reply {
  status: number
  headers: Record<string, string>
  body?: string | Buffer | Readable
}

export interface ErrorBody {
  ok: false
  api_version: string
  error: ErrorCode
  message: string
  retry_after?: number
}

export function errorBody(code: ErrorCode, message: string, retryAfterS?: number): ErrorBody {
  const body: ErrorBody = { ok: false, api_version: API_VERSION, error: code, message }
  if (retryAfterS !== undefined) body.retry_after = Math.max(1, Math.ceil(retryAfterS))
  return body
}

export function successBody(fields: unknown, replayed = false): Record<string, unknown> {
  const base = fields !== null && typeof fields === 'object' && !Array.isArray(fields) ? fields : {}
  const body: Record<string, unknown> = { ok: true, api_version: API_VERSION, ...base }
  body.ok = true
  body.api_version = API_VERSION
  if (replayed) body.replayed = true
  else delete body.replayed
  return body
}

export function jsonReply(status: number, body: unknown, headers: Record<string, string> = {}): Reply {
  return {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
    body: JSON.stringify(body),
  }
}

export function errorReply(
  status: number,
  code: ErrorCode,
  message: string,
  retryAfterS?: number,
  headers: Record<string, string> = {},
): Reply {
  const body = errorBody(code, message, retryAfterS)
  const extra = body.retry_after !== undefined ? { 'Retry-After': String(body.retry_after), ...headers } : headers
  return jsonReply(status, body, extra)
}

/** A SandboxError as its envelope; anything else as a 500 without internal detail (logged). */
export function replyForError(err: unknown, log: (line: string) => void): Reply {
  if (err instanceof SandboxError) {
    const headers: Record<string, string> = err.status === 413 ? { Connection: 'close' } : {}
    return errorReply(err.status, err.code, err.message, err.retryAfterS, headers)
  }
  log(`sandbox: unexpected failure: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`)
  return errorReply(
    500,
    'server_error',
    'The sandbox failed while handling this request; quote the X-Request-Id when reporting it.',
  )
}

/** Write a Reply to the socket. */
export function sendReply(res: ServerResponse, reply: Reply, extraHeaders: Record<string, string>): void {
  if (res.headersSent || res.destroyed) return
  const headers: Record<string, string> = { ...reply.headers, ...extraHeaders }
  const body = reply.body
  if (typeof body === 'string' || Buffer.isBuffer(body)) headers['Content-Length'] = String(Buffer.byteLength(body))
  res.writeHead(reply.status, headers)
  if (body === undefined || typeof body === 'string' || Buffer.isBuffer(body)) {
    res.end(body)
    return
  }
  body.on('error', () => res.destroy())
  body.pipe(res)
}

/** Discard a Reply's body stream when the reply will not be sent. */
export function discardReply(reply: Reply): void {
  const body = reply.body
  if (body && typeof body !== 'string' && !Buffer.isBuffer(body)) body.destroy()
}
