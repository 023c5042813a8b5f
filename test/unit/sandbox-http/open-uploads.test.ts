/**
 * The sandbox's listing of open uploads (those no delivery uses) and its expiration of unfinished ones:
 * what the tests of Booth's uploads check "nothing abandoned is left" with. Real sandbox, real world, tus
 * requests by hand.
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '../../../sandbox/server'

const A = 'open-uploads-key-a-000001'
const B = 'open-uploads-key-b-000002'
let dataDir: string
let sb: RunningSandbox

const keys = [
  { token: A, scopes: '*' as const },
  { token: B, scopes: '*' as const },
]
const start = (port = 0, afterMs = 60 * 60_000) =>
  startSandbox({
    port,
    dataDir,
    keys,
    producer: false,
    log: () => {},
    rateLimit: { limit: 100_000, windowMs: 60_000 },
    uploadExpiry: { afterMs, sweepEveryMs: 60 * 60_000 },
  })

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'booth-open-uploads-'))
  sb = await start()
})
afterAll(async () => {
  await sb.close()
  await rm(dataDir, { recursive: true, force: true })
})

const tus = (method: string, url: string, token: string, headers: Record<string, string> = {}, body?: Buffer) =>
  fetch(url.startsWith('http') ? url : `${sb.url}${url}`, {
    method,
    headers: { 'Tus-Resumable': '1.0.0', authorization: `Bearer ${token}`, ...headers },
    body: body ? new Uint8Array(body) : undefined,
  })

async function upload(token: string, size: number, send: number): Promise<string> {
  const created = await tus('POST', '/api/v1/uploads', token, {
    'Upload-Length': String(size),
    'Upload-Metadata': `filename ${Buffer.from('take.wav').toString('base64')}`,
  })
  expect(created.status).toBe(201)
  const location = created.headers.get('location') ?? ''
  if (send > 0)
    expect(
      (
        await tus(
          'PATCH',
          location,
          token,
          { 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
          randomBytes(send),
        )
      ).status,
    ).toBe(204)
  return location.split('/').at(-1) ?? ''
}

async function listed(
  token: string,
): Promise<Array<{ handle: string; size: number; offset: number; expiresAt: number | null }>> {
  const res = await fetch(`${sb.url}/api/v1/uploads`, { headers: { authorization: `Bearer ${token}` } })
  expect(res.status).toBe(200)
  const body = (await res.json()) as {
    ok: boolean
    uploads: Array<{ handle: string; size: number; offset: number; expiresAt: number | null }>
  }
  expect(body.ok).toBe(true)
  return body.uploads
}

describe('open uploads', () => {
  it('lists each key its own unfinished and undelivered uploads (GET /api/v1/uploads), and all of them to the test (openUploads)', async () => {
    const partial = await upload(A, 1000, 400)
    const empty = await upload(A, 1000, 0)
    const other = await upload(B, 500, 100)
    const mine = await listed(A)
    expect(mine.map((u) => u.handle).sort()).toEqual([partial, empty].sort())
    expect(mine.find((u) => u.handle === partial)).toMatchObject({ size: 1000, offset: 400 })
    expect(mine.find((u) => u.handle === partial)?.expiresAt).toBeGreaterThan(Date.now())
    expect((await listed(B)).map((u) => u.handle)).toEqual([other])
    expect((await sb.openUploads()).map((u) => u.handle).sort()).toEqual([partial, empty, other].sort())
    for (const [h, k] of [
      [partial, A],
      [empty, A],
      [other, B],
    ] as const)
      expect((await tus('DELETE', `/api/v1/uploads/${h}`, k)).status).toBe(204)
    expect(await sb.openUploads()).toEqual([])
  })

  it('a finished upload is open until a delivery uses it', async () => {
    const handle = await upload(A, 2000, 2000)
    expect((await listed(A)).map((u) => u.handle)).toEqual([handle])
    const job = (sb.world as unknown as { state(): { jobs: Array<{ job_id: string; status: string; stage: string }> } })
      .state()
      .jobs.find((j) => j.status === 'pending' && (j.stage === 'accepted' || j.stage === 'changes_requested'))
    if (!job) throw new Error('The seed world has no job that takes a delivery.')
    const res = await fetch(`${sb.url}/api/v1/jobs/${job.job_id}/deliveries`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${A}`,
        'content-type': 'application/json',
        'idempotency-key': 'open-uploads-deliver-0001',
      },
      body: JSON.stringify({ handle, take_label: 'main', note: null, preflight: null }),
    })
    expect(res.status).toBe(200)
    expect(await listed(A)).toEqual([])
  })

  it('an unfinished upload that expired while the sandbox was stopped is gone as soon as it starts again', async () => {
    const handle = await upload(A, 1000, 10)
    await sb.close()
    await new Promise((r) => setTimeout(r, 300))
    sb = await start(0, 200) // now unfinished uploads expire 200 ms after creation
    await expect
      .poll(async () => (await sb.openUploads()).map((u) => u.handle), { timeout: 10_000, interval: 50 })
      .not.toContain(handle)
    expect((await tus('HEAD', `/api/v1/uploads/${handle}`, A)).status).toBe(404)
  })
})
