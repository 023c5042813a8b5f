import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startWebHost, type WebHost } from '../../../main/web/host'
import { describeError } from '../../../main/bridge/describe-error'

let host: WebHost
let emit: (event: string, data: unknown) => void = () => {}
const root = mkdtempSync(join(tmpdir(), 'booth-web-'))
writeFileSync(join(root, 'index.html'), '<!doctype html><title>Booth</title>')

beforeAll(async () => {
  host = await startWebHost({
    port: 0,
    staticDir: root,
    dispatch: async (name, args) => {
      if (name === 'boom') throw new Error('internal detail that must not leak')
      return { name, args }
    },
    describeError,
    subscribe: (send) => {
      emit = send
      send('session', { mode: 'demo' })
      return () => undefined
    },
  })
})
afterAll(() => host.close())

function send(path: string, opts: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>(
    (resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port: host.port, path, method: opts.method ?? 'GET', headers: opts.headers },
        (res) => {
          let body = ''
          res.on('data', (c) => (body += c))
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
        },
      )
      req.on('error', reject)
      req.end(opts.body)
    },
  )
}

const callHeaders = () => ({ 'content-type': 'application/json', 'x-booth-token': host.token })

describe('web host', () => {
  it('listens on loopback only and hands the token in the URL fragment', () => {
    expect(host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/)
    expect(host.launchUrl).toBe(`${host.url}#t=${host.token}`)
  })

  it('answers a call that carries the token', async () => {
    const res = await send('/bridge/call/getSession', {
      method: 'POST',
      headers: callHeaders(),
      body: '{"args":{"a":1}}',
    })
    expect(res.status).toBe(200)
    expect(JSON.parse(res.body)).toEqual({ ok: true, result: { name: 'getSession', args: { a: 1 } } })
  })

  it('refuses a call without the token, or with a wrong one', async () => {
    for (const token of [undefined, 'x', host.token.slice(1)]) {
      const headers: Record<string, string> = { 'content-type': 'application/json' }
      if (token !== undefined) headers['x-booth-token'] = token
      const res = await send('/bridge/call/getSession', { method: 'POST', headers, body: '{}' })
      expect(res.status).toBe(401)
    }
  })

  it('refuses another Host (DNS rebinding) and another page’s Origin', async () => {
    const rebinding = await send('/bridge/call/getSession', {
      method: 'POST',
      headers: { ...callHeaders(), host: `evil.example:${host.port}` },
      body: '{}',
    })
    expect(rebinding.status).toBe(421)
    const foreign = await send('/bridge/call/getSession', {
      method: 'POST',
      headers: { ...callHeaders(), origin: 'http://evil.example' },
      body: '{}',
    })
    expect(foreign.status).toBe(403)
    const crossSite = await send('/bridge/call/getSession', {
      method: 'POST',
      headers: { ...callHeaders(), 'sec-fetch-site': 'cross-site' },
      body: '{}',
    })
    expect(crossSite.status).toBe(403)
    const same = await send('/bridge/call/getSession', {
      method: 'POST',
      headers: { ...callHeaders(), origin: `http://127.0.0.1:${host.port}` },
      body: '{}',
    })
    expect(same.status).toBe(200)
  })

  it('refuses broken JSON and non-JSON bodies with a clear sentence', async () => {
    const broken = await send('/bridge/call/getSession', { method: 'POST', headers: callHeaders(), body: '{"args":' })
    expect(broken.status).toBe(400)
    expect(JSON.parse(broken.body).error.message).toBe('The bridge call was not valid JSON.')
    const text = await send('/bridge/call/getSession', {
      method: 'POST',
      headers: { ...callHeaders(), 'content-type': 'text/plain' },
      body: 'hi',
    })
    expect(text.status).toBe(415)
  })

  it('never leaks an internal error', async () => {
    const res = await send('/bridge/call/boom', { method: 'POST', headers: callHeaders(), body: '{}' })
    expect(res.status).toBe(500)
    expect(res.body).not.toContain('internal detail')
  })

  it('serves the renderer with a strict CSP, and index.html for unknown or escaping paths', async () => {
    const page = await send('/')
    expect(page.status).toBe(200)
    expect(page.headers['content-security-policy']).toContain("require-trusted-types-for 'script'")
    expect(page.headers['content-security-policy']).toContain("script-src 'self'")
    const escape = await send('/../../etc/passwd')
    expect(escape.body).toContain('<title>Booth</title>')
    const encoded = await send('/%2e%2e/%2e%2e/%2e%2e/etc/passwd')
    expect(encoded.body).toContain('<title>Booth</title>')
    expect(encoded.body).not.toContain('root:')
  })

  it('streams events to a page holding the token, starting with the latest snapshot', async () => {
    const chunks: string[] = []
    await new Promise<void>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port: host.port, path: '/bridge/events', headers: { 'x-booth-token': host.token } },
        (res) => {
          expect(res.headers['content-type']).toBe('text/event-stream')
          res.on('data', (c: Buffer) => {
            chunks.push(c.toString())
            if (chunks.join('').includes('event: jobs')) {
              req.destroy()
              resolve()
            } else if (chunks.join('').includes('event: session')) emit('jobs', { total: 3 })
          })
        },
      )
      req.on('error', (e) => (chunks.join('').includes('event: jobs') ? resolve() : reject(e)))
      req.end()
    })
    const text = chunks.join('')
    expect(text).toContain('event: session\ndata: {"mode":"demo"}')
    expect(text).toContain('event: jobs\ndata: {"total":3}')
  })
})
