/**
 * An HTTP proxy on 127.0.0.1 in front of the sandbox that counts the request-body bytes clients send and
 * can slow them to a set rate, so a test can stop a process in the middle of an upload and then measure
 * how much a resumed upload sends again. It rewrites the sandbox's absolute tus Location so uploads keep
 * going through it. Real sockets and a real server; nothing is mocked.
 */
import { createServer, request, type ClientRequest, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface ByteCountingProxy {
  url: string
  /** Request-body bytes received from clients since the last reset. */
  bytesUp(): number
  reset(): void
  /** Bytes per second per request, or null for full speed. */
  setRate(bytesPerSecond: number | null): void
  /** Cuts every open request at once, like a network drop (nothing buffered here goes on). */
  dropAll(): void
  close(): Promise<void>
}

export async function startProxy(targetUrl: string): Promise<ByteCountingProxy> {
  const target = new URL(targetUrl)
  let up = 0
  let rate: number | null = null
  let selfUrl = ''
  const open = new Set<{ req: IncomingMessage; upstream: ClientRequest }>()
  const server = createServer((req, res) => {
    const upstream = request({
      host: target.hostname,
      port: target.port,
      method: req.method,
      path: req.url,
      headers: req.headers,
    })
    const pair = { req, upstream }
    open.add(pair)
    const end = () => {
      open.delete(pair)
      upstream.destroy()
      req.socket.destroy()
    }
    req.on('error', end).on('aborted', end)
    upstream.on('error', end)
    upstream.on('response', (answer) => {
      const headers = { ...answer.headers }
      if (typeof headers.location === 'string') headers.location = headers.location.replace(target.origin, selfUrl)
      res.writeHead(answer.statusCode ?? 502, headers)
      answer.pipe(res)
      answer.on('end', () => open.delete(pair))
    })
    req.on('data', (chunk: Buffer) => {
      up += chunk.length
      upstream.write(chunk)
      if (rate !== null) {
        req.pause()
        setTimeout(() => req.resume(), (chunk.length / rate) * 1000)
      }
    })
    req.on('end', () => upstream.end())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  selfUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url: selfUrl,
    bytesUp: () => up,
    reset: () => {
      up = 0
    },
    setRate: (r) => {
      rate = r
    },
    dropAll: () => {
      for (const { req, upstream } of open) {
        upstream.destroy()
        req.socket.destroy()
      }
      open.clear()
    },
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
