/**
 * The fault proxy's canned answers, sent without asking the upstream: a 429/503 with Retry-After, a
 * proxy's HTML error page, and an oversized JSON answer streamed with back-pressure.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Fault } from './fault-proxy'

export function answerRetryAfter(
  req: IncomingMessage,
  res: ServerResponse,
  fault: Extract<Fault, { type: 'retry_after' }>,
): void {
  req.resume()
  const status = fault.status ?? 429
  const envelope: Record<string, unknown> = {
    ok: false,
    api_version: '1',
    error: status === 429 ? 'rate_limited' : 'unavailable',
    message: status === 429 ? 'Too many requests.' : 'The service is unavailable.',
  }
  if (fault.inBody ?? status === 429) envelope.retry_after = fault.seconds
  const body = JSON.stringify(envelope)
  res.writeHead(status, {
    'content-type': 'application/json',
    'retry-after': String(fault.seconds),
    'content-length': Buffer.byteLength(body),
  })
  res.end(body)
}

export function answerHtml(req: IncomingMessage, res: ServerResponse, status: number): void {
  req.resume()
  const body = `<!DOCTYPE html><html><head><title>${status} Bad Gateway</title></head><body><h1>${status} Bad Gateway</h1><p>nginx</p></body></html>`
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(body) })
  res.end(body)
}

/**
 * A valid JSON success envelope of `fault.bytes` bytes, streamed with back-pressure so the proxy stays small
 * too; `onClosed` gets how many bytes were written when the connection closed.
 */
export function answerOversized(
  req: IncomingMessage,
  res: ServerResponse,
  fault: Extract<Fault, { type: 'oversized' }>,
  onClosed: (bytes: number) => void = () => {},
): void {
  req.resume()
  const head = Buffer.from('{"ok":true,"api_version":"1","items":["')
  const tail = Buffer.from('"],"page":1}')
  const total = Math.max(fault.bytes, head.length + tail.length)
  const headers: Record<string, string | number> = { 'content-type': 'application/json' }
  if (fault.declareLength) headers['content-length'] = total
  res.writeHead(200, headers)
  const filler = Buffer.alloc(64 * 1024, 'x')
  let left = total - head.length - tail.length
  let written = head.length
  res.write(head)
  const pump = () => {
    while (left > 0) {
      const chunk = left >= filler.length ? filler : filler.subarray(0, left)
      left -= chunk.length
      written += chunk.length
      if (!res.write(chunk)) return void res.once('drain', pump)
    }
    written += tail.length
    res.end(tail)
  }
  res.once('close', () => {
    left = 0
    onClosed(written)
  })
  pump()
}
