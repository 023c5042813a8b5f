/**
 * A slow or greedy local client cannot hold the web host: real sockets against a real host, with its limits
 * shortened (headers within 1 s, a request within 2 s; a cap of four connections) so the test sees them act.
 */
import { connect, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startWebHost, WEB_HOST_LIMITS, type WebHost } from '../../../main/web/host'
import { describeError } from '../../../main/bridge/describe-error'

let host: WebHost
const sockets: Socket[] = []

beforeAll(async () => {
  host = await startWebHost({
    port: 0,
    staticDir: import.meta.dirname,
    dispatch: async () => ({ pong: true }),
    describeError,
    subscribe: () => () => undefined,
    limits: { headersTimeoutMs: 1_000, requestTimeoutMs: 2_000 },
    closeGraceMs: 100,
  })
})
afterAll(async () => {
  for (const s of sockets) s.destroy()
  await host.close()
})

function open(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = connect(host.port, '127.0.0.1', () => resolve(s))
    s.on('error', reject)
    sockets.push(s)
  })
}

/** Everything the host sends on `s` until it closes the connection. */
function untilClosed(s: Socket): Promise<string> {
  return new Promise((resolve) => {
    let text = ''
    s.on('data', (c: Buffer) => (text += c.toString()))
    s.on('close', () => resolve(text))
  })
}

describe('the web host’s limits', () => {
  it('are tighter than Node’s defaults in the app', () => {
    expect(WEB_HOST_LIMITS.headersTimeoutMs).toBeLessThanOrEqual(10_000)
    expect(WEB_HOST_LIMITS.requestTimeoutMs).toBeLessThan(300_000)
    expect(WEB_HOST_LIMITS.maxConnections).toBeGreaterThanOrEqual(8)
  })

  it('cuts a client that sends its headers byte by byte, long before it would finish', async () => {
    const s = await open()
    const closed = untilClosed(s)
    const head =
      `POST /bridge/call/getSession HTTP/1.1\r\nHost: 127.0.0.1:${host.port}\r\nX-Booth-Token: ` +
      `${host.token}\r\nContent-Type: application/json\r\nX-Slow: ${'z'.repeat(400)}\r\n\r\n`
    let sent = 0
    // One byte every 25 ms: the whole head would take over 15 s.
    const drip = setInterval(() => {
      if (s.destroyed || sent >= head.length) return clearInterval(drip)
      s.write(head[sent++] as string)
    }, 25)
    const answer = await closed
    clearInterval(drip)
    expect(sent).toBeLessThan(head.length)
    expect(answer).toMatch(/^HTTP\/1\.1 408/)
  })

  it('cuts a request whose body never ends', async () => {
    const s = await open()
    const closed = untilClosed(s)
    s.write(
      `POST /bridge/call/getSession HTTP/1.1\r\nHost: 127.0.0.1:${host.port}\r\nX-Booth-Token: ` +
        `${host.token}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{`,
    )
    const answer = await closed
    expect(answer === '' || /^HTTP\/1\.1 408/.test(answer)).toBe(true)
  })

  it('takes no more connections than its cap from a flood, serves those it took, and answers again once they are gone', async () => {
    // A host of its own, with Node's long timeouts out of the way: only the cap closes anything here.
    const capped = await startWebHost({
      port: 0,
      staticDir: import.meta.dirname,
      dispatch: async () => ({ pong: true }),
      describeError,
      subscribe: () => () => undefined,
      limits: { maxConnections: 4 },
      closeGraceMs: 100,
    })
    try {
      const flood = await Promise.all(
        Array.from(
          { length: 12 },
          () =>
            new Promise<Socket>((resolve, reject) => {
              const s = connect(capped.port, '127.0.0.1', () => resolve(s)).on('error', reject)
              sockets.push(s)
            }),
        ),
      )
      const closed = new Set<Socket>()
      await new Promise<void>((resolve) => {
        for (const s of flood)
          s.once('close', () => {
            closed.add(s)
            if (closed.size === 8) resolve()
          })
      })
      const held = flood.filter((s) => !closed.has(s))
      expect(held).toHaveLength(4)
      // Those it took are served.
      const answer = untilClosed(held[0] as Socket)
      ;(held[0] as Socket).end(
        `POST /bridge/call/getSession HTTP/1.1\r\nHost: 127.0.0.1:${capped.port}\r\nX-Booth-Token: ` +
          `${capped.token}\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
      )
      expect(await answer).toMatch(/^HTTP\/1\.1 200/)
      for (const s of flood) s.destroy()
      await new Promise((r) => setTimeout(r, 50))
      const res = await fetch(new URL('/bridge/call/getSession', capped.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-booth-token': capped.token },
        body: '{}',
      })
      expect(res.status).toBe(200)
    } finally {
      await capped.close()
    }
  })
})
