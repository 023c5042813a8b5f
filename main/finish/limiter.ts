/**
 * A deterministic look-ahead true-peak limiter for finishing a take, in place of anything that levels a
 * read. It only ever turns a peak down, and only where the 4× oversampled peak (shared/audio-dsp/true-peak.ts,
 * the same interpolator Booth meters with) would pass the ceiling; everywhere else its gain is exactly 1,
 * so a take whose peaks stay under the ceiling comes out bit-identical (apart from the gain given).
 *
 * How the gain is made, all channels linked (one gain for every channel, so the image never moves):
 * 1. The true peak of every block of BLOCK_FRAMES frames (the meter's window peak; only windows that can
 *    reach the ceiling are interpolated). A block over the ceiling asks for ceiling / peak, held over the
 *    block and its neighbours (they hold every sample the interpolator used to find that peak).
 * 2. Look-ahead: each frame takes the least gain asked for from it to `lookahead` frames ahead.
 * 3. Release: the gain reduction then decays exponentially (time constant `releaseMs`), snapped to none
 *    once it is under 1e-7 (−0.000001 dB), so the gain returns to exactly 1.
 * 4. Attack: a moving average over the look-ahead window, so the gain glides down linearly over the
 *    look-ahead before a peak (no step, no click) and is at or below what every frame asked for.
 * Pure; memory is the output plus one number a block (none of the output run a block at a time: GainEnvelope).
 */
import { TruePeakMeter } from '../../shared/audio-dsp/true-peak'
import { BLOCK_FRAMES, GainEnvelope, type EnvelopeRecord } from './limiter-envelope'

export { AUDIBLE_REDUCTION_DB, BLOCK_FRAMES, GainEnvelope, type LimitedPlace } from './limiter-envelope'

export const DEFAULT_LOOKAHEAD_MS = 2
export const DEFAULT_RELEASE_MS = 80
/** Interpolator taps the meter looks back over (shared/audio-dsp/true-peak.ts, 24 a phase). */
const METER_SPAN = 24

export interface LimiterSettings {
  /** Ceiling for the 4× oversampled peak, dBTP. */
  ceilingDb: number
  releaseMs: number
  lookaheadMs?: number
}

export interface LimiterResult extends EnvelopeRecord {
  channels: Float32Array[]
}

const dbToLinear = (db: number): number => 10 ** (db / 20)

/** One pass over a take, in order (level-stream.ts's FrameStream): next(count) gives the next `count` frames. */
export interface TakePass {
  readonly frames: number
  readonly channels: number
  next(count: number): Float32Array[]
}

/** A take's samples: arrays held whole, or passes made afresh from the start (the level's chain). */
export type TakeSamples = readonly Float32Array[] | (() => TakePass)

/** The frames in a take's samples (arrays checked to be one length). */
export const framesOf = (ch: TakeSamples): number => (typeof ch === 'function' ? ch().frames : checkChannels(ch))

function checkChannels(ch: readonly Float32Array[]): number {
  const first = ch[0]
  if (!first) throw new RangeError('The limiter needs at least one channel.')
  if (ch.some((c) => c.length !== first.length))
    throw new RangeError('Every channel given to the limiter must have the same number of frames.')
  return first.length
}

/**
 * The 4× oversampled peak of each block of `blockFrames` frames of `gain` × the signal (linear), all channels
 * together: exact where it is at or above `floor` (linear, after the gain), a lower bound below it.
 */
export function blockTruePeaks(ch: TakeSamples, gain: number, floor: number, blockFrames = BLOCK_FRAMES): Float64Array {
  const frames = framesOf(ch)
  const nc = typeof ch === 'function' ? ch().channels : ch.length
  const blocks = Math.ceil(frames / blockFrames)
  const peaks = new Float64Array(blocks)
  if (!(gain > 0)) return peaks
  const meter = new TruePeakMeter(nc, floor / gain)
  const buf = new Float32Array(blockFrames * nc)
  const pass = typeof ch === 'function' ? ch() : null
  let chunk: readonly Float32Array[] = typeof ch === 'function' ? [] : ch
  let chunkFrom = 0
  for (let b = 0; b < blocks; b++) {
    const from = b * blockFrames
    const n = Math.min(blockFrames, frames - from)
    // A pass is read 512 blocks at a time; arrays held whole are one chunk.
    if (pass && from >= chunkFrom + (chunk[0]?.length ?? 0)) {
      chunkFrom = from
      chunk = pass.next(blockFrames * 512)
    }
    const at = from - chunkFrom
    if (nc === 1) meter.push((chunk[0] as Float32Array).subarray(at, at + n))
    else {
      for (let c = 0; c < nc; c++) {
        const x = chunk[c] as Float32Array
        for (let f = 0; f < n; f++) buf[f * nc + c] = x[at + f] as number
      }
      meter.push(buf.subarray(0, n * nc))
    }
    peaks[b] = meter.takeWindowPeak() * gain
  }
  // The interpolator lags its input: the last peaks come out while it is fed the frames after the end.
  if (blocks > 0) {
    meter.push(new Float32Array(METER_SPAN * nc))
    const tail = meter.takeWindowPeak() * gain
    if (tail > (peaks[blocks - 1] as number)) peaks[blocks - 1] = tail
  }
  return peaks
}

/** The gain each block asks for (≤ 1), held over its neighbours. */
function heldGains(peaks: Float64Array, ceiling: number): Float64Array {
  const n = peaks.length
  const asked = new Float64Array(n)
  for (let b = 0; b < n; b++) {
    const p = peaks[b] as number
    asked[b] = p > ceiling ? ceiling / p : 1
  }
  const held = new Float64Array(n)
  for (let b = 0; b < n; b++) {
    let g = asked[b] as number
    if (b > 0) g = Math.min(g, asked[b - 1] as number)
    if (b + 1 < n) g = Math.min(g, asked[b + 1] as number)
    held[b] = g
  }
  return held
}

/**
 * Block peaks measured once, to be reused by runs at other gains: the input's block peaks (gain 0 dB),
 * exact where at or above `floor` (linear). A run may use them when its ceiling / gain is at or above floor.
 */
export interface InputPeaks {
  peaks: Float64Array
  floor: number
}

export function inputPeaks(ch: TakeSamples, floor: number): InputPeaks {
  return { peaks: blockTruePeaks(ch, 1, floor), floor }
}

/** What a run of the limiter asks of a take at a gain, made before any sample is: see limiterSetup. */
export interface LimiterSetup {
  /** The gain before the limiter, linear. */
  gain: number
  /** The gain each block asks for, held over its neighbours; null when every block asks for none. */
  held: Float64Array | null
  look: number
  decay: number
}

/**
 * The block peaks of `gain` (dB) × the input and what they ask of the limiter. `known`: the input's block
 * peaks from an earlier run, used when exact enough for this gain and ceiling.
 */
export function limiterSetup(
  ch: TakeSamples,
  sampleRate: number,
  settings: LimiterSettings,
  gainDb = 0,
  known?: InputPeaks,
): LimiterSetup {
  const frames = framesOf(ch)
  if (!(sampleRate > 0)) throw new RangeError('The limiter needs a sample rate.')
  if (!(settings.releaseMs > 0)) throw new RangeError('The limiter needs a release time above 0 ms.')
  const look = Math.max(1, Math.round(((settings.lookaheadMs ?? DEFAULT_LOOKAHEAD_MS) / 1000) * sampleRate))
  if (look >= BLOCK_FRAMES) throw new RangeError(`The look-ahead must be shorter than ${BLOCK_FRAMES} frames.`)
  const gain = dbToLinear(gainDb)
  // A hair (0.0001 dB) under the ceiling, so the output's rounding to float32 and the true-peak
  // interpolation of the rounded samples cannot lift a limited peak over it.
  const ceiling = dbToLinear(settings.ceilingDb) * (1 - 2 ** -16)
  const peaks =
    known && known.floor * gain <= ceiling && known.peaks.length === Math.ceil(frames / BLOCK_FRAMES)
      ? known.peaks.map((p) => p * gain)
      : blockTruePeaks(ch, gain, ceiling)
  const held = heldGains(peaks, ceiling)
  const decay = Math.exp(-1000 / (settings.releaseMs * sampleRate))
  return { gain, held: held.every((g) => g === 1) ? null : held, look, decay }
}

/**
 * `gain` (dB) then the limiter, into new arrays; the input is untouched. Where the limiter does not act the
 * output is exactly Math.fround(x × gain). `known`: as limiterSetup's.
 */
export function limitTruePeak(
  ch: readonly Float32Array[],
  sampleRate: number,
  settings: LimiterSettings,
  gainDb = 0,
  known?: InputPeaks,
): LimiterResult {
  const { gain, held, look, decay } = limiterSetup(ch, sampleRate, settings, gainDb, known)
  const frames = checkChannels(ch)
  const out = ch.map((x) => {
    const y = new Float32Array(frames)
    for (let i = 0; i < frames; i++) y[i] = (x[i] as number) * gain
    return y
  })
  if (!held) return { channels: out, maxReductionDb: 0, activeFrames: 0, places: [] }
  return applyGainEnvelope(out, held, look, decay)
}

/** Steps 2 to 4 of the header, multiplied into `out` in place. */
function applyGainEnvelope(out: Float32Array[], held: Float64Array, look: number, decay: number): LimiterResult {
  const env = new GainEnvelope(held, (out[0] as Float32Array).length, look, decay)
  env.apply(out, 0)
  return { channels: out, ...env.done() }
}
