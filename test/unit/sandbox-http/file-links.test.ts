import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contentDisposition } from '../../../sandbox/http/file-links'
import { startHarness, type Harness } from './harness'

let h: Harness
let dir: string
beforeAll(async () => {
  h = await startHarness()
  dir = await mkdtemp(join(tmpdir(), 'booth-links-'))
})
afterAll(async () => {
  await h.close()
  await rm(dir, { recursive: true, force: true })
})

describe('short-lived links', () => {
  it('serves the bytes without a bearer key, with type and file name, until the link expires', async () => {
    const link = await h.call('GET', '/api/v1/attachments/8/download')
    expect(link.status).toBe(200)
    const url = link.body.url as string
    expect(url.startsWith(`${h.sb.url}/files/`)).toBe(true)
    const res = await fetch(url)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/plain')
    expect(res.headers.get('content-disposition')).toBe(
      `inline; filename="notes _ draft.txt"; filename*=UTF-8''notes%20%E2%80%93%20draft.txt`,
    )
    expect(await res.text()).toBe('hello attachment')
    h.clock.t += 60_000
    const expired = await fetch(url)
    expect(expired.status).toBe(410)
    expect(((await expired.json()) as { message: string }).message).toMatch(/expired/)
  })

  it('serves a file from disk', async () => {
    const path = join(dir, 'take.wav')
    await writeFile(path, Buffer.alloc(4096, 7))
    h.world.links.set('disk-token', {
      file: { contentType: 'audio/wav', fileName: 'take.wav', body: { path } },
      expiresAt: h.clock.t + 1000,
    })
    const res = await fetch(`${h.sb.url}/files/disk-token`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-length')).toBe('4096')
    expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.alloc(4096, 7))).toBe(true)
    const head = await fetch(`${h.sb.url}/files/disk-token`, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-length')).toBe('4096')
  })

  it('answers 404 for an unknown token, a vanished file, and a write', async () => {
    expect((await fetch(`${h.sb.url}/files/nope`)).status).toBe(404)
    expect((await fetch(`${h.sb.url}/files/`)).status).toBe(404)
    h.world.links.set('gone-token', {
      file: { contentType: 'audio/wav', fileName: 'x.wav', body: { path: join(dir, 'missing.wav') } },
      expiresAt: h.clock.t + 1000,
    })
    expect((await fetch(`${h.sb.url}/files/gone-token`)).status).toBe(404)
    expect((await fetch(`${h.sb.url}/files/disk-token`, { method: 'POST' })).status).toBe(404)
  })

  it('writes a safe Content-Disposition for any name', () => {
    expect(contentDisposition('a"b\\c.pdf')).toBe(`inline; filename="a_b_c.pdf"; filename*=UTF-8''a%22b%5Cc.pdf`)
    expect(contentDisposition("it's (1).wav")).toBe(
      `inline; filename="it's (1).wav"; filename*=UTF-8''it%27s%20%281%29.wav`,
    )
  })
})
