/**
 * A take's versions on its metadata: a take written before versions existed reads as one with one version
 * (nothing migrated), a valid list reads back as written, a damaged list makes the take a damaged take
 * with the problem named (never a crash, never deleted), and one damaged version among three hides only
 * itself, named in words, its record written back unchanged; delivery names carry the version mark.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import fc from 'fast-check'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readTakeMeta, takeMetaProblem, writeTakeMeta } from '../../../main/takes/take-meta-file'
import {
  currentRenderPath,
  jobIdOfTakeAudio,
  unreadableNote,
  versionFileName,
  versionFolders,
  versionProblem,
} from '../../../main/version-records/version-meta'
import type { TakeView } from '../../../shared/bridge-takes'
import type { TakeVersion } from '../../../shared/versions/types'

const H = 'a'.repeat(64)
const take: TakeView = {
  schema: 1,
  id: 'take-1',
  job_id: '42',
  file_name: 'ACME_main_03.wav',
  label: 'main',
  take_number: 3,
  note: null,
  preflight: null,
  created_at: '2026-01-01T00:00:00.000Z',
  source: 'recorded',
  original_name: null,
  state: 'ready',
  spot_length_s: 30,
  job_kind: 'not_set',
  trim: { head_s: 0, tail_s: 0 },
  upload: { handle: null, offset: 0, status: 'none' },
  delivery: { idempotency_key: null, delivery_id: null, status: 'none', queued: false },
}
const v = (n: number, extra: Partial<TakeVersion> = {}): TakeVersion => ({
  number: n,
  operation: n === 1 ? 'recording' : 'pickup',
  created_at: take.created_at,
  made_from: n === 1 ? null : n - 1,
  edits:
    n === 1
      ? null
      : {
          format: { sample_rate: 48_000, channels: 1, encoding: 'pcm_s24' },
          frames: 100,
          pieces: [
            {
              source: H,
              from: 0,
              to: 100,
              at: 0,
              gain_db: 0,
              fade_in: { frames: 0, shape: 'equal_power' },
              fade_out: { frames: 0, shape: 'equal_power' },
            },
          ],
        },
  render_key: n === 1 ? null : H,
  summary: '',
  changes: [],
  findings: [],
  preflight: null,
  trim: { head_s: 0, tail_s: 0 },
  trimmed_preflight: null,
  readback: null,
  ...extra,
})

let dir = ''
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'booth-version-meta-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('versions on a take’s metadata', () => {
  it('knows the job of a take’s file, a delivery’s copy and a version’s render (measured by the job’s profile)', () => {
    const data = join(tmpdir(), 'booth-data')
    expect(jobIdOfTakeAudio(join(data, 'takes', 'J-17', 'take.wav'))).toBe('J-17')
    expect(jobIdOfTakeAudio(join(data, 'renders', 'J-17', 'take_v2.wav'))).toBe('J-17')
    expect(jobIdOfTakeAudio(join(versionFolders(join(data, 'takes', 'J-17')).renders, `${'a'.repeat(64)}.wav`))).toBe(
      'J-17',
    )
  })

  it('reads a take from before versions as it is, and a take with versions as written', async () => {
    expect(takeMetaProblem(take)).toBeNull()
    const withVersions = { ...take, versions: [v(1), v(2)], current_version: 2 }
    const path = join(dir, 'take-1.take.json')
    await writeFile(path, JSON.stringify(withVersions))
    expect(await readTakeMeta(path)).toEqual({ ok: true, meta: withVersions })
    expect(
      takeMetaProblem({
        ...take,
        source: 'comp',
        versions: [v(1, { operation: 'comp', edits: v(2).edits, render_key: H })],
        current_version: 1,
      }),
    ).toBeNull()
  })

  it('names what is wrong with a damaged list of versions, and the take is reported, not crashed on', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ ...take, versions: [v(1), v(2)], current_version: 3 }, /current_version must name one of its versions/],
      [{ ...take, current_version: 2 }, /current_version names a version the take does not have/],
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

  it('one damaged version hides only itself: the take reads, that version is named, and its record is written back as it was', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [v(3), /version 2 must have number 2/],
      [v(2, { made_from: 2 }), /version 2\.made_from must be an earlier version/],
      [v(2, { render_key: 'x' }), /version 2\.render_key must be a SHA-256/],
      [v(2, { edits: { ...v(2).edits!, frames: 10 } }), /version 2: piece 1 ends after the end of the result/],
      ['not a version', /version 2 is not an object/],
    ]
    for (const [bad, problem] of cases) {
      expect(versionProblem(bad, 1, () => null)).toMatch(problem)
      const path = join(dir, 'take-1.take.json')
      const onDisk = { ...take, versions: [v(1), bad, v(3, { made_from: 1 })], current_version: 3 }
      await writeFile(path, JSON.stringify(onDisk))
      const read = await readTakeMeta(path)
      expect(read.ok).toBe(true)
      if (!read.ok) continue
      const versions = read.meta.versions ?? []
      expect(versions.map((x) => x.unreadable?.message ?? null)).toEqual([null, 'Version 2 could not be read.', null])
      expect(versions[2]).toEqual(v(3, { made_from: 1 }))
      expect(unreadableNote(read.meta)).toBe('Version 2 could not be read; versions 1 and 3 are fine.')
      // Written again (a note, a trim): the damaged record goes back to disk unchanged, nothing else about it.
      await writeTakeMeta(path, { ...read.meta, note: 'kept' })
      expect(JSON.parse(await readFile(path, 'utf8'))).toEqual({ ...onDisk, note: 'kept' })
    }
  })

  it('any value in place of a version leaves the other versions readable and is written back as it was', async () => {
    const path = join(dir, 'take-prop.take.json')
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (bad) => {
        const onDisk = { ...take, id: 'take-prop', versions: [v(1), bad, v(3, { made_from: 1 })], current_version: 1 }
        await writeFile(path, JSON.stringify(onDisk))
        const read = await readTakeMeta(path)
        expect(read.ok).toBe(true)
        if (!read.ok) return
        expect(read.meta.versions?.[0]).toEqual(v(1))
        expect(read.meta.versions?.[2]).toEqual(v(3, { made_from: 1 }))
        await writeTakeMeta(path, read.meta)
        expect(JSON.parse(await readFile(path, 'utf8'))).toEqual(JSON.parse(JSON.stringify(onDisk)))
      }),
      { numRuns: 60 },
    )
  })

  it('says which versions are fine in words, and refuses the audio of one that cannot be read', () => {
    const bad = (n: number): TakeVersion => ({
      ...v(n),
      unreadable: { message: `Version ${n} could not be read.`, raw: null },
    })
    expect(unreadableNote({ versions: [v(1), v(2)] })).toBeNull()
    expect(unreadableNote({ versions: [v(1), bad(2), bad(3), v(4)] })).toBe(
      'Versions 2 and 3 could not be read; versions 1 and 4 are fine.',
    )
    expect(unreadableNote({ versions: [v(1), bad(2)] })).toBe('Version 2 could not be read; version 1 is fine.')
    expect(() =>
      currentRenderPath('/takes/42', { versions: [v(1), bad(2), v(3)], current_version: 2, take_number: 3 }),
    ).toThrow(
      'Version 2 of take 3 could not be read, so Booth cannot tell which audio it is. Restore versions 1 or 3: they are fine.',
    )
  })

  it('delivers a version under the take’s name with its mark', () => {
    expect(versionFileName('ACME_main_03.wav', 1)).toBe('ACME_main_03.wav')
    expect(versionFileName('ACME_main_03.flac', 2)).toBe('ACME_main_03_v2.wav')
    expect(versionFileName('ACME_main_03.wav', 12)).toBe('ACME_main_03_v12.wav')
  })
})
