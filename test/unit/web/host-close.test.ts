/**
 * Closing the web host while a page is still connected. The page's event reader reconnects as soon as
 * its stream ends, on the same kept-alive socket when it can (as Chromium's fetch does); a quit must
 * not wait for that second stream, and the page must see each stream end cleanly, not cut mid-chunk.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Agent, request } from 'node:http'
import { describe, expect, it } from 'vitest'
import { startWebHost, type WebHost } from '../../../main/web/host'
import { MediaRegistry } from '../../../main/web/media-routes'
import { describeError } from '../../../main/bridge/describe-error'

const root = mkdtempSync(join(tmpdir(), 'booth-web-close-'))
writeFileSync(join(root, 'index.html'), '<!doctype html><title>Booth</title>')

/** A grace period longer than any test here, so a close that needs it times the test out. */
function start(
  dispatch: (name: string) => Promise<unknown> = async () => null,
  closeGraceMs = 60_000,
): Promise<WebHost> {
  return startWebHost({
    port: 0,
    staticDir: root,
    dispatch,
    describeError,
    subscribe: () => () => undefined,
    closeGraceMs,
  })
}

/** A host whose bridge calls wait until the test answers them. */
async function startHeld(): Promise<{ host: WebHost; answer: (v: unknown) => void }> {
  let answer: (v: unknown) => void = () => undefined
  const host = await start(() => new Promise((r) => (answer = r)))
  return { host, answer: (v) => answer(v) }
}

/** Reads the event stream like the page does: when it ends, it asks again on the same agent. */
function followEvents(host: WebHost, agent: Agent, outcomes: string[], againAfterMs = 0): void {
  const req = request(
    { host: '127.0.0.1', port: host.port, path: '/bridge/events', agent, headers: { 'x-booth-token': host.token } },
    (res) => {
      res.resume()
      res.on('close', () => {
        if (!res.complete) return void outcomes.push('cut')
        outcomes.push(`ended ${res.statusCode}`)
        if (res.statusCode === 200) setTimeout(() => followEvents(host, agent, outcomes, againAfterMs), againAfterMs)
      })
    },
  )
  req.on('error', () => outcomes.push('refused'))
  req.end()
}

/** One bridge call on the agent, as the page makes it. */
function call(host: WebHost, agent: Agent): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const headers = { 'x-booth-token': host.token, 'content-type': 'application/json' }
    const req = request(
      { host: '127.0.0.1', port: host.port, path: '/bridge/call/slow', method: 'POST', agent, headers },
      (res) => {
        let body = ''
        res.on('data', (c) => (body += c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
      },
    )
    req.on('error', reject)
    req.end('{"args":null}')
  })
}

function settle(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms))
}

describe('closing the web host with a page connected', () => {
  it('finishes although the page reconnects its event stream on the kept-alive socket', async () => {
    const host = await start()
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    const outcomes: string[] = []
    followEvents(host, agent, outcomes)
    await settle(100)
    await host.close()
    await settle(100)
    // The first stream ended whole; the page's next ask was turned away or refused, never left hanging.
    expect(outcomes[0]).toBe('ended 200')
    expect(outcomes).not.toContain('cut')
    expect(outcomes.slice(1).every((o) => o === 'refused' || o === 'ended 204')).toBe(true)
    agent.destroy()
  }, 10_000)

  it('finishes when the page reconnects its events on the socket of a call that was under way', async () => {
    const { host, answer } = await startHeld()
    const agent = new Agent({ keepAlive: true, maxSockets: 2 })
    const outcomes: string[] = []
    followEvents(host, agent, outcomes, 300)
    await settle(100)
    const reply = call(host, agent)
    await settle(100)
    const closed = host.close()
    answer('late but whole')
    expect(await reply).toEqual({ status: 200, body: '{"ok":true,"result":"late but whole"}' })
    // The page asks for its events again on the only socket left open, the call's.
    await settle(600)
    await closed
    expect(outcomes[0]).toBe('ended 200')
    expect(outcomes.slice(1).every((o) => o === 'refused' || o === 'ended 204')).toBe(true)
    agent.destroy()
  }, 10_000)

  it('lets a bridge call under way answer, then closes its socket', async () => {
    const { host, answer } = await startHeld()
    const agent = new Agent({ keepAlive: true })
    const reply = call(host, agent)
    await settle(100)
    const closed = host.close()
    await settle(100)
    answer({ done: true })
    expect(await reply).toEqual({ status: 200, body: '{"ok":true,"result":{"done":true}}' })
    await closed
    agent.destroy()
  }, 10_000)

  it('finishes when the page asks for events on the socket of a take it was still playing', async () => {
    const takes = join(root, 'takes')
    mkdirSync(takes, { recursive: true })
    const take = join(takes, 'long.wav')
    writeFileSync(take, Buffer.alloc(8 * 1024 * 1024, 1))
    const media = new MediaRegistry([takes])
    const host = await startWebHost({
      port: 0,
      staticDir: root,
      dispatch: async () => null,
      describeError,
      subscribe: () => () => undefined,
      media,
      closeGraceMs: 60_000,
    })
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    // The take's answer has begun (headers sent) but the player reads slowly, so it is under way at close.
    let received = 0
    const played = new Promise<void>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: host.port,
          path: new URL(media.urlFor(take), 'http://h').pathname,
          agent,
          headers: { 'x-booth-token': host.token },
        },
        (res) => {
          res.pause()
          setTimeout(() => res.resume(), 200)
          res.on('data', (c: Buffer) => (received += c.length))
          res.on('end', resolve)
        },
      )
      req.on('error', reject)
      req.end()
    })
    await settle(100)
    const closed = host.close()
    await played
    expect(received).toBe(8 * 1024 * 1024)
    const outcomes: string[] = []
    followEvents(host, agent, outcomes)
    await settle(200)
    await closed
    expect(outcomes.length).toBeGreaterThan(0)
    expect(outcomes.every((o) => o === 'refused' || o === 'ended 204')).toBe(true)
    agent.destroy()
  }, 10_000)

  it('cuts what is still unanswered once its grace period is over', async () => {
    const host = await start(() => new Promise(() => undefined), 200)
    const agent = new Agent({ keepAlive: true })
    const reply = call(host, agent).then(
      () => 'answered',
      () => 'cut',
    )
    await settle(100)
    await host.close()
    expect(await reply).toBe('cut')
    agent.destroy()
  }, 10_000)
})

describe('an event sent while the host closes', () => {
  it('is not written to a stream the close already ended (a write after end would crash the quit)', async () => {
    const listeners = new Set<(event: string, data: unknown) => void>()
    const host = await startWebHost({
      port: 0,
      staticDir: root,
      dispatch: async () => null,
      describeError,
      closeGraceMs: 60_000,
      subscribe: (send) => {
        listeners.add(send as (event: string, data: unknown) => void)
        return () => listeners.delete(send as (event: string, data: unknown) => void)
      },
    })
    const agent = new Agent({ keepAlive: true })
    const outcomes: string[] = []
    followEvents(host, agent, outcomes, 60_000)
    await expect.poll(() => listeners.size).toBe(1)
    const crashes: unknown[] = []
    const onError = (err: unknown) => crashes.push(err)
    process.on('uncaughtException', onError)
    try {
      // Booth's services stop after the page connections (main/web.ts) and still send a last state.
      const closing = host.close()
      for (const send of [...listeners]) send('connectivity', { online: false })
      await closing
      for (const send of [...listeners]) send('connectivity', { online: false })
      await settle(50)
    } finally {
      process.off('uncaughtException', onError)
      agent.destroy()
    }
    expect(crashes).toEqual([])
  })
})
