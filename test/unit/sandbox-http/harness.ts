/**
 * Test harness: a sandbox on 127.0.0.1:0 in front of the fake world, and `call()`, which sends one request
 * and checks every answer it gets: an X-Request-Id, and a JSON body valid against the API document
 * (the operation's 200 schema, or the error envelope).
 */
import { request } from 'node:http'
import { expect } from 'vitest'
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../../sandbox/server'
import { cachedContract } from '../../../sandbox/http/contract'
import { Router } from '../../../sandbox/http/router'
import { createFakeWorld, type FakeWorld } from './fake-world'

export const TOKEN_ALL = 'test-token-all-scopes'
export const TOKEN_READ = 'test-token-read-only'
export const TOKEN_EXPIRED = 'test-token-expired-key'

export interface Harness {
  sb: RunningSandbox
  world: FakeWorld
  logs: string[]
  clock: { t: number }
  call(method: string, path: string, opts?: CallOptions): Promise<Answer>
  close(): Promise<void>
}

export interface CallOptions {
  token?: string | null
  json?: unknown
  rawBody?: string | Buffer
  headers?: Record<string, string>
  idem?: string
}

export interface Answer {
  status: number
  headers: Headers
  text: string
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any
}

const contract = cachedContract()
const router = new Router(contract.operations)

/** Check an answer against the API document; returns its parsed JSON body (or null when not JSON). */
export function checkAnswer(method: string, path: string, status: number, headers: Headers, text: string): unknown {
  expect(headers.get('x-request-id'), `X-Request-Id on ${method} ${path}`).toBeTruthy()
  if (!(headers.get('content-type') ?? '').startsWith('application/json')) return null
  const body = JSON.parse(text) as unknown
  let opId: Parameters<typeof contract.validateResponse>[0] = 'getMe'
  try {
    opId = router.match(method, new URL(path, 'http://x').pathname)?.op.operationId ?? 'getMe'
  } catch {
    // a path that cannot be decoded is answered with the error envelope; check it as such
  }
  const check = contract.validateResponse(opId, status, body)
  expect(check.errors, `${method} ${path} → ${status} ${text.slice(0, 300)}`).toEqual([])
  return body
}

export async function startHarness(opts: Partial<SandboxOptions> = {}): Promise<Harness> {
  const world = createFakeWorld()
  const logs: string[] = []
  const clock = { t: Date.UTC(2025, 5, 1, 9) }
  const sb = await startSandbox({
    keys: [
      { token: TOKEN_ALL, scopes: '*' },
      { token: TOKEN_READ, scopes: ['jobs:read', 'account:read'] },
      { token: TOKEN_EXPIRED, scopes: '*', expiresAt: clock.t - 1 },
    ],
    world,
    now: () => clock.t,
    log: (line) => logs.push(line),
    ...opts,
  })
  async function call(method: string, path: string, o: CallOptions = {}): Promise<Answer> {
    const headers: Record<string, string> = { ...o.headers }
    const token = o.token === undefined ? TOKEN_ALL : o.token
    if (token !== null) headers.authorization = `Bearer ${token}`
    if (o.idem) headers['idempotency-key'] = o.idem
    let body: string | Buffer | undefined = o.rawBody
    if (o.json !== undefined) {
      body = JSON.stringify(o.json)
      headers['content-type'] ??= 'application/json'
    }
    const payload = typeof body === 'string' || body === undefined ? body : new Uint8Array(body)
    const res = await fetch(`${sb.url}${path}`, { method, headers, body: payload })
    const text = await res.text()
    return {
      status: res.status,
      headers: res.headers,
      text,
      body: checkAnswer(method, path, res.status, res.headers, text),
    }
  }
  return { sb, world, logs, clock, call, close: () => sb.close() }
}

/** A request through node:http, for what fetch will not send (a GET with a body, a chosen Content-Length). */
export function rawRequest(
  h: Harness,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string | Buffer,
): Promise<{ status: number; headers: Headers; text: string; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = request(`${h.sb.url}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8')
        const hdrs = new Headers()
        for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') hdrs.set(k, v)
        const status = res.statusCode ?? 0
        try {
          resolve({ status, headers: hdrs, text, body: checkAnswer(method, path, status, hdrs, text) })
        } catch (err) {
          reject(err)
        }
      })
    })
    req.on('error', reject)
    req.end(body)
  })
}
