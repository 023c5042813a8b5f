/**
 * Booth's own HTTP transport for the API and for downloads: node:http / node:https behind a fetch-like
 * signature. Unlike the global fetch it reports when the socket is connected (so the connect timeout and
 * the idle timeout can be told apart), keeps the socket's own error codes (ECONNREFUSED, ENOTFOUND,
 * CERT_HAS_EXPIRED...) so failures are named for what they are, and streams the answer body without
 * reading ahead of the reader. It never follows redirects (the API does not use them; downloads do it
 * themselves, see stream-download.ts).
 */
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import type { LookupFunction } from 'node:net'
import { ApiError } from './errors'

export interface TransportHooks {
  /** The socket is connected (for https: the TLS handshake is done). */
  connected(): void
}

/** What the client sends requests through; `hooks` is optional so any fetch fits. */
export type FetchLike = (request: Request, hooks?: TransportHooks) => Promise<Response>

export interface NodeTransportOptions {
  /** Name lookup (tests use it to make DNS fail; default the system's). */
  lookup?: LookupFunction
  /** Extra trusted certificate authorities (tests with a local https server). */
  ca?: string | Buffer
}

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304])
const BODY_QUEUE_BYTES = 64 * 1024

/** A FetchLike on node:http / node:https that reports the connection. */
export function createNodeTransport(options: NodeTransportOptions = {}): FetchLike {
  return async (request, hooks) => {
    const url = new URL(request.url)
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : null
    const headers: Record<string, string> = {}
    request.headers.forEach((value, name) => {
      headers[name] = value
    })
    if (body) headers['content-length'] = String(body.length)
    const secure = url.protocol === 'https:'
    const send = secure ? httpsRequest : httpRequest
    const extra = secure && options.ca ? { ca: options.ca } : {}

    return new Promise<Response>((resolve, reject) => {
      if (request.signal.aborted) return reject(request.signal.reason)
      const req: ClientRequest = send(url, { method: request.method, headers, lookup: options.lookup, ...extra })
      const onAbort = () =>
        req.destroy(request.signal.reason instanceof Error ? request.signal.reason : new Error('aborted'))
      request.signal.addEventListener('abort', onAbort, { once: true })
      const release = () => request.signal.removeEventListener('abort', onAbort)

      req.once('socket', (socket) => {
        if (!socket.connecting) hooks?.connected()
        else socket.once(secure ? 'secureConnect' : 'connect', () => hooks?.connected())
      })
      // 'on', not 'once': a request destroyed after its answer began may report a second error.
      req.on('error', (error) => {
        release()
        reject(error)
      })
      req.once('response', (res: IncomingMessage) => {
        res.once('close', release)
        try {
          resolve(toResponse(res, request.method))
        } catch (error) {
          res.destroy()
          reject(error)
        }
      })
      req.end(body ?? undefined)
    })
  }
}

function toResponse(res: IncomingMessage, method: string): Response {
  const status = res.statusCode ?? 0
  if (status < 200 || status > 599) {
    throw new ApiError({
      kind: 'invalid_response',
      message: `The server answered with HTTP status ${status}, which is not a valid answer.`,
      status,
      retryable: false,
    })
  }
  const headers = new Headers()
  for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) {
    const name = res.rawHeaders[i] ?? ''
    const value = res.rawHeaders[i + 1] ?? ''
    try {
      headers.append(name, value)
    } catch {
      // A header the Fetch API cannot hold (invalid bytes) is dropped, never a crash.
    }
  }
  if (method === 'HEAD' || NULL_BODY_STATUSES.has(status)) {
    res.resume()
    return new Response(null, { status, statusText: res.statusMessage, headers })
  }
  return new Response(bodyStream(res), { status, statusText: res.statusMessage, headers })
}

/**
 * The answer body as a web stream that reads from the socket only as fast as it is consumed: at most
 * about 64 KiB waits in the queue (Readable.toWeb on Node 20 reads ahead without bound).
 */
function bodyStream(res: IncomingMessage): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        let open = true
        const finish = (end: () => void) => {
          if (!open) return
          open = false
          end()
        }
        res.on('data', (chunk: Buffer) => {
          if (!open) return
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength))
          if ((controller.desiredSize ?? 0) <= 0) res.pause()
        })
        res.once('end', () => finish(() => controller.close()))
        res.once('error', (error) => finish(() => controller.error(error)))
        res.once('aborted', () =>
          finish(() => controller.error(Object.assign(new Error('the answer was cut off'), { code: 'ECONNRESET' }))),
        )
        res.once('close', () => {
          // Closed without 'end': the connection went away mid-answer.
          if (!res.complete)
            finish(() => controller.error(Object.assign(new Error('the answer was cut off'), { code: 'ECONNRESET' })))
        })
      },
      pull() {
        res.resume()
      },
      cancel() {
        res.destroy()
      },
    },
    { highWaterMark: BODY_QUEUE_BYTES, size: (chunk) => chunk.byteLength },
  )
}

/** The process-wide transport of the API client and downloads. */
export const nodeTransport: FetchLike = createNodeTransport()
