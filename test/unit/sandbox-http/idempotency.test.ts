import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { IdempotencyStore } from '../../../sandbox/http/idempotency'
import { startHarness, TOKEN_ALL, type Harness } from './harness'

let h: Harness | null = null
const dirs: string[] = []
afterEach(async () => {
  await h?.close()
  h = null
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true })
})

const put = (hh: Harness, key: string, days: number[]) =>
  hh.call('PUT', '/api/v1/availability', { json: { days, same_day: true }, idem: key })

describe('idempotency', () => {
  it('replays the first result with replayed: true, even when the body changed, and records nothing new', async () => {
    h = await startHarness()
    const first = await put(h, 'replay-key-0001', [1, 2])
    expect(first.status).toBe(200)
    expect(first.body.replayed).toBeUndefined()
    const again = await put(h, 'replay-key-0001', [6, 7])
    expect(again.status).toBe(200)
    expect(again.body).toEqual({ ...first.body, replayed: true })
    expect(again.headers.get('x-request-id')).toBe('replay-key-0001')
    expect(h.world.calls.filter((c) => c.op === 'putAvailability')).toHaveLength(1)
    expect(h.world.availability.days).toEqual([1, 2])
  })

  it('keeps keys per API key: the same Idempotency-Key from another key is a new request', async () => {
    h = await startHarness({
      keys: [
        { token: TOKEN_ALL, scopes: '*' },
        { token: 'second-all-scopes-key', scopes: '*' },
      ],
    })
    expect((await put(h, 'shared-key-0001', [1])).status).toBe(200)
    const other = await h.call('PUT', '/api/v1/availability', {
      json: { days: [2], same_day: false },
      idem: 'shared-key-0001',
      token: 'second-all-scopes-key',
    })
    expect(other.status).toBe(200)
    expect(other.body.replayed).toBeUndefined()
    expect(other.body.days).toEqual([2])
    expect(h.world.calls.filter((c) => c.op === 'putAvailability')).toHaveLength(2)
  })

  it('answers 502 upstream_failed for a key reused on another endpoint, and runs nothing', async () => {
    h = await startHarness()
    expect((await put(h, 'crossed-key-001', [1])).status).toBe(200)
    const before = h.world.calls.length
    const crossed = await h.call('POST', '/api/v1/jobs/accept', { json: { job_ids: ['3'] }, idem: 'crossed-key-001' })
    expect(crossed.status).toBe(502)
    expect(crossed.body.error).toBe('upstream_failed')
    expect(crossed.body.message).toMatch(/new key/)
    // the same path with another concrete id is another endpoint too
    const a = await h.call('POST', '/api/v1/jobs/5/deliveries', {
      json: { handle: 'a'.repeat(32), take_label: 'main', note: null, preflight: null },
      idem: 'crossed-key-002',
    })
    expect(a.status).toBe(404)
    expect(h.world.calls.length).toBe(before + 1)
    // a failed result is not recorded: the same key may be retried on the same endpoint
    const retry = await h.call('POST', '/api/v1/jobs/5/deliveries', {
      json: { handle: 'a'.repeat(32), take_label: 'main', note: null, preflight: null },
      idem: 'crossed-key-002',
    })
    expect(retry.status).toBe(404)
    expect(h.world.calls.length).toBe(before + 2)
  })

  it('answers 409 conflict while the first request with the key is still running', async () => {
    h = await startHarness()
    let release = (): void => {}
    h.world.hold = new Promise<void>((resolve) => {
      release = resolve
    })
    const first = put(h, 'running-key-001', [3])
    await new Promise((r) => setTimeout(r, 50))
    const second = await put(h, 'running-key-001', [3])
    expect(second.status).toBe(409)
    expect(second.body.error).toBe('conflict')
    release()
    expect((await first).status).toBe(200)
    const third = await put(h, 'running-key-001', [3])
    expect(third.body.replayed).toBe(true)
  })

  it('keeps records in the data directory, so replays survive a restart', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'booth-idem-'))
    dirs.push(dir)
    h = await startHarness({ dataDir: dir })
    const first = await put(h, 'restart-key-001', [2, 4])
    await h.close()
    const saved = JSON.parse(await readFile(join(dir, 'idempotency.json'), 'utf8')) as { records: unknown[] }
    expect(saved.records).toHaveLength(1)
    h = await startHarness({ dataDir: dir })
    const again = await put(h, 'restart-key-001', [5])
    expect(again.body).toEqual({ ...first.body, replayed: true })
    expect(h.world.calls).toEqual([])
  })

  it('refuses a damaged record file with a clear message', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'booth-idem-'))
    dirs.push(dir)
    await writeFile(join(dir, 'idempotency.json'), '{not json')
    await expect(IdempotencyStore.open(dir)).rejects.toThrow(/not valid JSON; remove the file/)
    await writeFile(join(dir, 'idempotency.json'), '{"records": [{"keyId": 1}]}')
    await expect(IdempotencyStore.open(dir)).rejects.toThrow(/not in the expected form/)
  })
})
