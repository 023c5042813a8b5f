/**
 * The fault proxy itself, against a small real upstream: every fault does what its name says, rules
 * match by method, path, skip and times, and down()/up() refuse then accept on the same port.
 */
import { createServer, request as httpRequest, type IncomingMessage } from 'node:http'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { refusedUrl, startFaultProxy, type FaultProxy } from '../../support/fault-proxy'
import { startScriptedServer, type ScriptedServer } from './scripted-server'

let upstream: ScriptedServer
let proxy: FaultProxy

beforeAll(async () => {
  upstream = await startScriptedServer()
  proxy = await startFaultProxy({ upstream: upstream.url, maxStallMs: 5_000 })
})
afterAll(async () => {
  await proxy.close()
  await upstream.close()
})
afterEach(() => {
  proxy.clearRules()
  upstream.reset()
})

/** A bare upstream whose handler sees each request as it arrives (before its body ends). */
async function rawUpstream(handler: (req: IncomingMessage) => void): Promise<{ url: string }> {
  const server = createServer(handler)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  )
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}` }
}

function answerJson(): void {
  upstream.fallback = (_req, res) => {
    const body = JSON.stringify({
      ok: true,
      api_version: '1',
      link: `${upstream.url}/files/abc`,
      pad: 'p'.repeat(2000),
    })
    res.writeHead(200, { 'content-type': 'application/json', location: `${upstream.url}/api/v1/uploads/1` })
    res.end(body)
  }
}

/** One raw request through the proxy: resolves with the answer head, or rejects with the socket error. */
function get(path: string, method = 'GET'): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${proxy.url}${path}`,
      { method, agent: false, headers: { 'idempotency-key': 'key-12345678' } },
      resolve,
    )
    req.on('error', reject)
    req.end()
  })
}

/** The body's bytes and how the stream ended ('end', 'error' or 'silent' after `quietMs`). */
function drain(res: IncomingMessage, quietMs = 400): Promise<{ bytes: number; ended: 'end' | 'error' | 'silent' }> {
  return new Promise((resolve) => {
    let bytes = 0
    let timer = setTimeout(() => done('silent'), quietMs)
    const done = (ended: 'end' | 'error' | 'silent') => {
      clearTimeout(timer)
      res.removeAllListeners()
      if (ended === 'silent') res.destroy()
      resolve({ bytes, ended })
    }
    res.on('data', (chunk: Buffer) => {
      bytes += chunk.length
      clearTimeout(timer)
      timer = setTimeout(() => done('silent'), quietMs)
    })
    res.on('end', () => done('end'))
    res.on('error', () => done('error'))
    res.on('aborted', () => done('error'))
  })
}

describe('fault proxy', () => {
  it('passes through and rewrites the upstream origin in Location and JSON', async () => {
    answerJson()
    const res = await fetch(`${proxy.url}/api/v1/me`)
    const body = (await res.json()) as { link: string }
    expect(res.status).toBe(200)
    expect(body.link).toBe(`${proxy.url}/files/abc`)
    expect(res.headers.get('location')).toBe(`${proxy.url}/api/v1/uploads/1`)
    expect(proxy.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: '/api/v1/me',
      fault: 'pass',
      idempotencyKey: null,
    })
  })

  it('stall: accepts and never answers; the upstream never sees it', async () => {
    answerJson()
    proxy.once({ type: 'stall' })
    await expect(fetch(`${proxy.url}/api/v1/me`, { signal: AbortSignal.timeout(300) })).rejects.toThrow()
    expect(upstream.received).toHaveLength(0)
  })

  it('reset: the connection is destroyed without forwarding', async () => {
    answerJson()
    proxy.once({ type: 'reset' })
    await expect(get('/api/v1/me')).rejects.toThrow()
    expect(upstream.received).toHaveLength(0)
  })

  it('drop_after: the upstream handles the request, the answer is lost', async () => {
    answerJson()
    proxy.addRule({ method: 'POST', path: '/api/v1/jobs', times: 1, fault: { type: 'drop_after' } })
    await expect(get('/api/v1/jobs/7/deliveries', 'POST')).rejects.toThrow()
    expect(upstream.received).toHaveLength(1)
    expect(proxy.requests.at(-1)).toMatchObject({ fault: 'drop_after', idempotencyKey: 'key-12345678' })
    expect((await get('/api/v1/jobs/7/deliveries', 'POST')).statusCode).toBe(200) // times: 1
  })

  it('cut_body: full Content-Length, part of the body, then the connection closes', async () => {
    answerJson()
    proxy.once({ type: 'cut_body', afterBytes: 100 })
    const res = await get('/api/v1/me')
    const declared = Number(res.headers['content-length'])
    const { bytes, ended } = await drain(res)
    expect(declared).toBeGreaterThan(2000)
    expect(bytes).toBe(100)
    expect(ended).toBe('error')
  })

  it('stall_body: headers and part of the body, then silence', async () => {
    answerJson()
    proxy.once({ type: 'stall_body', afterBytes: 50 })
    const res = await get('/api/v1/me')
    expect(await drain(res, 300)).toEqual({ bytes: 50, ended: 'silent' })
  })

  it('retry_after: 429 rate_limited with the header and the body field', async () => {
    proxy.once({ type: 'retry_after', seconds: 3600 })
    const res = await fetch(`${proxy.url}/api/v1/jobs`)
    expect(res.status).toBe(429)
    expect(res.headers.get('retry-after')).toBe('3600')
    expect(await res.json()).toMatchObject({ ok: false, error: 'rate_limited', retry_after: 3600 })
    proxy.once({ type: 'retry_after', seconds: 90, status: 503 })
    const unavailable = await fetch(`${proxy.url}/api/v1/jobs`)
    expect(unavailable.status).toBe(503)
    expect(await unavailable.json()).not.toHaveProperty('retry_after')
    expect(upstream.received).toHaveLength(0)
  })

  it("html: a proxy's 502 page", async () => {
    proxy.once({ type: 'html' })
    const res = await fetch(`${proxy.url}/api/v1/jobs`)
    expect(res.status).toBe(502)
    expect(res.headers.get('content-type')).toMatch(/text\/html/)
    expect(await res.text()).toMatch(/<h1>502 Bad Gateway<\/h1>/)
  })

  it('oversized: exactly the asked number of bytes of valid JSON, declared or not', async () => {
    proxy.once({ type: 'oversized', bytes: 300_000 })
    const res = await fetch(`${proxy.url}/api/v1/jobs`)
    expect(res.headers.get('content-length')).toBeNull()
    const text = await res.text()
    expect(text.length).toBe(300_000)
    expect(JSON.parse(text)).toMatchObject({ ok: true, api_version: '1' })
    proxy.once({ type: 'oversized', bytes: 100_000, declareLength: true })
    const declared = await fetch(`${proxy.url}/api/v1/jobs`)
    expect(declared.headers.get('content-length')).toBe('100000')
    expect((await declared.arrayBuffer()).byteLength).toBe(100_000)
  })

  it('rules match method and path (prefix at a slash, or RegExp), skip and times', async () => {
    answerJson()
    proxy.addRule({
      method: 'PATCH',
      path: /^\/api\/v1\/uploads\/\w+$/,
      skip: 1,
      times: 1,
      fault: { type: 'html', status: 503 },
    })
    proxy.addRule({ path: '/api/v1/job', fault: { type: 'html' } }) // not a prefix of /api/v1/jobs at a slash
    expect((await get('/api/v1/uploads/ab', 'PATCH')).statusCode).toBe(200) // skipped
    expect((await get('/api/v1/uploads/ab', 'GET')).statusCode).toBe(200) // other method
    expect((await get('/api/v1/uploads/ab', 'PATCH')).statusCode).toBe(503)
    expect((await get('/api/v1/uploads/ab', 'PATCH')).statusCode).toBe(200) // used up
    expect((await get('/api/v1/jobs')).statusCode).toBe(200)
    expect((await get('/api/v1/job/1')).statusCode).toBe(502)
  })

  it('down() refuses connections; up() listens again on the same port', async () => {
    answerJson()
    await proxy.down()
    await expect(get('/api/v1/me')).rejects.toMatchObject({ code: 'ECONNREFUSED' })
    await proxy.up()
    expect((await get('/api/v1/me')).statusCode).toBe(200)
  })

  it('refusedUrl() is an address nothing listens on', async () => {
    await expect(fetch(`${await refusedUrl()}/api/v1/me`)).rejects.toMatchObject({ cause: { code: 'ECONNREFUSED' } })
  })

  it('stall_request: only the first bytes of an upload reach the upstream, whose request is cut; the client stalls', async () => {
    let arrived = 0
    let settle: (how: string) => void = () => {}
    const ended = new Promise<string>((resolve) => (settle = resolve))
    const raw = await rawUpstream((req) => {
      req.on('data', (c: Buffer) => (arrived += c.length))
      req.on('end', () => settle('end'))
      req.on('close', () => settle('closed'))
    })
    const reader = await startFaultProxy({ upstream: raw.url })
    reader.once({ type: 'stall_request', afterBytes: 70_000 })
    const upload = httpRequest(`${reader.url}/api/v1/uploads/ab`, {
      method: 'PATCH',
      agent: false,
      headers: { 'content-length': '5000000' },
    })
    upload.on('error', () => {})
    let answered = false
    upload.on('response', () => (answered = true))
    upload.write(Buffer.alloc(5_000_000))
    expect(await ended).toBe('closed')
    expect(arrived).toBe(70_000)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(answered).toBe(false)
    expect(upload.socket?.destroyed).toBe(false)
    upload.destroy()
    await reader.close()
  })

  it('a stall is bounded by maxStallMs: the proxy closes the connection', async () => {
    const short = await startFaultProxy({ upstream: upstream.url, maxStallMs: 150 })
    short.once({ type: 'stall' })
    const started = Date.now()
    await expect(fetch(`${short.url}/api/v1/me`)).rejects.toThrow()
    expect(Date.now() - started).toBeLessThan(2_000)
    await short.close()
  })

  it('forwards only to loopback', async () => {
    await expect(startFaultProxy({ upstream: 'http://example.com' })).rejects.toThrow(/loopback/)
  })
})
