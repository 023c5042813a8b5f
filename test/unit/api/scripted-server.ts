/**
 * A real HTTP server on 127.0.0.1 (port 0) that answers each request with the next scripted reply.
 * Tests push replies, call the client, then read what the server received.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface Received {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: string
}

export type Reply = (req: IncomingMessage, res: ServerResponse, received: Received) => void

export interface ScriptedServer {
  url: string
  received: Received[]
  /** Queue replies, used in order; when the queue is empty, `fallback` answers (default: 599 error). */
  push(...replies: Reply[]): void
  fallback: Reply | null
  /** Forget queued replies, the fallback and what was received. */
  reset(): void
  close(): Promise<void>
}

export async function startScriptedServer(): Promise<ScriptedServer> {
  const queue: Reply[] = []
  const received: Received[] = []
  const state: ScriptedServer = {
    url: '',
    received,
    push: (...replies) => queue.push(...replies),
    fallback: null,
    reset: () => {
      queue.length = 0
      received.length = 0
      state.fallback = null
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const entry = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      }
      received.push(entry)
      const reply = queue.shift() ?? state.fallback
      if (reply) reply(req, res, entry)
      else
        json(599, { ok: false, api_version: '1', error: 'no_reply_scripted', message: 'The test scripted no reply.' })(
          req,
          res,
          entry,
        )
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return state
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Reply {
  return (_req, res) => {
    const text = typeof body === 'string' ? body : JSON.stringify(body)
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers })
    res.end(text)
  }
}

export function ok(fields: Record<string, unknown> = {}, headers: Record<string, string> = {}): Reply {
  return json(200, { ok: true, api_version: '1', ...fields }, headers)
}

export function apiError(
  status: number,
  code: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Reply {
  return json(status, { ok: false, api_version: '1', error: code, message: `Server says ${code}.`, ...extra }, headers)
}

export function html(status: number): Reply {
  return (_req, res) => {
    res.writeHead(status, { 'content-type': 'text/html' })
    res.end('<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1><hr>nginx</body></html>')
  }
}

/** Closes the connection without an answer. */
export function drop(): Reply {
  return (req) => req.socket.destroy()
}

/** Sends the status and half a body, then cuts the connection. */
export function cutMidBody(): Reply {
  return (req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': '400' })
    res.write('{"ok":true,"api_version":"1","key_id":')
    setTimeout(() => req.socket.destroy(), 10)
  }
}

/** Sends the status and the start of a body, then goes silent. */
export function stallMidBody(): Reply {
  return (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': '400' })
    res.write('{"ok":true,')
  }
}

/** Never answers (until the server closes). */
export function hang(): Reply {
  return () => {}
}
