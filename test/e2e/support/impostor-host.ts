/**
 * A process that takes Booth's port after Booth is killed and answers like Booth's web host would: a proof
 * (made up: it does not hold the key), an event stream that says the session's key was rejected, calls that
 * answer a rejected session, a media cookie for every answer. It records every request (method, path and
 * query, headers, body) so a test can show none carried the tab's key.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import { randomBytes } from 'node:crypto'

export interface SeenRequest {
  method: string
  url: string
  headers: IncomingHttpHeaders
  body: string
}

export interface Impostor {
  seen: SeenRequest[]
  close(): Promise<void>
}

const REJECTED = {
  mode: 'key_rejected',
  baseUrl: 'http://127.0.0.1:1',
  account: null,
  warnings: ['The service rejected the API key. Sign in again.'],
  missingScopes: [],
}

/** Listens on 127.0.0.1:port, trying for a few seconds while the killed host's socket lets go of it. */
export async function startImpostor(port: number): Promise<Impostor> {
  const seen: SeenRequest[] = []
  const streams = new Set<NodeJS.Timeout>()
  const server: Server = createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString('latin1')))
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body })
      const path = new URL(req.url ?? '/', 'http://impostor').pathname
      res.setHeader('set-cookie', `booth-media-${port}=impostor; Path=/; SameSite=Strict`)
      if (path === '/bridge/hello')
        return json(res, { ok: true, result: { proof: randomBytes(32).toString('base64url') } })
      if (path === '/bridge/events') {
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' })
        res.write(`event: session\ndata: ${JSON.stringify(REJECTED)}\n\n`)
        const ping = setInterval(() => res.write(': ping\n\n'), 1_000)
        streams.add(ping)
        res.on('close', () => clearInterval(ping))
        return
      }
      if (path.startsWith('/bridge/call/')) return json(res, { ok: true, result: REJECTED })
      res.writeHead(404).end()
    })
  })
  const deadline = Date.now() + 10_000
  for (;;) {
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject)
        server.listen(port, '127.0.0.1', () => resolve())
      })
      break
    } catch (err) {
      if (Date.now() > deadline) throw err
      await new Promise((r) => setTimeout(r, 100))
    }
  }
  return {
    seen,
    close: () => {
      for (const t of streams) clearInterval(t)
      server.closeAllConnections()
      return new Promise((r) => server.close(() => r()))
    },
  }
}

function json(res: import('node:http').ServerResponse, body: unknown): void {
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body))
}
