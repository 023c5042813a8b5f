import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { BLOCK_FRAMES, DEFAULT_LOOKAHEAD_MS, inputPeaks, limitTruePeak } from '../../../main/finish/limiter'
import { truePeakDb } from '../../../main/finish/level-measure'

const SR = 48_000

/** A deterministic test signal: noise and a tone at `level`, with a few short bursts `burst` times louder. */
function signal(seed: number, frames: number, channels: number, level: number, burst: number): Float32Array[] {
  let s = (seed % 2147483646) + 1
  const rnd = (): number => {
    s = (s * 16807) % 2147483647
    return s / 2147483647 - 0.5
  }
  const out = Array.from({ length: channels }, () => new Float32Array(frames))
  const bursts = [Math.floor(frames * 0.3), Math.floor(frames * 0.7)]
  for (let c = 0; c < channels; c++) {
    const x = out[c] as Float32Array
    for (let i = 0; i < frames; i++) {
      const inBurst = bursts.some((b) => i >= b && i < b + 240)
      x[i] = level * (0.6 * rnd() + 0.4 * Math.sin((i * 2 * Math.PI * (220 + 110 * c)) / SR)) * (inBurst ? burst : 1)
    }
  }
  return out
}

const gainOf = (x: Float32Array, y: Float32Array, g: number, i: number): number =>
  (y[i] as number) / Math.fround((x[i] as number) * g)

const arbSignal = fc.record({
  seed: fc.integer({ min: 1, max: 1_000_000 }),
  frames: fc.integer({ min: 600, max: 12_000 }),
  channels: fc.integer({ min: 1, max: 2 }),
})

describe('limitTruePeak', () => {
  it('is bit-identical to the gain alone when no peak reaches the ceiling', () => {
    fc.assert(
      fc.property(arbSignal, fc.double({ min: -12, max: 0, noNaN: true }), ({ seed, frames, channels }, gainDb) => {
        // 0.125 full scale at most: the 4× interpolator cannot lift that past 0 dBTP.
        const ch = signal(seed, frames, channels, 0.1, 1.25)
        const r = limitTruePeak(ch, SR, { ceilingDb: 0, releaseMs: 80 }, gainDb)
        const g = 10 ** (gainDb / 20)
        expect(r.activeFrames).toBe(0)
        expect(r.maxReductionDb).toBe(0)
        ch.forEach((x, c) =>
          expect(Array.from(r.channels[c] as Float32Array)).toEqual(Array.from(x, (v) => Math.fround(v * g))),
        )
      }),
      { numRuns: 40 },
    )
  })

  it('keeps the 4× true peak under the ceiling, only turns down, and gives every channel the same gain', () => {
    fc.assert(
      fc.property(
        arbSignal,
        fc.double({ min: -12, max: -1, noNaN: true }),
        fc.double({ min: 0, max: 8, noNaN: true }),
        ({ seed, frames, channels }, ceilingDb, gainDb) => {
          const ch = signal(seed, frames, channels, 0.3, 3)
          const g = 10 ** (gainDb / 20)
          const r = limitTruePeak(ch, SR, { ceilingDb, releaseMs: 60 }, gainDb)
          expect(truePeakDb(r.channels)).toBeLessThanOrEqual(ceilingDb)
          const [x0, y0] = [ch[0] as Float32Array, r.channels[0] as Float32Array]
          let louder = 0
          let unlinked = 0
          for (let i = 0; i < frames; i++) {
            for (let c = 0; c < channels; c++) {
              if (Math.abs(r.channels[c]?.[i] as number) > Math.abs(Math.fround((ch[c]?.[i] as number) * g))) louder++
            }
            if (channels === 2 && Math.abs(x0[i] as number) > 1e-3 && Math.abs(ch[1]?.[i] as number) > 1e-3) {
              if (
                Math.abs(gainOf(ch[1] as Float32Array, r.channels[1] as Float32Array, g, i) - gainOf(x0, y0, g, i)) >
                1e-4
              )
                unlinked++
            }
          }
          expect({ louder, unlinked }).toEqual({ louder: 0, unlinked: 0 })
        },
      ),
      // The example: a limited peak the float32 output once lifted 0.000002 dB over the ceiling.
      { numRuns: 30, examples: [[{ seed: 144259, frames: 1244, channels: 1 }, -4.547637698283308, 7.999999999999991]] },
    )
  })

  it('glides into a peak over the look-ahead and releases back to exactly the gain alone', () => {
    const frames = SR * 3
    const x = new Float32Array(frames)
    for (let i = 0; i < frames; i++) x[i] = 0.2 * Math.sin((2 * Math.PI * 300 * i) / SR)
    const peakAt = SR / 2
    for (let i = peakAt; i < peakAt + 96; i++) x[i] = 0.9 * Math.sin((2 * Math.PI * 300 * i) / SR)
    const r = limitTruePeak([x], SR, { ceilingDb: -6, releaseMs: 80 })
    const y = r.channels[0] as Float32Array
    expect(r.maxReductionDb).toBeGreaterThan(4.5)
    const look = Math.round((DEFAULT_LOOKAHEAD_MS / 1000) * SR)
    // The gain at each frame (read where the signal is far from a zero crossing) moves at most by the
    // whole reduction over the look-ahead in a frame: a ramp, never a step.
    const depth = 1 - 10 ** (-r.maxReductionDb / 20)
    let last = 1
    let steepest = 0
    for (let i = 0; i < frames; i++) {
      if (Math.abs(x[i] as number) < 0.05) continue
      const g = (y[i] as number) / (x[i] as number)
      steepest = Math.max(steepest, Math.abs(g - last))
      last = g
    }
    expect(steepest).toBeLessThanOrEqual((depth / (look + 1)) * 40 + 1e-6)
    // Untouched before the look-ahead and block that hold the peak…
    const firstTouched = y.findIndex((v, i) => v !== x[i])
    expect(firstTouched).toBeGreaterThanOrEqual(peakAt - 3 * BLOCK_FRAMES - look)
    // …and exactly the input again once the release has run out (well within two seconds).
    const lastTouched = frames - 1 - [...y].reverse().findIndex((v, i) => v !== x[frames - 1 - i])
    expect(lastTouched).toBeLessThan(peakAt + 2 * SR)
    expect(y.subarray(lastTouched + 1)).toEqual(x.subarray(lastTouched + 1))
  })

  it('is deterministic and leaves its input untouched', () => {
    const ch = signal(7, 20_000, 2, 0.3, 3)
    const copy = ch.map((c) => Float32Array.from(c))
    const a = limitTruePeak(ch, SR, { ceilingDb: -3, releaseMs: 100 }, 2)
    const b = limitTruePeak(ch, SR, { ceilingDb: -3, releaseMs: 100 }, 2)
    expect(a.channels).toEqual(b.channels)
    expect(ch).toEqual(copy)
  })

  it('gives the same output from block peaks measured once for a lower floor (a plan reusing them at another gain)', () => {
    fc.assert(
      fc.property(
        arbSignal,
        fc.double({ min: 0, max: 6, noNaN: true }),
        fc.double({ min: 0, max: 3, noNaN: true }),
        ({ seed, frames, channels }, gainDb, extraDb) => {
          const ch = signal(seed, frames, channels, 0.3, 3)
          const settings = { ceilingDb: -2, releaseMs: 80 }
          const known = inputPeaks(ch, 10 ** ((settings.ceilingDb - gainDb - extraDb) / 20))
          expect(limitTruePeak(ch, SR, settings, gainDb, known).channels).toEqual(
            limitTruePeak(ch, SR, settings, gainDb).channels,
          )
        },
      ),
      { numRuns: 20 },
    )
  })

  it('refuses channels of different lengths', () => {
    expect(() =>
      limitTruePeak([new Float32Array(10), new Float32Array(11)], SR, { ceilingDb: -1, releaseMs: 80 }),
    ).toThrow(/same number of frames/)
  })
})
