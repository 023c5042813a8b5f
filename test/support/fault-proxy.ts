/**
 * A small HTTP fault proxy of Booth's own: it sits between Booth's client and the sandbox (or any
 * loopback HTTP server) and misbehaves on purpose, per request or by rule, the way real networks do.
 *
 *   const proxy = await startFaultProxy({ upstream: sandbox.url })
 *   const client = createTalentClient({ baseUrl: proxy.url, ... })
 *   proxy.addRule({ method: 'GET', path: '/api/v1/jobs', times: 1, fault: { type: 'drop_after' } })
 *   proxy.once({ type: 'retry_after', seconds: 3600 })        // the next request, whatever it is
 *   await proxy.down(); ...; await proxy.up()                  // refused connections, then back on the same port
 *   proxy.requests                                            // what arrived and what was done to it
 *   await proxy.close()
 *
 * Rules are tried in the order added; the first whose method and path match and which has uses left
 * decides the request's fault (`skip` lets the first N matches through untouched). A request no rule
 * takes passes through. Faults:
 * - pass          forward to the upstream and back (the default)
 * - stall         accept the request and never answer (nothing reaches the upstream)
 * - stall_body    forward; send the answer's headers and `afterBytes` of its body, then go silent
 * - stall_request forward only the first `afterBytes` of the REQUEST body (an upload PATCH), then cut the
 *                 upstream request (a tus server keeps what arrived and reports that offset) and stop
 *                 reading the client's body, never answering: the client sees its upload stall
 * - drop_after    forward; let the upstream handle it fully; then destroy the connection unanswered
 * - reset         destroy the connection at once (nothing reaches the upstream)
 * - cut_body      forward; send the headers (with the full Content-Length) and `afterBytes` of the body, then close
 * - retry_after   answer 429 rate_limited (or 503 unavailable) with Retry-After: seconds, without forwarding
 * - html          answer a proxy's HTML error page (502 text/html unless told), without forwarding
 * - oversized     answer 200 application/json streaming `bytes` of valid JSON (optionally with Content-Length)
 * - mangle        forward; change the upstream's JSON answer at the places named (a field null, missing, of
 *                 another type or an unknown enum value; answer-mangling.ts) before it reaches the client
 * A whole-proxy refusal is `down()` (the listening socket closes: ECONNREFUSED) and `refusedUrl()` gives
 * an address nothing listens on.
 *
 * Bounded: loopback only (it listens on 127.0.0.1, port 0, and forwards only to a loopback upstream),
 * at most `maxConnections` open sockets, stalls end after `maxStallMs` (default 5 minutes), the request
 * log keeps the latest 10 000 entries, answers it must hold to rewrite
 * or cut are capped at 16 MiB, and close() destroys every socket it holds. Passing answers have the
 * upstream's origin rewritten to the proxy's (Location headers and JSON bodies), so links the sandbox
 * hands out (tus uploads, listen and PDF links) also go through the proxy.
 */
import {
  createServer,
  request as httpRequest,
  type ClientRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http'
import type { Socket } from 'node:net'
import { answerHtml, answerOversized, answerRetryAfter } from './fault-answers'
import { mangleJson, type Mangle } from './answer-mangling'

export type Fault =
  | { type: 'pass' }
  | { type: 'stall' }
  | { type: 'stall_body'; afterBytes?: number }
  | { type: 'stall_request'; afterBytes: number }
  | { type: 'drop_after' }
  | { type: 'reset' }
  | { type: 'cut_body'; afterBytes?: number }
  | { type: 'retry_after'; seconds: number; status?: 429 | 503; inBody?: boolean }
  | { type: 'html'; status?: number }
  | { type: 'oversized'; bytes: number; declareLength?: boolean }
  | { type: 'mangle'; mangles: Mangle[] }

export interface FaultRule {
  /** HTTP method to match (any when left out). */
  method?: string
  /** URL path to match: a string matches exactly or as a prefix ending at '/', a RegExp is tested. Any when left out. */
  path?: string | RegExp
  /** Matching requests let through untouched before the fault applies. Default 0. */
  skip?: number
  /** How many matching requests get the fault. Default: every one. */
  times?: number
  fault: Fault
}

export interface ProxiedRequest {
  method: string
  path: string
  fault: Fault['type']
  idempotencyKey: string | null
  at: number
  /** For an oversized answer: the bytes written to the client once its connection closed. */
  answeredBytes?: number
  /** For a mangle whose place the answer does not have: why (the connection was dropped instead). */
  mangleError?: string
}

export interface FaultProxyOptions {
  /** The loopback origin to forward to, e.g. the sandbox's url. */
  upstream: string
  maxConnections?: number
  maxStallMs?: number
  /** Rewrite the upstream's origin to the proxy's in Location headers and JSON bodies. Default true. */
  rewriteOrigin?: boolean
}

export interface FaultProxy {
  url: string
  port: number
  /** Every request that arrived, in order, with the fault it got. */
  requests: ProxiedRequest[]
  addRule(rule: FaultRule): void
  /** The next request (any method and path) gets `fault`. */
  once(fault: Fault): void
  clearRules(): void
  /** Stop listening (new connections are refused) and drop open connections. */
  down(): Promise<void>
  /** Listen again on the same port. */
  up(): Promise<void>
  close(): Promise<void>
}

const HOLD_CAP = 16 * 1024 * 1024
/** The request log keeps the latest this many entries. */
const MAX_LOGGED = 10_000
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]'])

export async function startFaultProxy(options: FaultProxyOptions): Promise<FaultProxy> {
  const upstream = new URL(options.upstream)
  if (upstream.protocol !== 'http:' || !LOOPBACK.has(upstream.hostname)) {
    throw new Error(`The fault proxy forwards only to a loopback http:// server (got ${options.upstream}).`)
  }
  const maxStallMs = options.maxStallMs ?? 5 * 60_000
  const rewrite = options.rewriteOrigin ?? true
  const rules: Array<FaultRule & { seen: number; used: number }> = []
  const requests: ProxiedRequest[] = []
  const sockets = new Set<Socket>()
  const timers = new Set<NodeJS.Timeout>()
  let origin = ''

  const hold = (socket: Socket) => {
    const timer = setTimeout(() => socket.destroy(), maxStallMs)
    timers.add(timer)
    socket.once('close', () => {
      clearTimeout(timer)
      timers.delete(timer)
    })
  }

  const pick = (method: string, path: string): Fault => {
    for (const rule of rules) {
      if (rule.method && rule.method.toUpperCase() !== method) continue
      if (rule.path !== undefined && !pathMatches(rule.path, path)) continue
      if (rule.times !== undefined && rule.used >= rule.times) continue
      rule.seen += 1
      if (rule.seen <= (rule.skip ?? 0)) return { type: 'pass' }
      rule.used += 1
      return rule.fault
    }
    return { type: 'pass' }
  }

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    // A client that goes away mid-request is part of the game, never a crash of the proxy.
    req.on('error', () => {})
    res.on('error', () => {})
    const method = req.method ?? 'GET'
    const path = new URL(req.url ?? '/', 'http://proxy').pathname
    const fault = pick(method, path)
    const key = req.headers['idempotency-key']
    const entry: ProxiedRequest = {
      method,
      path,
      fault: fault.type,
      idempotencyKey: typeof key === 'string' ? key : null,
      at: Date.now(),
    }
    requests.push(entry)
    if (requests.length > MAX_LOGGED) requests.splice(0, requests.length - MAX_LOGGED)
    switch (fault.type) {
      case 'stall':
        req.resume()
        return hold(req.socket)
      case 'reset':
        return req.socket.destroy()
      case 'retry_after':
        return answerRetryAfter(req, res, fault)
      case 'html':
        return answerHtml(req, res, fault.status ?? 502)
      case 'oversized':
        return answerOversized(req, res, fault, (bytes) => (entry.answeredBytes = bytes))
      default:
        return forward(req, res, fault, entry)
    }
  }

  const forward = (req: IncomingMessage, res: ServerResponse, fault: Fault, entry: ProxiedRequest) => {
    const out = httpRequest(
      {
        host: upstream.hostname.replace(/^\[|\]$/g, ''),
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (up) => {
        if (fault.type === 'drop_after') {
          up.resume()
          up.once('end', () => res.socket?.destroy())
          return
        }
        const headers = { ...up.headers }
        if (rewrite && typeof headers.location === 'string')
          headers.location = headers.location.split(upstream.origin).join(origin)
        const rewriteBody = rewrite && /json/i.test(String(headers['content-type'] ?? ''))
        if (!rewriteBody && fault.type === 'pass') {
          res.writeHead(up.statusCode ?? 502, headers)
          up.pipe(res)
          return
        }
        collect(up, (body) => {
          if (body === null) return res.socket?.destroy()
          let text = rewriteBody ? Buffer.from(body.toString('utf8').split(upstream.origin).join(origin)) : body
          if (fault.type === 'mangle') {
            try {
              text = Buffer.from(mangleJson(text.toString('utf8'), fault.mangles))
            } catch (err) {
              entry.mangleError = err instanceof Error ? err.message : String(err)
              return res.socket?.destroy()
            }
          }
          headers['content-length'] = String(text.length)
          delete headers['transfer-encoding']
          res.writeHead(up.statusCode ?? 502, headers)
          if (fault.type === 'cut_body' || fault.type === 'stall_body') {
            const part = Math.min(fault.afterBytes ?? Math.floor(text.length / 2), Math.max(0, text.length - 1))
            const socket = res.socket
            res.write(text.subarray(0, part), () =>
              fault.type === 'cut_body' ? socket?.destroy() : socket && hold(socket),
            )
            return
          }
          res.end(text)
        })
      },
    )
    // Cutting the upstream is part of stall_request; the client's connection is held, not closed.
    out.on('error', () => fault.type !== 'stall_request' && res.socket?.destroy())
    if (fault.type === 'stall_request') return forwardPart(req, out, fault.afterBytes, hold)
    req.pipe(out)
  }

  const server: Server = createServer(handle)
  server.maxConnections = options.maxConnections ?? 64
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
  })
  server.on('clientError', (_err, socket) => socket.destroy())

  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject)
        const address = server.address()
        resolve(typeof address === 'object' && address ? address.port : port)
      })
    })
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const timer of timers) clearTimeout(timer)
      timers.clear()
      for (const socket of sockets) socket.destroy()
      if (!server.listening) return resolve()
      server.close(() => resolve())
    })

  const port = await listen(0)
  origin = `http://127.0.0.1:${port}`
  return {
    url: origin,
    port,
    requests,
    addRule: (rule) => rules.push({ ...rule, seen: 0, used: 0 }),
    once: (fault) => rules.unshift({ fault, times: 1, seen: 0, used: 0 }),
    clearRules: () => void rules.splice(0),
    down: stop,
    up: async () => {
      if (!server.listening) await listen(port)
    },
    close: stop,
  }
}

/**
 * Passes the first `limit` bytes of the request body on, then cuts the upstream request (so the upstream
 * keeps what arrived) and stops reading the client, which sees its upload stall with no answer.
 */
function forwardPart(req: IncomingMessage, out: ClientRequest, limit: number, hold: (socket: Socket) => void): void {
  let sent = 0
  const stop = () => {
    req.pause()
    req.removeAllListeners('data')
    hold(req.socket)
    out.write(Buffer.alloc(0), () => out.destroy())
  }
  if (limit <= 0) return stop()
  req.on('data', (chunk: Buffer) => {
    const part = chunk.subarray(0, Math.max(0, limit - sent))
    sent += part.length
    if (part.length > 0) out.write(part)
    if (sent >= limit) stop()
  })
}

/** An http:// address on loopback that nothing listens on (connections are refused). */
export async function refusedUrl(): Promise<string> {
  const server = createServer()
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
  )
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return `http://127.0.0.1:${port}`
}

function pathMatches(pattern: string | RegExp, path: string): boolean {
  if (typeof pattern !== 'string') return pattern.test(path)
  return path === pattern || path.startsWith(pattern.endsWith('/') ? pattern : `${pattern}/`)
}

/** The whole upstream body, or null when it is over the cap or fails. */
function collect(stream: IncomingMessage, done: (body: Buffer | null) => void): void {
  const chunks: Buffer[] = []
  let size = 0
  let finished = false
  const finish = (body: Buffer | null) => {
    if (finished) return
    finished = true
    done(body)
  }
  stream.on('data', (chunk: Buffer) => {
    size += chunk.length
    if (size > HOLD_CAP) {
      stream.destroy()
      return finish(null)
    }
    chunks.push(chunk)
  })
  stream.once('end', () => finish(Buffer.concat(chunks)))
  stream.once('error', () => finish(null))
}
