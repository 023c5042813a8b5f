/**
 * The level's samples made block by block (main/finish/level-stream.ts, issue 42 point 8) are the whole-array
 * chain's to the bit: gain, the limiter (its envelope carried across blocks by GainEnvelope) and trims, on
 * takes whose length no block divides, with limited peaks straddling a block's edge; and the figures measured
 * over the blocks are measureLevel's on the arrays, to the last bit.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { BLOCK_FRAMES, limiterSetup, limitTruePeak } from '../../../main/finish/limiter'
import { gainAndLimit, trimFactors, trimInPlace } from '../../../main/finish/level-chain'
import { measureLevel } from '../../../main/finish/level-measure'
import { restoreEnvelope, spanDb, spanDbs } from '../../../main/finish/level-dynamics'
import {
  arrayFrames,
  chainFrames,
  materialize,
  measureFrames,
  STREAM_FRAMES,
  type Frames,
} from '../../../main/finish/level-stream'

const SR = 48_000

/** Noise and a tone at `level`, with a short burst `burst` times louder around each of `at`. */
function signal(seed: number, frames: number, channels: number, at: readonly number[], burst: number): Float32Array[] {
  let s = (seed % 2147483646) + 1
  const rnd = (): number => {
    s = (s * 16807) % 2147483647
    return s / 2147483647 - 0.5
  }
  return Array.from({ length: channels }, (_, c) =>
    Float32Array.from({ length: frames }, (_, i) => {
      const inBurst = at.some((b) => i >= b - 60 && i < b + 60)
      return 0.2 * (0.6 * rnd() + 0.4 * Math.sin((i * 2 * Math.PI * (220 + 110 * c)) / SR)) * (inBurst ? burst : 1)
    }),
  )
}

/** A pass read `blockFrames` at a time, held whole. */
function readIn(frames: Frames, blockFrames: number): Float32Array[] {
  const s = frames()
  const out = Array.from({ length: s.channels }, () => new Float32Array(s.frames))
  for (let from = 0; from < s.frames; from += blockFrames) s.next(blockFrames).forEach((y, c) => out[c]?.set(y, from))
  return out
}

const bytes = (x: Float32Array): Buffer => Buffer.from(x.buffer, x.byteOffset, x.byteLength)
/** Whether two takes hold the same samples to the bit (as bytes: a deep compare of long arrays is slow). */
const same = (a: readonly Float32Array[], b: readonly Float32Array[]): boolean =>
  a.length === b.length && a.every((x, c) => bytes(x).equals(bytes(b[c] as Float32Array)))

describe('the level chain block by block', () => {
  it('gives the whole-array limiter’s samples, with a peak on a block’s edge, in blocks no length divides', () => {
    // Two blocks of the pass and a bit: a burst across the first pass block's edge and one across a
    // limiter block's edge near the end.
    const frames = 2 * STREAM_FRAMES + 1001
    const ch = signal(7, frames, 1, [STREAM_FRAMES, 2 * STREAM_FRAMES + 3 * BLOCK_FRAMES], 6)
    const settings = { ceilingDb: -3, releaseMs: 80 }
    const whole = limitTruePeak(ch, SR, settings, 2)
    expect(whole.places.length).toBeGreaterThanOrEqual(2)
    expect(whole.places.some((p) => p.from < STREAM_FRAMES && p.to > STREAM_FRAMES)).toBe(true)
    const setup = limiterSetup(ch, SR, settings, 2)
    for (const block of [BLOCK_FRAMES, 3 * BLOCK_FRAMES, STREAM_FRAMES])
      expect(same(readIn(chainFrames(ch, setup), block), whole.channels)).toBe(true)
    const plan = { gain_db: 2, limiter: { ceiling_db: -3, release_ms: 80 }, trim_db: 0.4, target: '' }
    const chained = gainAndLimit(ch, SR, plan)
    expect(chained.places).toEqual(whole.places)
    const trims = [...trimFactors(0.4), ...trimFactors(-0.3, 0.4)]
    const trimmed = trimInPlace(trimInPlace(whole.channels, 0.4), -0.3, 0.4)
    expect(same(materialize(chained.frames(trims)), trimmed)).toBe(true)
  })

  it('is the whole-array chain for any take, gain, ceiling and block (stereo too)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 300, max: 9000 }),
        fc.integer({ min: 1, max: 2 }),
        fc.integer({ min: 1, max: 8 }),
        fc.double({ min: -6, max: 0, noNaN: true }),
        fc.double({ min: 0, max: 8, noNaN: true }),
        (seed, frames, channels, blocks, ceilingDb, gainDb) => {
          const ch = signal(seed, frames, channels, [BLOCK_FRAMES * 2, Math.floor(frames * 0.7)], 4)
          const settings = { ceilingDb, releaseMs: 60 }
          const whole = limitTruePeak(ch, SR, settings, gainDb)
          const streamed = readIn(chainFrames(ch, limiterSetup(ch, SR, settings, gainDb)), blocks * BLOCK_FRAMES)
          expect(same(streamed, whole.channels)).toBe(true)
        },
      ),
      { numRuns: 40 },
    )
  })

  it('refuses blocks that are not whole limiter blocks (but the last)', () => {
    const ch = signal(3, 1000, 1, [500], 8)
    const s = chainFrames(ch, limiterSetup(ch, SR, { ceilingDb: -6, releaseMs: 80 }, 0))()
    expect(() => s.next(100)).toThrow(/whole blocks of 128 frames/)
  })
})

describe('the level figures over blocks', () => {
  it('are measureLevel’s on the arrays, to the bit, mono and stereo, any length', () => {
    for (const channels of [1, 2]) {
      const ch = signal(11, STREAM_FRAMES + 4321, channels, [STREAM_FRAMES - 2], 3)
      expect(measureFrames(arrayFrames(ch), SR)).toEqual(measureLevel(ch, SR))
      const chained = gainAndLimit(ch, SR, {
        gain_db: 3,
        limiter: { ceiling_db: -2, release_ms: 80 },
        trim_db: 0,
        target: '',
      })
      expect(measureFrames(chained.frames(), SR)).toEqual(measureLevel(materialize(chained.frames()), SR))
    }
  })
})

describe('the phrase levels’ rounds block by block', () => {
  const phrases = [
    { from: 100, to: 30_000 },
    { from: 40_000, to: STREAM_FRAMES + 500 },
    { from: STREAM_FRAMES + 9000, to: STREAM_FRAMES + 20_000 },
  ]

  it('make the restore envelope a slice at a time as it is made whole', () => {
    const frames = STREAM_FRAMES + 30_001
    const db = [0.5, 2.25, 1]
    const whole = restoreEnvelope(frames, phrases, db)
    for (const block of [BLOCK_FRAMES * 7, STREAM_FRAMES]) {
      const parts = new Float32Array(frames)
      for (let from = 0; from < frames; from += block)
        parts.set(restoreEnvelope(frames, phrases, db, from, Math.min(block, frames - from)), from)
      expect(same([parts], [whole])).toBe(true)
    }
  })

  it('measure each phrase over a pass as spanDb does on the arrays, mono and stereo', () => {
    for (const channels of [1, 2]) {
      const ch = signal(5, STREAM_FRAMES + 30_001, channels, [STREAM_FRAMES], 3)
      expect(spanDbs(arrayFrames(ch), phrases)).toEqual(phrases.map((p) => spanDb(ch, p)))
    }
  })
})
