// shared/audio-dsp against ffmpeg's ebur128 on the same generated signals: K-weighted momentary,
// short-term and integrated loudness, and the 4x true peak, within 0.2 dB. Plus the take facts (pure).
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { kHighPass, kShelf } from '../../../shared/audio-dsp/k-weighting'
import { LoudnessMeter } from '../../../shared/audio-dsp/loudness-meter'
import { roomTone } from '../../../shared/audio-dsp/room-tone'
import { withoutOffsets } from '../../../shared/audio-dsp/unweighted-blocks'
import { TakeFactsCollector } from '../../../shared/audio-dsp/take-facts'
import { toDb, TruePeakMeter } from '../../../shared/audio-dsp/true-peak'
import { ROOM_TONE_RULES } from '../../../main/audio/thresholds'
import { makeTempDir, makeVoiceTake } from '../../support/audio-fixtures'
import { decode, ffmpegLoudness, writeSignal } from './helpers/signals'

let dir = ''
let cleanup: () => Promise<void> = async () => {}
beforeAll(async () => {
  ;({ dir, cleanup } = await makeTempDir())
})
afterAll(() => cleanup())

const fadeIn = (expr: string): string => `(${expr})*min(1\\,t/0.05)`

describe('K-weighting coefficients', () => {
  it('equal the BS.1770-4 table at 48 kHz', () => {
    const shelf = kShelf(48_000)
    expect(shelf.b0).toBeCloseTo(1.53512485958697, 8)
    expect(shelf.b1).toBeCloseTo(-2.69169618940638, 8)
    expect(shelf.b2).toBeCloseTo(1.19839281085285, 8)
    expect(shelf.a1).toBeCloseTo(-1.69065929318241, 8)
    expect(shelf.a2).toBeCloseTo(0.73248077421585, 8)
    const hp = kHighPass(48_000)
    expect(hp.a1).toBeCloseTo(-1.99004745483398, 8)
    expect(hp.a2).toBeCloseTo(0.99007225036621, 8)
  })
})

describe('loudness and true peak against ffmpeg ebur128', () => {
  const SIGNALS: Record<string, { expr: string; rate?: number }> = {
    '997 Hz at -20 dBFS': { expr: '0.1*sin(2*PI*997*t)' },
    '12 kHz 45° off its crest (inter-sample peak)': { expr: '0.8*sin(2*PI*12000*t+PI/4)' },
    '5 kHz': { expr: '0.7*sin(2*PI*5000*t+0.3)' },
    '60 Hz at 44.1 kHz': { expr: '0.5*sin(2*PI*60*t)', rate: 44_100 },
    'two tones at 96 kHz': { expr: '0.3*sin(2*PI*200*t)+0.3*sin(2*PI*7000*t+1)', rate: 96_000 },
  }

  it.each(Object.keys(SIGNALS))('%s', async (name) => {
    const s = SIGNALS[name] as { expr: string; rate?: number }
    const file = await writeSignal(dir, name.replace(/\W+/g, '-'), fadeIn(s.expr), 4, { rate: s.rate })
    const { samples, rate, channels } = await decode(file)
    const meter = new LoudnessMeter(rate, channels)
    const tp = new TruePeakMeter(channels)
    meter.push(samples)
    tp.push(samples)
    const ref = await ffmpegLoudness(file)
    expect(Math.abs((meter.integratedLufs() as number) - ref.lufs)).toBeLessThanOrEqual(0.1)
    expect(Math.abs((meter.shortTermLufs() as number) - ref.lastS)).toBeLessThanOrEqual(0.1)
    expect(Math.abs((meter.momentaryLufs() as number) - ref.lastM)).toBeLessThanOrEqual(0.1)
    expect(Math.abs(toDb(tp.maxAbs) - ref.truePeak)).toBeLessThanOrEqual(0.2)
  })

  it('a spoken take (espeak-ng), fed in 20 ms chunks as a recording arrives', async () => {
    const file = await makeVoiceTake(dir, 'voice', {
      text: 'Fresh coffee, every morning, only at Booth Roasters.',
      leadS: 0.5,
      tailS: 0.5,
    })
    const { samples, rate, channels } = await decode(file)
    const meter = new LoudnessMeter(rate, channels)
    const tp = new TruePeakMeter(channels)
    const chunk = Math.round(rate * 0.02) * channels
    for (let i = 0; i < samples.length; i += chunk) {
      meter.push(samples.subarray(i, i + chunk))
      tp.push(samples.subarray(i, i + chunk))
    }
    const ref = await ffmpegLoudness(file)
    expect(Math.abs((meter.integratedLufs() as number) - ref.lufs)).toBeLessThanOrEqual(0.1)
    expect(Math.abs(toDb(tp.maxAbs) - ref.truePeak)).toBeLessThanOrEqual(0.2)
  })

  it('is null before a window is full, and for digital silence integrated loudness is undefined', () => {
    const meter = new LoudnessMeter(48_000, 1)
    expect(meter.momentaryLufs()).toBeNull()
    meter.push(new Float64Array(48_000))
    expect(meter.momentaryLufs()).toBe(Number.NEGATIVE_INFINITY)
    expect(meter.shortTermLufs()).toBeNull()
    expect(meter.integratedLufs()).toBeNull()
    expect(meter.seconds).toBeCloseTo(1, 6)
  })
})

describe('TruePeakMeter: where the true peak is (pure)', () => {
  /** 0.1 s of a 1 kHz sine whose crest is a sample at 0.85, then silence, then 0.1 s of a 12 kHz sine sampled
   * 45° off its crest: its samples reach only 0.707 but its true peak is 1.0, two seconds after the sample peak. */
  function twoPeaks(rate = 48_000): Float64Array {
    const x = new Float64Array(rate * 3)
    const fade = (i: number, from: number): number => Math.min(1, (i - from) / 480, (from + 4800 - i) / 480)
    for (let i = 0; i < 4800; i++) x[i] = 0.85 * fade(i, 0) * Math.sin((2 * Math.PI * 1000 * i) / rate)
    for (let i = 2 * rate; i < 2 * rate + 4800; i++)
      x[i] = fade(i, 2 * rate) * Math.sin((2 * Math.PI * 12_000 * i) / rate + Math.PI / 4)
    return x
  }

  it('records the frame of the highest true peak, not of the highest sample', () => {
    const x = twoPeaks()
    const sampleFrame = x.reduce((best, v, i) => (Math.abs(v) > Math.abs(x[best] as number) ? i : best), 0)
    expect(sampleFrame).toBeLessThan(4800)
    for (const chunk of [1, 480, x.length]) {
      const tp = new TruePeakMeter(1)
      for (let i = 0; i < x.length; i += chunk) tp.push(x.subarray(i, i + chunk))
      expect(toDb(tp.maxAbs)).toBeCloseTo(0, 1)
      expect(tp.maxAtFrame).toBeGreaterThanOrEqual(96_000)
      expect(tp.maxAtFrame).toBeLessThan(96_000 + 4800)
    }
  })

  it('places an impulse at its own frame, and a meter with a floor finds the same peak above it', () => {
    const x = new Float64Array(200)
    x[50] = 0.5
    const tp = new TruePeakMeter(1)
    tp.push(x)
    expect(tp).toMatchObject({ maxAbs: 0.5, maxAtFrame: 50 })
    const all = new TruePeakMeter(1)
    const above = new TruePeakMeter(1, 10 ** (-1 / 20))
    all.push(twoPeaks())
    above.push(twoPeaks())
    expect(above.maxAtFrame).toBe(all.maxAtFrame)
    expect(above.maxAbs).toBe(all.maxAbs)
  })

  it('skips only windows that cannot hold the peak: the same peak and place as computing every window', () => {
    // A meter whose window is taken after every frame computes every window: the reference.
    const signal = fc.array(fc.oneof(fc.double({ min: -1.5, max: 1.5, noNaN: true }), fc.constant(0)), {
      minLength: 1,
      maxLength: 300,
    })
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 }), signal, fc.integer({ min: 1, max: 64 }), (channels, raw, chunk) => {
        const x = Float64Array.from(raw.slice(0, raw.length - (raw.length % channels)))
        const meter = new TruePeakMeter(channels)
        for (let i = 0; i < x.length; i += chunk * channels) meter.push(x.subarray(i, i + chunk * channels))
        const reference = new TruePeakMeter(channels)
        let max = 0
        for (let i = 0; i < x.length; i += channels) {
          reference.push(x.subarray(i, i + channels))
          max = Math.max(max, reference.takeWindowPeak())
        }
        expect(meter.maxAbs).toBe(max)
        expect(meter.maxAbs).toBe(reference.maxAbs)
        expect(meter.maxAtFrame).toBe(reference.maxAtFrame)
      }),
      { numRuns: 300 },
    )
  })
})

describe('room tone (pure)', () => {
  it('takes a floor below any recordable level for digital silence, whatever the high-pass left of a sound', () => {
    // 4 s of a -10 dBFS tone, then 1 s of exact zeros: the high-pass rings down through -1000 dB and more.
    const c = new TakeFactsCollector(48_000, 1, 3)
    c.push(
      new Float64Array(48_000 * 5).map((_, i) =>
        i < 48_000 * 4 ? 0.3 * Math.sin((2 * Math.PI * 440 * i) / 48_000) : 0,
      ),
    )
    const f = c.facts()
    const room = roomTone(f.blockEnergies, f.unweightedBlocks, f.blockS, 5, ROOM_TONE_RULES)
    expect(room.noiseFloorDbfs).toBe(Number.NEGATIVE_INFINITY)
    expect(room.tailS).toBeCloseTo(1, 1)
    // A real floor, however quiet (24-bit dither at about -141 dBFS), stays a number.
    const blocks = new Float64Array(500).fill(10 ** (-141 / 10))
    expect(roomTone(blocks, withoutOffsets(blocks), 0.01, 5, ROOM_TONE_RULES).noiseFloorDbfs).toBeCloseTo(-141, 6)
  })
})

describe('TakeFactsCollector (pure)', () => {
  it('finds a flat run at the channel extreme however the samples are chunked, and not a lone crest', () => {
    const x = new Float64Array(1000).map((_, i) => 0.5 * Math.sin((2 * Math.PI * i) / 48))
    x.fill(0.7, 500, 504) // a four-sample flat top, louder than the rest
    for (const chunk of [1, 7, 1000]) {
      const c = new TakeFactsCollector(48_000, 1, 3)
      for (let i = 0; i < x.length; i += chunk) c.push(x.subarray(i, i + chunk))
      const f = c.facts()
      expect(f.clip).toMatchObject({ runs: 1, samples: 4, firstFrame: 500, level: 0.7, overs: 0 })
      expect(f).toMatchObject({ frames: 1000, peak: 0.7, peakFrame: 500 })
    }
    const clean = new TakeFactsCollector(48_000, 1, 3)
    clean.push(new Float64Array(1000).map((_, i) => 0.99 * Math.sin((2 * Math.PI * i) / 48)))
    expect(clean.facts().clip.runs).toBe(0)
  })

  it('keeps flat runs clipped at -3 dBFS when one louder sample comes after (or before) them', () => {
    const level = 10 ** (-3 / 20)
    const clipped = new Float64Array(4800).map((_, i) =>
      Math.max(-level, Math.min(level, 2 * level * Math.sin((2 * Math.PI * i) / 48))),
    )
    for (const click of [4700, 20]) {
      for (const chunk of [1, 333, 4800]) {
        const x = Float64Array.from(clipped)
        x[click] = 0.95 // a single louder transient, after the clipped stretch or before it
        const c = new TakeFactsCollector(48_000, 1, 3)
        for (let i = 0; i < x.length; i += chunk) c.push(x.subarray(i, i + chunk))
        const f = c.facts().clip
        expect(f.runs).toBeGreaterThanOrEqual(190)
        expect(f.level).toBeCloseTo(level, 12)
        expect(f.firstFrame).toBeLessThan(48)
      }
    }
  })

  it('does not count flat crests of a quiet passage that a louder one goes beyond for longer', () => {
    // 1 s of a 60 Hz tone at -26 dBFS held flat for 5 samples at each crest, then 1 s of a -6 dBFS tone.
    const quiet = 10 ** (-26 / 20)
    const x = new Float64Array(96_000).map((_, i) =>
      i < 48_000
        ? Math.max(-quiet, Math.min(quiet, 1.001 * quiet * Math.sin((2 * Math.PI * 60 * i) / 48_000)))
        : 0.5 * Math.sin((2 * Math.PI * 220 * i) / 48_000),
    )
    const c = new TakeFactsCollector(48_000, 1, 5)
    c.push(x)
    expect(c.facts().clip.runs).toBe(0)
  })

  it('counts an over at the full scale it is given: integer PCM tops out one code under +1', () => {
    const x = Float64Array.from([0, 32767 / 32768, 0, -1, 0, 0.5])
    const sixteenBit = new TakeFactsCollector(48_000, 1, 3, { fullScale: { positive: 32767 / 32768, negative: -1 } })
    sixteenBit.push(x)
    expect(sixteenBit.facts().clip).toMatchObject({ overs: 2, firstOverFrame: 1 })
    const float = new TakeFactsCollector(48_000, 1, 3)
    float.push(x)
    expect(float.facts().clip).toMatchObject({ overs: 1, firstOverFrame: 3 })
  })

  it('counts only flat crests: a level held beside louder sound, or at the start or end, is not clipping', () => {
    const x = new Float64Array(3000).map((_, i) =>
      i >= 1000 && i < 2000 ? 0.3 + 0.5 * Math.sin((2 * Math.PI * (i - 1000)) / 100) : 0.3,
    )
    const c = new TakeFactsCollector(48_000, 1, 3)
    c.push(x)
    expect(c.facts().clip.runs).toBe(0)
  })

  it('keeps each channel apart: DC per channel, and a run only counts in its own channel', () => {
    const c = new TakeFactsCollector(48_000, 2, 3)
    const frames = 4800
    const x = new Float64Array(frames * 2)
    for (let i = 0; i < frames; i++) {
      x[2 * i] = 0.02 + 0.1 * Math.sin(i / 5)
      x[2 * i + 1] = i % 2 ? 0.3 : -0.3 // alternating: never two equal samples in a row in this channel
    }
    c.push(x)
    const f = c.facts()
    expect(f.dcOffsets[0]).toBeCloseTo(0.02, 2)
    expect(Math.abs(f.dcOffsets[1] as number)).toBeLessThan(1e-9)
    expect(f.clip.runs).toBe(0)
    expect(f.blockEnergies.length).toBe(10)
  })
})
