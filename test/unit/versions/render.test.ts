/**
 * The version renderer on real WAVs made by ffmpeg: unity pieces are the source's own samples, a render is
 * bit-identical every time (also after its cached file is deleted), crossfades keep the power of two
 * uncorrelated sides, gains land within one LSB, and a list it cannot render is refused in words.
 */
import { mkdir, readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAudio, makeTempDir } from '../../support/audio-fixtures'
import { Recordings, sha256File, type RecordingRef } from '../../../main/versions/store/recordings'
import { renderCached, renderKey } from '../../../main/versions/store/render-cache'
import { renderEditList } from '../../../main/versions/render/render-edit-list'
import { openWavSource } from '../../../main/media/wav-source'
import type { EditList, EditPiece } from '../../../shared/versions/edit-list'

let dir = ''
let cleanup: () => Promise<void> = async () => {}
let recordings: Recordings
let noiseA: RecordingRef
let noiseB: RecordingRef
let s16: RecordingRef
let f32: RecordingRef

beforeAll(async () => {
  ;({ dir, cleanup } = await makeTempDir('booth-render-'))
  recordings = new Recordings(join(dir, 'recordings'))
  noiseA = await recordings.add(
    await makeAudio(dir, 'a', [
      { kind: 'noise', seconds: 3, dbfs: -30 },
      { kind: 'tone', seconds: 1, dbfs: -12, hz: 440 },
    ]),
  )
  noiseB = await recordings.add(
    await makeAudio(dir, 'b', [
      { kind: 'tone', seconds: 1, dbfs: -20, hz: 700 },
      { kind: 'noise', seconds: 3, dbfs: -30 },
    ]),
  )
  s16 = await recordings.add(
    await makeAudio(dir, 'c16', [{ kind: 'noise', seconds: 2, dbfs: -20 }], { codec: 'pcm_s16le' }),
  )
  f32 = await recordings.add(
    await makeAudio(dir, 'cf', [{ kind: 'noise', seconds: 2, dbfs: -20 }], { codec: 'pcm_f32le' }),
  )
}, 60_000)
afterAll(async () => {
  await cleanup()
})

const none = { frames: 0, shape: 'equal_power' as const }
const piece = (
  source: RecordingRef,
  from: number,
  to: number,
  at: number,
  extra: Partial<EditPiece> = {},
): EditPiece => ({ source: source.hash, from, to, at, gain_db: 0, fade_in: none, fade_out: none, ...extra })

async function samples(path: string): Promise<Float64Array> {
  const src = await openWavSource(path)
  try {
    return await src.readFrames(0, src.frames)
  } finally {
    await src.close()
  }
}

async function render(list: EditList, name: string): Promise<string> {
  const sources = await recordings.open(list.pieces.map((p) => p.source))
  try {
    const out = join(dir, `${name}.wav`)
    await renderEditList(list, sources, out)
    return out
  } finally {
    for (const s of sources.values()) await s.close()
  }
}

describe('the version renderer', { timeout: 60_000 }, () => {
  it('copies unity pieces sample for sample and crossfades in the pause with equal power', async () => {
    const xf = 4800
    const list: EditList = {
      format: noiseA.format,
      frames: 96_000 + 96_000 - xf,
      pieces: [
        piece(noiseA, 0, 96_000, 0, { fade_out: { frames: xf, shape: 'equal_power' } }),
        piece(noiseB, 52_000, 148_000, 96_000 - xf, { fade_in: { frames: xf, shape: 'equal_power' } }),
      ],
    }
    const out = await render(list, 'two')
    const [got, a, b] = await Promise.all([samples(out), samples(noiseA.path), samples(noiseB.path)])
    expect(got.length).toBe(list.frames)
    for (let i = 0; i < 96_000 - xf; i++)
      if (got[i] !== a[i]) throw new Error(`sample ${i}: ${got[i]} is not the source's ${a[i]}`)
    for (let i = 96_000; i < list.frames; i++)
      if (got[i] !== b[52_000 + i - (96_000 - xf)]) throw new Error(`sample ${i} is not the second source's`)
    // Two uncorrelated noises of equal level: the crossfade keeps their power (within 1.5 dB).
    const power = (xs: ArrayLike<number>, from: number, to: number) => {
      let s = 0
      for (let i = from; i < to; i++) s += (xs[i] as number) ** 2
      return s / (to - from)
    }
    const sides = (power(a, 96_000 - xf, 96_000) + power(b, 52_000, 52_000 + xf)) / 2
    const ratioDb = 10 * Math.log10(power(got, 96_000 - xf, 96_000) / sides)
    expect(Math.abs(ratioDb)).toBeLessThan(1)
  })

  it('joins two sides out of phase without a step: a hard cut clicks, the crossfade does not', async () => {
    const dir2 = join(dir, 'phase')
    await mkdir(dir2, { recursive: true })
    const low = await recordings.add(await makeAudio(dir2, 'low', [{ kind: 'tone', seconds: 2, dbfs: -20, hz: 97 }]))
    const other = await recordings.add(
      await makeAudio(dir2, 'other', [{ kind: 'tone', seconds: 2, dbfs: -20, hz: 131 }]),
    )
    const steps = async (xf: number) => {
      const cut = 48_000 + 247
      const list: EditList = {
        format: low.format,
        frames: 96_000,
        pieces: [
          piece(low, 0, cut + xf / 2, 0, { fade_out: { frames: xf, shape: 'equal_power' } }),
          piece(other, cut - xf / 2, 96_000, cut - xf / 2, { fade_in: { frames: xf, shape: 'equal_power' } }),
        ],
      }
      const x = await samples(await render(list, `phase-${xf}`))
      let own = 0
      for (let i = 1000; i < 40_000; i++) own = Math.max(own, Math.abs((x[i] as number) - (x[i - 1] as number)))
      let atCut = 0
      for (let i = cut - xf / 2 - 100; i < cut + xf / 2 + 100; i++)
        atCut = Math.max(atCut, Math.abs((x[i] as number) - (x[i - 1] as number)))
      return atCut / own
    }
    expect(await steps(0)).toBeGreaterThan(2)
    expect(await steps(960)).toBeLessThanOrEqual(2)
  })

  it('is bit-identical every time, also after the cached render is deleted', async () => {
    const list: EditList = {
      format: noiseA.format,
      frames: 152_000,
      pieces: [
        piece(noiseA, 10_000, 80_000, 0, { gain_db: -3.7, fade_out: { frames: 500, shape: 'equal_power' } }),
        piece(noiseB, 60_000, 140_500, 69_500, {
          gain_db: 4.2,
          fade_in: { frames: 500, shape: 'equal_power' },
          fade_out: { frames: 300, shape: 'linear' },
        }),
      ],
    }
    const rendersDir = join(dir, 'renders')
    const first = await renderCached(list, recordings, rendersDir)
    expect(first.fresh).toBe(true)
    const hash = await sha256File(first.path)
    expect((await renderCached(list, recordings, rendersDir)).fresh).toBe(false)
    await rm(first.path)
    const again = await renderCached(list, recordings, rendersDir)
    expect(again.fresh).toBe(true)
    expect(await sha256File(again.path)).toBe(hash)
    expect(again.key).toBe(renderKey(list))
    // The tail no piece covers is digital silence.
    const got = await samples(again.path)
    expect(got.subarray(150_000).every((x) => x === 0)).toBe(true)
  })

  it('applies a gain within one LSB of the exact value, in 16-bit, 24-bit and float', async () => {
    for (const ref of [s16, noiseA, f32]) {
      const list: EditList = {
        format: ref.format,
        frames: 40_000,
        pieces: [piece(ref, 1000, 41_000, 0, { gain_db: 6 })],
      }
      const got = await samples(await render(list, `gain-${ref.format.encoding}`))
      const src = await samples(ref.path)
      const g = 10 ** (6 / 20)
      let worst = 0
      for (let i = 0; i < 40_000; i++)
        worst = Math.max(worst, Math.abs((got[i] as number) - (src[i + 1000] as number) * g))
      expect(worst, ref.format.encoding).toBeLessThanOrEqual(ref.format.encoding === 'float32' ? 1e-6 : 1.5)
    }
  })

  it('refuses a list over a recording of another format, or past its end, in words', async () => {
    const mixed: EditList = { format: noiseA.format, frames: 1000, pieces: [piece(s16, 0, 1000, 0)] }
    await expect(render(mixed, 'mixed')).rejects.toThrow(
      /is 48000 Hz 1-channel pcm_s16, not the take's 48000 Hz 1-channel pcm_s24/,
    )
    const past: EditList = {
      format: noiseA.format,
      frames: 10,
      pieces: [piece(noiseA, noiseA.frames - 5, noiseA.frames + 5, 0)],
    }
    await expect(render(past, 'past')).rejects.toThrow(/reaches past the end of the recording/)
    const bad = { format: noiseA.format, frames: 10, pieces: [{ ...piece(noiseA, 0, 5, 0), gain_db: 99 }] }
    await expect(render(bad, 'bad')).rejects.toThrow(/gain_db must be a number from -40 to 40/)
  })

  it('renders any valid list the same way twice, and never changes a unity sample (fast-check)', async () => {
    const src = await samples(noiseA.path)
    const arbPiece = fc.record({
      from: fc.integer({ min: 0, max: 150_000 }),
      length: fc.integer({ min: 50, max: 20_000 }),
      at: fc.integer({ min: 0, max: 30_000 }),
      gain: fc.oneof(fc.constant(0), fc.double({ min: -20, max: 20, noNaN: true })),
      fin: fc.integer({ min: 0, max: 25 }),
      fout: fc.integer({ min: 0, max: 25 }),
      shape: fc.constantFrom('equal_power' as const, 'linear' as const),
    })
    await fc.assert(
      fc.asyncProperty(fc.array(arbPiece, { minLength: 1, maxLength: 4 }), async (raw) => {
        const pieces = raw
          .map((r) =>
            piece(noiseA, r.from, Math.min(noiseA.frames, r.from + r.length), r.at, {
              gain_db: r.gain,
              fade_in: { frames: r.fin, shape: r.shape },
              fade_out: { frames: r.fout, shape: r.shape },
            }),
          )
          .filter((p) => p.to - p.from > 60)
        if (pieces.length === 0) return
        const list: EditList = {
          format: noiseA.format,
          frames: Math.max(...pieces.map((p) => p.at + p.to - p.from)),
          pieces,
        }
        const one = await render(list, 'fc1')
        const two = await render(list, 'fc2')
        expect((await readFile(one)).equals(await readFile(two))).toBe(true)
        const got = await samples(one)
        for (let f = 0; f < list.frames; f++) {
          const covering = pieces.filter((p) => p.at <= f && f < p.at + p.to - p.from)
          const p = covering[0]
          if (covering.length !== 1 || !p || p.gain_db !== 0) continue
          const k = f - p.at
          if (k < p.fade_in.frames || k >= p.to - p.from - p.fade_out.frames) continue
          if (got[f] !== src[p.from + k]) throw new Error(`frame ${f} changed`)
        }
      }),
      { numRuns: 25 },
    )
  })
})
