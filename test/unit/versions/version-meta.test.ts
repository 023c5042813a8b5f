/**
 * A take's versions on its metadata: a take written before versions existed reads as one with one version
 * (nothing migrated), a valid list reads back as written, and a damaged one makes the take a damaged take
 * with the problem named (never a crash, never deleted); delivery names carry the version mark.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readTakeMeta, takeMetaProblem } from '../../../main/takes/take-meta-file'
import { versionFileName } from '../../../main/versions/version-meta'
import type { TakeView } from '../../../shared/bridge-takes'
import type { TakeVersion } from '../../../shared/versions/types'

const H = 'a'.repeat(64)
const take: TakeView = {
  schema: 1, id: 'take-1', job_id: '42', file_name: 'ACME_main_03.wav', label: 'main', take_number: 3, note: null, preflight: null,
  created_at: '2026-01-01T00:00:00.000Z', source: 'recorded', original_name: null, state: 'ready', spot_length_s: 30, job_kind: 'not_set',
  trim: { head_s: 0, tail_s: 0 }, upload: { handle: null, offset: 0, status: 'none' },
  delivery: { idempotency_key: null, delivery_id: null, status: 'none', queued: false },
}
const v = (n: number, extra: Partial<TakeVersion> = {}): TakeVersion => ({
  number: n, operation: n === 1 ? 'recording' : 'pickup', created_at: take.created_at, made_from: n === 1 ? null : n - 1,
  edits: n === 1 ? null : { format: { sample_rate: 48_000, channels: 1, encoding: 'pcm_s24' }, frames: 100, pieces: [{ source: H, from: 0, to: 100, at: 0, gain_db: 0, fade_in: { frames: 0, shape: 'equal_power' }, fade_out: { frames: 0, shape: 'equal_power' } }] },
  render_key: n === 1 ? null : H, summary: '', changes: [], findings: [], preflight: null, trim: { head_s: 0, tail_s: 0 }, trimmed_preflight: null, readback: null, ...extra,
})

let dir = ''
beforeAll(async () => { dir = await mkdtemp(join(tmpdir(), 'booth-version-meta-')) })
afterAll(async () => { await rm(dir, { recursive: true, force: true }) })

describe('versions on a take’s metadata', () => {
  it('reads a take from before versions as it is, and a take with versions as written', async () => {
    expect(takeMetaProblem(take)).toBeNull()
    const withVersions = { ...take, versions: [v(1), v(2)], current_version: 2 }
    const path = join(dir, 'take-1.take.json')
    await writeFile(path, JSON.stringify(withVersions))
    expect(await readTakeMeta(path)).toEqual({ ok: true, meta: withVersions })
    expect(takeMetaProblem({ ...take, source: 'comp', versions: [v(1, { operation: 'comp', edits: v(2).edits, render_key: H })], current_version: 1 })).toBeNull()
  })

  it('names what is wrong with damaged versions, and the take is reported, not crashed on', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ ...take, versions: [v(1), v(3)], current_version: 2 }, /version 2 must have number 2/],
      [{ ...take, versions: [v(1), v(2)], current_version: 3 }, /current_version must name one of its versions/],
      [{ ...take, current_version: 2 }, /current_version names a version the take does not have/],
      [{ ...take, versions: [v(1), v(2, { made_from: 2 })], current_version: 2 }, /version 2\.made_from must be an earlier version/],
      [{ ...take, versions: [v(1), v(2, { render_key: 'x' })], current_version: 2 }, /version 2\.render_key must be a SHA-256/],
      [{ ...take, versions: [v(1), v(2, { edits: { ...v(2).edits!, frames: 10 } })], current_version: 2 }, /version 2: piece 1 ends after the end of the result/],
      [{ ...take, versions: [], current_version: 1 }, /versions must be a list of at least one version/],
      [{ ...take, source: 'bounced' }, /field "source" must be recorded, imported or comp/],
    ]
    for (const [meta, problem] of cases) {
      const path = join(dir, 'take-1.take.json')
      await writeFile(path, JSON.stringify(meta))
      const read = await readTakeMeta(path)
      expect(read.ok).toBe(false)
      if (!read.ok) expect(read.message).toMatch(problem)
    }
  })

  it('delivers a version under the take’s name with its mark', () => {
    expect(versionFileName('ACME_main_03.wav', 1)).toBe('ACME_main_03.wav')
    expect(versionFileName('ACME_main_03.flac', 2)).toBe('ACME_main_03_v2.wav')
    expect(versionFileName('ACME_main_03.wav', 12)).toBe('ACME_main_03_v12.wav')
  })
})
