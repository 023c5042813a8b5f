import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import type { IncomingMessage } from 'node:http'
import { PassThrough } from 'node:stream'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startWebHost, type WebHost } from '../../../main/web/host'
import { MediaRegistry, receiveUpload } from '../../../main/web/media-routes'
import { safeFileName } from '../../../main/storage/safe-file-name'
import { describeError } from '../../../main/bridge/describe-error'
import { FileGrants } from '../../../main/security/file-grants'

const root = mkdtempSync(join(tmpdir(), 'booth-media-'))
const takes = join(root, 'takes')
mkdirSync(takes)
const take = join(takes, 'take.wav')
writeFileSync(take, Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256)))
const secret = join(root, 'secret.txt')
writeFileSync(secret, 'not for the page')
const media = new MediaRegistry([takes])
const files = new FileGrants()
let host: WebHost

beforeAll(async () => {
  host = await startWebHost({
    port: 0,
    staticDir: root,
    dispatch: async () => null,
    describeError,
    subscribe: () => () => undefined,
    media,
    incomingDir: join(root, 'incoming'),
    files,
  })
})
afterAll(() => host.close())

/** With the tab key, as the page's own requests carry it (or its media cookie). */
const keyed = (headers: Record<string, string> = {}): RequestInit => ({
  headers: { ...headers, 'x-booth-token': host.token },
})

describe('web host media', () => {
  it('serves a registered take whole and by byte range (for seeking)', async () => {
    const url = new URL(media.urlFor(take), host.url)
    expect(media.urlFor(take)).toBe(url.pathname)
    const whole = await fetch(url, keyed())
    expect(whole.status).toBe(200)
    expect(whole.headers.get('content-type')).toBe('audio/wav')
    expect((await whole.arrayBuffer()).byteLength).toBe(1000)
    const part = await fetch(url, keyed({ range: 'bytes=10-19' }))
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toBe('bytes 10-19/1000')
    expect(Array.from(new Uint8Array(await part.arrayBuffer()))).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19])
    const tail = await fetch(url, keyed({ range: 'bytes=-5' }))
    expect(tail.headers.get('content-range')).toBe('bytes 995-999/1000')
    expect((await fetch(url, keyed({ range: 'bytes=2000-' }))).status).toBe(416)
  })

  it('serves ?download=1 as an attachment under the file’s own name, so the browser saves it', async () => {
    const res = await fetch(new URL(`${media.urlFor(take)}?download=1`, host.url), keyed())
    expect(res.status).toBe(200)
    expect(res.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''take.wav")
    expect((await fetch(new URL(media.urlFor(take), host.url), keyed())).headers.get('content-disposition')).toBeNull()
  })

  it('refuses unknown ids and files outside the allowed folders, even when registered', async () => {
    expect((await fetch(new URL('/media/nope.wav', host.url), keyed())).status).toBe(404)
    const outside = await fetch(new URL(media.urlFor(secret), host.url), keyed())
    expect(outside.status).toBe(404)
    expect(await outside.text()).not.toContain('not for the page')
  })

  it('answers /media/ only to GET and HEAD, and only with the tab key or the media cookie a keyed answer set', async () => {
    const url = new URL(media.urlFor(take), host.url)
    const bare = await fetch(url)
    expect(bare.status).toBe(401)
    expect(await bare.text()).not.toContain('\u0000')
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const res = await fetch(url, { method, ...keyed() })
      expect(res.status).toBe(405)
      expect(res.headers.get('allow')).toBe('GET, HEAD')
    }
    expect((await fetch(url, { method: 'HEAD', ...keyed() })).status).toBe(200)
    expect((await fetch(url, { headers: { 'x-booth-token': 'x'.repeat(host.token.length) } })).status).toBe(401)
    // A keyed bridge answer sets the cookie an <audio src> then carries (HttpOnly, SameSite=Strict, /media/ only).
    const answer = await fetch(new URL('/bridge/call/getSession', host.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-booth-token': host.token },
      body: '{}',
    })
    const cookie = answer.headers.get('set-cookie') ?? ''
    expect(cookie).toMatch(
      new RegExp(`^booth-media-${host.port}=[A-Za-z0-9_-]{32}; Path=/media/; HttpOnly; SameSite=Strict$`),
    )
    expect(cookie).not.toContain(host.token)
    const pair = cookie.split(';')[0] as string
    expect((await fetch(url, { headers: { cookie: `other=1; ${pair}` } })).status).toBe(200)
    expect((await fetch(url, { headers: { cookie: `${pair.slice(0, -1)}x` } })).status).toBe(401)
    expect(
      (await fetch(url, { headers: { cookie: pair.replace(String(host.port), String(host.port + 1)) } })).status,
    ).toBe(401)
    // An unkeyed request gets no cookie.
    expect(
      (await fetch(new URL('/bridge/call/getSession', host.url), { method: 'POST', body: '{}' })).headers.get(
        'set-cookie',
      ),
    ).toBeNull()
  })

  it('receives a dropped file under a safe name, only with the token, and names it to the page by a one-time id', async () => {
    const refused = await fetch(new URL('/bridge/upload?name=a.wav', host.url), { method: 'POST', body: 'x' })
    expect(refused.status).toBe(401)
    const res = await fetch(new URL('/bridge/upload?name=../../evil.wav', host.url), {
      method: 'POST',
      headers: { 'x-booth-token': host.token, 'content-type': 'application/octet-stream' },
      body: 'RIFF-bytes',
    })
    const body = (await res.json()) as { ok: boolean; result: { path: string } }
    expect(body.ok).toBe(true)
    expect(body.result.path).toMatch(/^file-[A-Za-z0-9_-]{24}$/)
    const path = files.take(body.result.path) ?? ''
    expect(files.take(body.result.path)).toBeNull()
    expect(path.startsWith(join(root, 'incoming'))).toBe(true)
    expect(path.endsWith('evil.wav')).toBe(true)
    expect(readFileSync(path, 'utf8')).toBe('RIFF-bytes')
  })

  it('leaves no partial copy of a drop that was cut off', async () => {
    const incoming = join(root, 'incoming-cut')
    const req = Object.assign(new PassThrough(), {
      headers: { 'content-length': '1000' },
    }) as unknown as IncomingMessage
    const received = receiveUpload(req, incoming, 'take.wav')
    ;(req as unknown as PassThrough).write(Buffer.alloc(10))
    setTimeout(() => (req as unknown as PassThrough).destroy(new Error('the connection was reset')), 20)
    await expect(received).rejects.toThrow('the connection was reset')
    expect(readdirSync(incoming)).toEqual([])
  })

  it('makes file names safe on every system', () => {
    expect(safeFileName('..\\..\\x:y*z?.wav')).toBe('x_y_z_.wav')
    expect(safeFileName('a\u0000b.wav')).toBe('a_b.wav')
    expect(safeFileName('...')).toBe('dropped-file')
  })
})

describe('what the web host reports as a failure', () => {
  it('a player letting go mid-file is not one; a bridge call that throws is, named by its path', async () => {
    const seen: Array<{ where: string; message: string }> = []
    const big = join(takes, 'long-take.wav')
    writeFileSync(big, Buffer.alloc(32 * 1024 * 1024, 7))
    // Each file answer, watched to its end: the test waits on it, not on a clock.
    const watched = new MediaRegistry([takes])
    const answers: Array<Promise<unknown>> = []
    const serve = watched.serve.bind(watched)
    watched.serve = (req, res, id) => {
      const answer = serve(req, res, id)
      answers.push(answer.catch(() => undefined))
      return answer
    }
    const own = await startWebHost({
      port: 0,
      staticDir: root,
      dispatch: async () => {
        throw new Error('the store fell over')
      },
      describeError: (err, where) => {
        seen.push({ where, message: (err as Error).message })
        return describeError(err)
      },
      subscribe: () => () => undefined,
      media: watched,
    })
    try {
      // The page's audio element takes the first bytes of a long take and lets go (to seek, or to ask again).
      const controller = new AbortController()
      const res = await fetch(new URL(watched.urlFor(big), own.url), {
        signal: controller.signal,
        headers: { 'x-booth-token': own.token },
      })
      const reader = res.body!.getReader()
      await reader.read()
      controller.abort()
      await reader.read().catch(() => undefined)
      // The answer has ended (the file let go) and the host has handled how it ended.
      expect(answers).toHaveLength(1)
      await Promise.all(answers)
      await new Promise((r) => setImmediate(r))
      expect(
        (await fetch(new URL(watched.urlFor(take), own.url), { headers: { 'x-booth-token': own.token } })).status,
      ).toBe(200)
      expect(seen).toEqual([])

      const failed = await fetch(new URL('/bridge/call/getTakeReport', own.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-booth-token': own.token },
        body: JSON.stringify({ args: {} }),
      })
      expect(failed.status).toBe(500)
      expect(await failed.json()).toEqual({
        ok: false,
        error: { kind: 'internal', message: 'Something went wrong inside Booth. The log has the details.' },
      })
      expect(seen).toEqual([{ where: '/bridge/call/getTakeReport', message: 'the store fell over' }])
    } finally {
      await own.close()
    }
  })
})
