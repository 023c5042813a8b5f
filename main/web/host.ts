/**
 * The web host's HTTP server: serves the built renderer and carries the bridge over HTTP + server-sent
 * events on 127.0.0.1 only. Generic over the bridge: it receives a dispatcher and an event subscription.
 *
 *   POST /bridge/call/<name>   body {"args": …}     → 200 {ok:true,result} | 4xx/5xx {ok:false,error}
 *   GET  /bridge/events                             → text/event-stream of `event: <name>` / `data: <json>`
 *   POST /bridge/page-gone                          → 204: the page is going (its pagehide beacon)
 * All need header X-Booth-Token (the tab key, handed to the page in the URL fragment, made afresh at every start);
 * X-Booth-Page names the page load a request comes from (page-presence.ts), so a recording belongs to the tab
 * that started it.
 *   GET  /bridge/hello?nonce=<43 base64url>          → 200 {ok:true,result:{proof}}: the host proves it holds the
 *        tab key before the tab sends it (shared/host-proof.ts); the only bridge path without the key.
 *   GET|HEAD /media/<id>                             → a take or a PDF, with the media cookie a keyed answer set
 * A slow or greedy local client cannot hold the host: headers within 10 s, a whole request within 2 min,
 * at most 32 connections at once (the page needs a handful).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { randomBytes } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { checkHostAndOrigin, tokenMatches } from './guard'
import { hostProof } from './host-proof'
import { serveStatic } from './static-files'
import { receiveUpload, type MediaRegistry } from './media-routes'
import { mayReadMedia, mediaCookie } from './media-cookie'
import type { BridgeFailure } from '../bridge/describe-error'
import type { FileGrants } from '../security/file-grants'
import { pageIdOf } from '../bridge/caller'
import type { PagePresence } from './page-presence'

/** How often the event stream says it is alive. */
export const PING_MS = 3_000

/** What one client may take of the host (Node's defaults: 60 s for headers, 5 min a request, no cap). */
export interface WebHostLimits {
  /** A request's headers must have arrived within this (a client sending them byte by byte is cut). */
  headersTimeoutMs: number
  /** A whole request, body included (a dropped file of 4 GB over the loopback takes well under it). */
  requestTimeoutMs: number
  /** Connections open at once; one more is closed at once. */
  maxConnections: number
}
export const WEB_HOST_LIMITS: WebHostLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 120_000,
  maxConnections: 32,
}

export interface WebHostOptions {
  port: number
  staticDir: string
  /** `from`: the page the call came from (its X-Booth-Page), when it said. */
  dispatch(name: string, args: unknown, from?: string): Promise<unknown>
  /**
   * Turn any thrown value into the answer the page sees (never a stack trace). `where` is the request's
   * path (a bridge call's name, a media id), for the log.
   */
  describeError(err: unknown, where: string): BridgeFailure
  subscribe(send: (event: string, data: unknown) => void): () => void
  token?: string
  maxBodyBytes?: number
  /** Local takes and PDFs the page may play or show (GET /media/<id>); ids are unguessable capabilities. */
  media?: MediaRegistry
  /** Where files dropped onto the page are received (POST /bridge/upload?name=…); without it, refused. */
  incomingDir?: string
  /** Hands out the one-time id the page names a received file by (importTake takes it, never a path). */
  files?: FileGrants
  /** How long close() lets answers under way (a bridge call, a take being played) finish before it cuts them. */
  closeGraceMs?: number
  /** Told as each page's event streams open and close and as it says it is going. */
  pages?: PagePresence
  /** Tests shorten them; the host keeps WEB_HOST_LIMITS. */
  limits?: Partial<WebHostLimits>
}

export interface WebHost {
  url: string
  /** The URL to open: carries the token in the fragment, which browsers never send to a server. */
  launchUrl: string
  port: number
  token: string
  close(): Promise<void>
}

export async function startWebHost(opts: WebHostOptions): Promise<WebHost> {
  const token = opts.token ?? randomBytes(24).toString('base64url')
  const mediaKey = randomBytes(24).toString('base64url')
  const limits = { ...WEB_HOST_LIMITS, ...opts.limits }
  const streams = new Set<ServerResponse>()
  /** Answers under way: once the host is closing, each one not yet begun is the last on its connection. */
  const unanswered = new Set<ServerResponse>()
  let closing = false
  let port = opts.port
  const server: Server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      // How often Node looks for requests over those times (its default, 30 s, would let them run on).
      connectionsCheckingInterval: Math.min(1_000, limits.headersTimeoutMs / 2),
    },
    (req, res) => {
      if (closing) res.setHeader('connection', 'close')
      unanswered.add(res)
      res.once('finish', () => unanswered.delete(res)).once('close', () => unanswered.delete(res))
      const url = new URL(req.url ?? '/', 'http://host')
      handle(req, res, url).catch((err: unknown) => {
        const failure = opts.describeError(err, url.pathname.slice(0, 120))
        if (!res.headersSent)
          sendJson(res, failure.status, { ok: false, error: { kind: failure.kind, message: failure.message } })
        else res.destroy()
      })
    },
  )

  async function handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const guard = checkHostAndOrigin(req, port)
    if (!guard.ok) return sendJson(res, guard.status, { ok: false, error: { kind: 'refused', message: guard.reason } })
    const path = url.pathname
    if (path.startsWith('/media/') && opts.media) {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.setHeader('allow', 'GET, HEAD')
        return sendJson(res, 405, { ok: false, error: { kind: 'refused', message: 'Booth’s media can only be read.' } })
      }
      if (!mayReadMedia(req, port, mediaKey, token))
        return sendJson(res, 401, {
          ok: false,
          error: {
            kind: 'refused',
            message: 'This page is not Booth’s own window; reopen Booth from the address it printed.',
          },
        })
      return opts.media.serve(req, res, path.slice('/media/'.length))
    }
    if (!path.startsWith('/bridge/')) return serveStatic(req, res, opts.staticDir, path)
    if (path === '/bridge/hello' && req.method === 'GET') {
      const proof = hostProof(token, url.searchParams.get('nonce') ?? '')
      if (proof === null)
        return sendJson(res, 400, {
          ok: false,
          error: { kind: 'bad_request', message: 'Booth proves itself only for a fresh nonce from its page.' },
        })
      return sendJson(res, 200, { ok: true, result: { proof } })
    }
    const given = req.headers['x-booth-token']
    if (!tokenMatches(typeof given === 'string' ? given : undefined, token)) {
      return sendJson(res, 401, {
        ok: false,
        error: {
          kind: 'refused',
          message: 'This page is not Booth’s own window; reopen Booth from the address it printed.',
        },
      })
    }
    // The tab's <audio> and download links carry this to /media/ (media-cookie.ts).
    res.setHeader('set-cookie', mediaCookie(port, mediaKey))
    const page = pageIdOf(req.headers['x-booth-page'])
    if (path === '/bridge/events' && req.method === 'GET') return openEventStream(res, page)
    if (path === '/bridge/page-gone' && req.method === 'POST') {
      if (page !== undefined) opts.pages?.beacon(page)
      return void res.writeHead(204).end()
    }
    if (path === '/bridge/upload' && req.method === 'POST' && opts.incomingDir && opts.files) {
      const name = url.searchParams.get('name') ?? 'dropped-file'
      // The page gets an id for the copy, not its path: only what it handed over can be imported.
      return sendJson(res, 200, {
        ok: true,
        result: { path: opts.files.grant(await receiveUpload(req, opts.incomingDir, name)) },
      })
    }
    const call = /^\/bridge\/call\/([A-Za-z][A-Za-z0-9]*)$/.exec(path)
    if (!call || req.method !== 'POST')
      return sendJson(res, 404, { ok: false, error: { kind: 'not_found', message: 'No such bridge call.' } })
    if (!(req.headers['content-type'] ?? '').startsWith('application/json')) {
      return sendJson(res, 415, {
        ok: false,
        error: { kind: 'bad_request', message: 'Bridge calls are sent as JSON.' },
      })
    }
    const body = await readBody(req, opts.maxBodyBytes ?? 1_000_000)
    let parsed: unknown
    try {
      parsed = body.length ? JSON.parse(body) : {}
    } catch {
      return sendJson(res, 400, {
        ok: false,
        error: { kind: 'bad_request', message: 'The bridge call was not valid JSON.' },
      })
    }
    const args = typeof parsed === 'object' && parsed !== null ? (parsed as { args?: unknown }).args : undefined
    const result = await opts.dispatch(call[1] as string, args, page)
    sendJson(res, 200, { ok: true, result: result ?? null })
  }

  function openEventStream(res: ServerResponse, page: string | undefined): void {
    // Quitting: no stream (a 2xx, so the page's console stays quiet), and the page's reader tries again later.
    if (closing) return void res.writeHead(204).end()
    unanswered.delete(res)
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' })
    res.write(': booth events\n\n')
    streams.add(res)
    if (page !== undefined) opts.pages?.streamOpened(page)
    // Often enough for the page to tell a hung or vanished host from a quiet one within seconds
    // (renderer/src/bridge/http-transport.ts SILENCE_MS).
    const keepAlive = setInterval(() => res.write(': ping\n\n'), PING_MS)
    keepAlive.unref()
    // A stream ended at quit is unsubscribed only on its 'close', which comes later: nothing is written after the end.
    const unsubscribe = opts.subscribe((event, data) => {
      if (!res.writableEnded) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)
    })
    res.on('close', () => {
      clearInterval(keepAlive)
      unsubscribe()
      streams.delete(res)
      if (page !== undefined) opts.pages?.streamClosed(page)
    })
  }

  server.maxConnections = limits.maxConnections
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.port, '127.0.0.1', () => resolve())
  })
  port = (server.address() as AddressInfo).port
  const url = `http://127.0.0.1:${port}/`
  return {
    url,
    launchUrl: `${url}#t=${token}`,
    port,
    token,
    close: async () => {
      // The server stops taking connections, but a kept-alive one still brings requests, and the page
      // reconnects its event stream on any it has (which would keep this host open for good). So every
      // answer from now on closes its connection, and whatever is still open after a grace period is cut.
      closing = true
      opts.pages?.close()
      for (const res of unanswered) if (!res.headersSent) res.setHeader('connection', 'close')
      for (const res of streams) res.end()
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      const grace = setTimeout(() => server.closeAllConnections(), opts.closeGraceMs ?? 5_000)
      await closed
      clearTimeout(grace)
    },
  }
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body)
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(text),
  })
  res.end(text)
}

async function readBody(req: IncomingMessage, limit: number): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > limit) throw Object.assign(new Error('The bridge call was too large.'), { status: 413 })
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks).toString('utf8')
}
