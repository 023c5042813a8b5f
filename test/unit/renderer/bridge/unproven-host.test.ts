/**
 * The page's bridge (renderer/src/bridge/http-transport.ts, on Node's fetch and WebCrypto) sends nothing
 * keyed to a host that has not proved it holds the tab key: against an impostor that records every request
 * and answers like Booth would (a bogus proof, a 'session' event saying the key was rejected), no request
 * carries the key (header, cookie, query, body), no event reaches the page, the page stops trying after
 * a proof that does not check (after MAX_UNPROVEN answers with none) and says to reopen Booth. Against Booth's own host it proves itself and works.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import {
  BridgeCallError,
  createHttpTransport,
  HOST_LOST_MESSAGE,
  MAX_UNPROVEN,
} from '../../../../renderer/src/bridge/http-transport'
import { startWebHost } from '../../../../main/web/host'
import { describeError } from '../../../../main/bridge/describe-error'
import type { HostPresence } from '../../../../shared/bridge'

interface Seen {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: string
}

const servers: Server[] = []
afterEach(async () => {
  for (const s of servers.splice(0)) await new Promise((r) => s.close(r)).catch(() => undefined)
})

/** An HTTP server that answers like Booth's host would, but does not hold the key. */
async function impostor(proof: (nonce: string) => unknown): Promise<{ origin: string; seen: Seen[] }> {
  const seen: Seen[] = []
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (c) => (body += c))
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body })
      const url = new URL(req.url ?? '/', 'http://x')
      res.setHeader('set-cookie', 'booth-media-1=stolen; Path=/')
      if (url.pathname === '/bridge/hello')
        return res.end(JSON.stringify({ ok: true, result: { proof: proof(url.searchParams.get('nonce') ?? '') } }))
      if (url.pathname === '/bridge/events') {
        res.writeHead(200, { 'content-type': 'text/event-stream' })
        return res.end('event: session\ndata: {"mode":"key_rejected"}\n\n')
      }
      res.end(JSON.stringify({ ok: true, result: { mode: 'key_rejected' } }))
    })
  })
  servers.push(server)
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen }
}

function until(check: () => boolean, withinMs: number): Promise<void> {
  const start = Date.now()
  return new Promise((resolve, reject) => {
    const tick = setInterval(() => {
      if (check()) {
        clearInterval(tick)
        resolve()
      } else if (Date.now() - start > withinMs) {
        clearInterval(tick)
        reject(new Error(`not within ${withinMs} ms`))
      }
    }, 20)
  })
}

const BOGUS_PROOFS: Record<string, (nonce: string) => unknown> = {
  'a made-up proof': () => randomBytes(32).toString('base64url'),
  'no proof': () => undefined,
  'the nonce sent back': (nonce) => nonce,
}

describe('a host that does not prove itself', () => {
  for (const [name, proof] of Object.entries(BOGUS_PROOFS)) {
    it(`is sent nothing keyed and acted on never (${name}); the page stops trying and says to reopen Booth`, async () => {
      const key = randomBytes(24).toString('base64url')
      const fake = await impostor(proof)
      let lostCalls = 0
      const transport = createHttpTransport(key, { base: fake.origin, onLost: () => lostCalls++ })
      const presence: HostPresence[] = []
      const sessions: unknown[] = []
      transport.onPresence?.((p) => presence.push(p))
      transport.on('session', (s) => sessions.push(s))
      const call = transport.call('getSession', {}).then(
        () => 'answered',
        (err: unknown) => err,
      )
      const failed = await call
      expect(failed).toBeInstanceOf(BridgeCallError)
      expect((failed as BridgeCallError).message).toBe(HOST_LOST_MESSAGE)
      await until(() => presence.at(-1) === 'lost', 15_000)
      expect(lostCalls).toBe(1)
      // Once stopped, it stays stopped: a call answers at once, and nothing more is asked.
      const asked = fake.seen.length
      await expect(transport.call('signIn', { baseUrl: 'x', apiKey: 'y' })).rejects.toMatchObject({
        message: HOST_LOST_MESSAGE,
      })
      await new Promise((r) => setTimeout(r, 1_500))
      expect(fake.seen.length).toBe(asked)
      // Every request asked for a proof, and none carried the key anywhere.
      // A proof that does not check stops the page at once; an answer with no proof is tried MAX_UNPROVEN times.
      expect(fake.seen.length).toBeGreaterThanOrEqual(name === 'no proof' ? MAX_UNPROVEN : 1)
      for (const r of fake.seen) {
        expect(r.url).toMatch(/^\/bridge\/hello\?nonce=[A-Za-z0-9_-]{43}$/)
        expect(JSON.stringify(r)).not.toContain(key)
        expect(r.headers['x-booth-token']).toBeUndefined()
        expect(r.headers.cookie).toBeUndefined()
      }
      // Each nonce fresh.
      expect(new Set(fake.seen.map((r) => r.url)).size).toBe(fake.seen.length)
      expect(sessions).toEqual([])
    }, 30_000)
  }
})

describe('Booth’s own host', () => {
  it('proves itself: the page calls and hears its events', async () => {
    let emit: (event: string, data: unknown) => void = () => undefined
    const host = await startWebHost({
      port: 0,
      staticDir: mkdtempSync(join(tmpdir(), 'booth-proven-')),
      dispatch: async (name) => ({ mode: 'demo', name }),
      describeError,
      subscribe: (send) => {
        emit = send
        return () => undefined
      },
    })
    try {
      const transport = createHttpTransport(host.token, { base: host.url.replace(/\/$/, '') })
      const sessions: unknown[] = []
      transport.on('session', (s) => sessions.push(s))
      expect(await transport.call('getSession', {})).toEqual({ mode: 'demo', name: 'getSession' })
      await until(() => {
        emit('session', { mode: 'demo' })
        return sessions.length > 0
      }, 10_000)
      expect(sessions[0]).toEqual({ mode: 'demo' })
    } finally {
      await host.close()
    }
  })
})
