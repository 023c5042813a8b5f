import { randomBytes } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { request } from 'node:http'
import { Upload } from 'tus-js-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHarness, TOKEN_ALL, TOKEN_READ, type Harness } from './harness'

const OTHER = 'other-uploader-token'
let h: Harness
beforeAll(async () => {
  h = await startHarness({
    keys: [
      { token: TOKEN_ALL, scopes: '*' },
      { token: TOKEN_READ, scopes: ['jobs:read'] },
      { token: OTHER, scopes: ['deliveries:write'] },
    ],
  })
})
afterAll(async () => h.close())

const b64 = (s: string): string => Buffer.from(s).toString('base64')

function tus(
  method: string,
  url: string,
  headers: Record<string, string> = {},
  body?: Buffer,
  token = TOKEN_ALL,
): Promise<Response> {
  return fetch(url.startsWith('http') ? url : `${h.sb.url}${url}`, {
    method,
    headers: { 'Tus-Resumable': '1.0.0', authorization: `Bearer ${token}`, ...headers },
    body: body ? new Uint8Array(body) : undefined,
  })
}

async function create(size: number, name = 'take 1 – main.wav', token = TOKEN_ALL): Promise<string> {
  const res = await tus(
    'POST',
    '/api/v1/uploads',
    { 'Upload-Length': String(size), 'Upload-Metadata': `filename ${b64(name)},filetype ${b64('audio/wav')}` },
    undefined,
    token,
  )
  expect(res.status).toBe(201)
  expect(res.headers.get('x-request-id')).toBeTruthy()
  const location = res.headers.get('location') ?? ''
  expect(location).toMatch(new RegExp(`^${h.sb.url}/api/v1/uploads/[0-9a-f]{32}$`))
  return location
}

function patch(location: string, offset: number, chunk: Buffer, token = TOKEN_ALL): Promise<Response> {
  return tus(
    'PATCH',
    location,
    { 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' },
    chunk,
    token,
  )
}

async function offsetOf(location: string): Promise<number> {
  const res = await tus('HEAD', location)
  expect(res.status).toBe(200)
  return Number(res.headers.get('upload-offset'))
}

describe('tus uploads', () => {
  const data = randomBytes(3 * 1024 * 1024 + 123)

  it('creates an upload, resumes it with HEAD + PATCH from the offset, and hands it to createDelivery', async () => {
    const location = await create(data.length)
    const handle = location.split('/').at(-1) ?? ''
    const first = await patch(location, 0, data.subarray(0, 1024 * 1024))
    expect(first.status).toBe(204)
    expect(first.headers.get('upload-offset')).toBe(String(1024 * 1024))

    // not complete yet: the domain sees the partial upload
    const early = await h.call('POST', '/api/v1/jobs/41/deliveries', {
      json: { handle, take_label: 'main', note: null, preflight: null },
      idem: 'deliver-early-01',
    })
    expect(early.status).toBe(409)
    expect(early.body.error).toBe('not_ready')

    const offset = await offsetOf(location)
    expect(offset).toBe(1024 * 1024)
    const wrong = await patch(location, 0, data.subarray(0, 10))
    expect(wrong.status).toBe(409)
    const rest = await patch(location, offset, data.subarray(offset))
    expect(rest.status).toBe(204)
    expect(await offsetOf(location)).toBe(data.length)

    const done = await h.call('POST', '/api/v1/jobs/41/deliveries', {
      json: { handle, take_label: 'alt', note: null, preflight: null },
      idem: 'deliver-done-001',
    })
    expect(done.status).toBe(200)
    expect(done.body.delivery).toMatchObject({
      original_name: 'take 1 – main.wav',
      size_bytes: data.length,
      take_label: 'alt',
    })

    const path = h.world.uploadPaths.get(handle) ?? ''
    expect((await readFile(path)).equals(data)).toBe(true)
    expect((await tus('GET', location)).status).toBe(404)
  })

  it('keeps the bytes of a PATCH cut off mid-way, so the client resumes from the offset HEAD gives', async () => {
    const location = await create(data.length)
    const sent = 512 * 1024
    await new Promise<void>((resolve) => {
      const req = request(location, {
        method: 'PATCH',
        headers: {
          'Tus-Resumable': '1.0.0',
          authorization: `Bearer ${TOKEN_ALL}`,
          'Upload-Offset': '0',
          'Content-Type': 'application/offset+octet-stream',
          'Content-Length': String(data.length),
        },
      })
      req.on('error', () => resolve())
      req.on('response', (res) => {
        res.resume()
        resolve()
      })
      req.write(data.subarray(0, sent), () =>
        setTimeout(() => {
          req.destroy()
          resolve()
        }, 200),
      )
    })
    let offset = 0
    for (let i = 0; i < 40 && offset === 0; i++) {
      await new Promise((r) => setTimeout(r, 50))
      offset = await offsetOf(location)
    }
    expect(offset).toBeGreaterThan(0)
    expect(offset).toBeLessThanOrEqual(sent)
    expect((await patch(location, offset, data.subarray(offset))).status).toBe(204)
    const handle = location.split('/').at(-1) ?? ''
    const done = await h.call('POST', '/api/v1/jobs/41/deliveries', {
      json: { handle, take_label: 'main', note: null, preflight: null },
      idem: 'deliver-resumed-1',
    })
    expect(done.status).toBe(200)
    expect((await readFile(h.world.uploadPaths.get(handle) ?? '')).equals(data)).toBe(true)
  })

  it('needs a bearer key with deliveries:write', async () => {
    const none = await fetch(`${h.sb.url}/api/v1/uploads`, {
      method: 'POST',
      headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': '10' },
    })
    expect(none.status).toBe(401)
    expect(((await none.json()) as { error: string }).error).toBe('invalid_principal')
    const readOnly = await tus('POST', '/api/v1/uploads', { 'Upload-Length': '10' }, undefined, TOKEN_READ)
    expect(readOnly.status).toBe(403)
    expect(((await readOnly.json()) as { message: string }).message).toContain('deliveries:write')
  })

  it("answers 404 for an unknown upload, a malformed id, and another key's upload", async () => {
    expect((await tus('HEAD', `/api/v1/uploads/${'0'.repeat(32)}`)).status).toBe(404)
    expect((await tus('HEAD', '/api/v1/uploads/..%2F..%2Fetc')).status).toBe(404)
    const mine = await create(100)
    expect((await tus('HEAD', mine, {}, undefined, OTHER)).status).toBe(404)
    expect((await patch(mine, 0, Buffer.alloc(100), OTHER)).status).toBe(404)
    const handle = mine.split('/').at(-1) ?? ''
    const theirs = await h.call('POST', '/api/v1/jobs/41/deliveries', {
      token: OTHER,
      json: { handle, take_label: 'main', note: null, preflight: null },
      idem: 'deliver-theirs-1',
    })
    expect(theirs.status).toBe(404)
  })

  it('refuses a creation without a length (tus rules)', async () => {
    const res = await tus('POST', '/api/v1/uploads')
    expect(res.status).toBe(400)
  })

  it('works with tus-js-client, which Booth uses: a first upload cut short, then resumed from its URL', async () => {
    const bytes = randomBytes(2 * 1024 * 1024)
    const common = {
      endpoint: `${h.sb.url}/api/v1/uploads`,
      headers: { Authorization: `Bearer ${TOKEN_ALL}` },
      metadata: { filename: 'client take.wav', filetype: 'audio/wav' },
      chunkSize: 512 * 1024,
      retryDelays: [],
    }
    // first attempt: stop after the first chunk
    const url = await new Promise<string>((resolve, reject) => {
      const first: Upload = new Upload(bytes, {
        ...common,
        onChunkComplete: (_size, accepted) => {
          if (accepted >= 512 * 1024) void first.abort().then(() => resolve(first.url ?? ''))
        },
        onError: reject,
      })
      first.start()
    })
    expect(url).toMatch(/\/api\/v1\/uploads\/[0-9a-f]{32}$/)
    expect(await offsetOf(url)).toBe(512 * 1024)
    // second attempt: resume from the upload URL (HEAD, then PATCH from the offset)
    await new Promise<void>((resolve, reject) => {
      new Upload(bytes, { ...common, uploadUrl: url, onSuccess: () => resolve(), onError: reject }).start()
    })
    const handle = url.split('/').at(-1) ?? ''
    const done = await h.call('POST', '/api/v1/jobs/41/deliveries', {
      json: { handle, take_label: 'main', note: null, preflight: null },
      idem: 'deliver-client-01',
    })
    expect(done.status).toBe(200)
    expect((await readFile(h.world.uploadPaths.get(handle) ?? '')).equals(bytes)).toBe(true)
  })
})

describe('disk hygiene: unfinished uploads expire (tus expiration extension)', () => {
  let short: Harness
  let dataDir: string
  const AFTER_MS = 1000
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'booth-upload-expiry-'))
    short = await startHarness({
      keys: [{ token: TOKEN_ALL, scopes: '*' }],
      dataDir,
      uploadExpiry: { afterMs: AFTER_MS, sweepEveryMs: 50 },
    })
  })
  afterAll(async () => {
    await short.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  const on = (method: string, url: string, headers: Record<string, string> = {}, body?: Buffer) =>
    fetch(url.startsWith('http') ? url : `${short.sb.url}${url}`, {
      method,
      headers: { 'Tus-Resumable': '1.0.0', authorization: `Bearer ${TOKEN_ALL}`, ...headers },
      body: body ? new Uint8Array(body) : undefined,
    })
  const filesOf = async (handle: string) =>
    (await readdir(join(dataDir, 'uploads'))).filter((f) => f.startsWith(handle))

  it('says when an upload expires, then deletes its bytes and record; a finished one stays', async () => {
    const finished = await on('POST', '/api/v1/uploads', { 'Upload-Length': '10' })
    const finishedAt = finished.headers.get('location') ?? ''
    expect(
      (
        await on(
          'PATCH',
          finishedAt,
          { 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
          randomBytes(10),
        )
      ).status,
    ).toBe(204)
    const finishedHandle = finishedAt.split('/').at(-1) ?? ''

    const created = await on('POST', '/api/v1/uploads', { 'Upload-Length': '1000' })
    expect(created.status).toBe(201)
    const location = created.headers.get('location') ?? ''
    const handle = location.split('/').at(-1) ?? ''
    expect((await filesOf(handle)).length).toBeGreaterThan(0)
    const expires = Date.parse(created.headers.get('upload-expires') ?? '')
    expect(expires).toBeGreaterThan(Date.now() - 2000)
    expect(expires).toBeLessThanOrEqual(Date.now() + AFTER_MS + 1000)
    const part = await on(
      'PATCH',
      location,
      { 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
      randomBytes(100),
    )
    // (on a slow machine the upload may have expired already: then the PATCH is refused as gone)
    expect([204, 410]).toContain(part.status)
    if (part.status === 204) expect(part.headers.get('upload-expires')).toBeTruthy()

    await expect.poll(() => filesOf(handle), { timeout: 10_000, interval: 50 }).toEqual([])
    expect((await on('HEAD', location)).status).toBe(404)
    expect((await filesOf(finishedHandle)).length).toBeGreaterThan(0)
    expect((await on('HEAD', finishedAt)).status).toBe(200)
  })

  it('announces the expiration extension', async () => {
    const res = await on('OPTIONS', '/api/v1/uploads')
    expect((res.headers.get('tus-extension') ?? '').split(',')).toContain('expiration')
  })

  it('refuses an empty (0-byte) upload at creation', async () => {
    const res = await on('POST', '/api/v1/uploads', { 'Upload-Length': '0' })
    expect(res.status).toBe(400)
    expect(((await res.json()) as { message: string }).message).toBe(
      'An upload of 0 bytes holds no take; send the audio file itself.',
    )
  })
})
