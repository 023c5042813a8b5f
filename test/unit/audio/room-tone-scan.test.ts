// The room tone found block by block while a take streams in (so the check at Stop is judged, not worked
// out over the whole take) is exactly the room tone of the whole take at once, as first defined. Pure.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ROOM_TONE_RULES } from '../../../main/audio/thresholds'
import { roomTone } from '../../../shared/audio-dsp/room-tone'
import { db, judgeSilence, silentSpans } from '../../../shared/audio-dsp/room-tone-judge'
import { LoudnessMeter } from '../../../shared/audio-dsp/loudness-meter'
import { TakeFactsCollector } from '../../../shared/audio-dsp/take-facts'
import { withoutOffsets } from '../../../shared/audio-dsp/unweighted-blocks'
import { referenceFloor, referenceSpans } from './helpers/room-tone-reference'

const RATE = 48_000

/** 10 ms block energies: speech-like bursts, steady room tone at some level, and now and then digital silence. */
const blocksOf = fc
  .record({
    length: fc.integer({ min: 0, max: 1500 }),
    floorDb: fc.double({ min: -160, max: -40, noNaN: true }),
    spread: fc.double({ min: 0, max: 12, noNaN: true }),
    speechEvery: fc.integer({ min: 5, max: 400 }),
    speechShare: fc.double({ min: 0, max: 1, noNaN: true }),
    zeros: fc.boolean(),
    seed: fc.integer({ min: 1, max: 2 ** 30 }),
  })
  .map(({ length, floorDb, spread, speechEvery, speechShare, zeros, seed }) => {
    let s = seed
    const rnd = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648
    return Float64Array.from({ length }, (_, i) => {
      if (zeros && i % 97 < 20) return 0
      const speech = i % speechEvery < speechEvery * speechShare
      return 10 ** ((speech ? -30 + 20 * rnd() : floorDb + spread * rnd()) / 10)
    })
  })

/** A voice-like take over room tone (with an offset in one channel), as float samples. */
function take(seconds: number, channels: number, seed: number): Float64Array {
  let s = seed
  const rnd = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648
  const frames = Math.round(seconds * RATE)
  const x = new Float64Array(frames * channels)
  for (let f = 0; f < frames; f++) {
    const t = f / RATE
    const voiced = t % 2.5 < 1.7 && t > 0.4
    for (let c = 0; c < channels; c++) {
      x[f * channels + c] =
        (voiced ? 0.2 * Math.sin(2 * Math.PI * 200 * t) * (0.5 + 0.5 * Math.sin(7 * t)) : 0) +
        0.0005 * (2 * rnd() - 1) +
        (c === 1 ? 0.01 : 0)
    }
  }
  return x
}

describe('the room tone found block by block', () => {
  it('is the floor of the whole take at once, as first defined, and the same silences', () => {
    fc.assert(
      fc.property(blocksOf, (blocks) => {
        const unweighted = withoutOffsets(blocks)
        const durationS = blocks.length * 0.01
        const floor = referenceFloor(blocks, unweighted, 0.01, ROOM_TONE_RULES)
        const levels = blocks.map(db)
        expect(roomTone(blocks, unweighted, 0.01, durationS, ROOM_TONE_RULES)).toEqual(
          judgeSilence(levels, 0.01, durationS, floor, ROOM_TONE_RULES),
        )
      }),
      { numRuns: 200 },
    )
  })

  it.each([
    [1, 11],
    [2, 29],
  ])(
    'streamed in chunks of any size (%i channel(s)), is the room tone of its blocks whenever asked, partial last block included',
    (channels, seed) => {
      const x = take(9, channels, seed)
      const asked = new TakeFactsCollector(RATE, channels, 3, { roomTone: ROOM_TONE_RULES })
      const quiet = new TakeFactsCollector(RATE, channels, 3, { roomTone: ROOM_TONE_RULES })
      let s = seed
      for (let i = 0, n = 0; i < x.length; n++) {
        s = (s * 1103515245 + 12345) % 2147483648
        const chunk = x.subarray(i, i + channels * (1 + (s % 3000)))
        asked.push(chunk)
        quiet.push(chunk)
        i += chunk.length
        if (n % 7 === 0) {
          // Asked mid-take (a partial block taken in for the moment), and asked again: the same answer each time.
          const f = asked.facts()
          const whole = roomTone(f.blockEnergies, f.unweightedBlocks, f.blockS, f.frames / RATE, ROOM_TONE_RULES)
          expect(f.room).toEqual(whole)
          expect(asked.facts().room).toEqual(whole)
          expect(referenceFloor(f.blockEnergies, f.unweightedBlocks, f.blockS, ROOM_TONE_RULES)?.reported ?? null).toBe(
            whole.noiseFloorDbfs,
          )
        }
      }
      // Asking on the way changed nothing that follows.
      const f = quiet.facts()
      expect(asked.facts().room).toEqual(f.room)
      expect(f.room?.noiseFloorDbfs).toBeLessThan(-60)
      expect(f.room?.leadS).toBeGreaterThan(0.3)
    },
  )
})

describe('what is left for Stop: one pass or none over the take', () => {
  it('finds the silent spans in one pass exactly as the two passes first written did', () => {
    const levels = fc.array(
      fc.oneof(fc.double({ min: -100, max: 0, noNaN: true }), fc.constant(Number.NEGATIVE_INFINITY)),
      { maxLength: 400 },
    )
    fc.assert(
      fc.property(
        levels,
        fc.double({ min: -90, max: -30, noNaN: true }),
        fc.double({ min: 0, max: 0.0099, noNaN: true }),
        (l, threshold, short) => {
          const x = Float64Array.from(l)
          const durationS = x.length * 0.01 - short
          expect(silentSpans(x, 0.01, durationS, threshold, ROOM_TONE_RULES)).toEqual(
            referenceSpans(x, 0.01, durationS, threshold, ROOM_TONE_RULES),
          )
        },
      ),
      { numRuns: 500 },
    )
  })

  it('keeps the integrated loudness as blocks close: the gated mean of the 400 ms blocks (the momentary readings)', () => {
    const x = take(12, 1, 5)
    for (let i = 0; i < x.length; i++) x[i] = (x[i] as number) * (Math.floor(i / 96_000) % 3 === 2 ? 0.01 : 1)
    const meter = new LoudnessMeter(RATE, 1)
    const blocks: number[] = []
    for (let i = 0; i < x.length; i += 4800) {
      meter.push(x.subarray(i, i + 4800))
      const m = meter.momentaryLufs()
      if (m !== null) blocks.push(m)
    }
    const energy = (l: number) => 10 ** ((l + 0.691) / 10)
    const mean = (ls: number[]) => -0.691 + 10 * Math.log10(ls.reduce((a, l) => a + energy(l), 0) / ls.length)
    const gated = blocks.filter((l) => l > -70)
    const kept = gated.filter((l) => l > mean(gated) - 10)
    expect(kept.length).toBeLessThan(gated.length)
    expect(meter.integratedLufs()).toBeCloseTo(mean(kept), 9)
  })
})
