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

/** Frames a true-peak block covers (2.7 ms at 48 kHz): the finest the limiter looks at peaks. */
export const BLOCK_FRAMES = 128
export const DEFAULT_LOOKAHEAD_MS = 2
export const DEFAULT_RELEASE_MS = 80
/** Interpolator taps the meter looks back over (shared/audio-dsp/true-peak.ts, 24 a phase). */
const METER_SPAN = 24
/** A gain reduction below this (linear) is none: the release ends exactly. */
const SNAP = 1e-7

export interface LimiterSettings {
  /** Ceiling for the 4× oversampled peak, dBTP. */
  ceilingDb: number
  releaseMs: number
  lookaheadMs?: number
}

export interface LimiterResult {
  channels: Float32Array[]
  /** The deepest gain reduction, dB (0 when the limiter never acted). */
  maxReductionDb: number
  /** Frames whose gain is not exactly 1. */
  activeFrames: number
  /**
   * Where it acted, from its own gain envelope: each stretch of frames whose gain is not exactly 1 (a peak's
   * look-ahead, hold and release; peaks inside one release make one stretch), with its deepest reduction (dB)
   * and how many of its frames were turned down by AUDIBLE_REDUCTION_DB or more.
   */
  places: LimitedPlace[]
}

export interface LimitedPlace {
  from: number
  to: number
  maxDb: number
  /** Frames of this stretch turned down by AUDIBLE_REDUCTION_DB or more (the rest is the release's tail). */
  deepFrames: number
}

/** A reduction this small is the release's tail, not heard: the time limited is counted from here up. */
export const AUDIBLE_REDUCTION_DB = 0.1

const dbToLinear = (db: number): number => 10 ** (db / 20)

/** One pass over a take, in order (level-stream.ts's FrameStream has this shape). */
export interface TakePass {
  readonly frames: number
  readonly channels: number
  next(count: number): Float32Array[]
}

/** A take's samples: arrays held whole, or passes made afresh from the start (the level's chain). */
export type TakeSamples = readonly Float32Array[] | (() => TakePass)

const framesOf = (ch: TakeSamples): number => (typeof ch === 'function' ? ch().frames : checkChannels(ch))

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

export function inputPeaks(ch: readonly Float32Array[], floor: number): InputPeaks {
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

/**
 * Steps 2 to 4 of the header carried across blocks: apply() is given the take's frames in order, a block
 * at a time (every block but the last a whole number of BLOCK_FRAMES), and multiplies the gain into them
 * in place; given no channels it only follows the envelope (for its record). The samples it gives are the
 * same whatever the blocks, and the same as the whole take given at once.
 */
export class GainEnvelope {
  private readonly window: number
  private readonly ring: Float64Array
  private sum = 0
  private nonzero = 0
  private reduction = 0
  private deepest = 1
  private active = 0
  private slot = 0
  private readonly places: LimitedPlace[] = []
  private place: LimitedPlace | null = null
  private placeDeepest = 1
  private readonly deep = 10 ** (-AUDIBLE_REDUCTION_DB / 20)
  /** The next frame apply() expects (from `look` frames before the start: see apply). */
  private at: number

  constructor(
    private readonly held: Float64Array,
    private readonly frames: number,
    private readonly look: number,
    private readonly decay: number,
  ) {
    this.window = look + 1
    this.ring = new Float64Array(this.window)
    this.at = -look
  }

  private close(): void {
    if (!this.place) return
    this.place.maxDb = -20 * Math.log10(this.placeDeepest)
    this.places.push(this.place)
    this.place = null
    this.placeDeepest = 1
  }

  /** Frames [from, from + length of `out`'s channels) of the take (`count` when no channel is given). */
  apply(out: readonly Float32Array[], from: number, count = (out[0] as Float32Array).length): void {
    if (from !== Math.max(0, this.at)) throw new RangeError('The gain envelope is given the take in order.')
    const { held, frames, look, decay, window, ring, deep } = this
    const blocks = held.length
    const end = Math.min(frames, from + count)
    let { sum, nonzero, reduction, slot } = this
    // From `look` frames before the start, so the first frames' average is over frames that looked ahead too.
    for (let n = this.at; n < end; n++) {
      const b = n < 0 ? 0 : Math.floor(n / BLOCK_FRAMES)
      const here = held[b] as number
      const ahead = held[Math.min(blocks - 1, Math.floor(Math.min(n + look, frames - 1) / BLOCK_FRAMES))] as number
      // A block with nothing asked of it, nothing releasing and nothing in the average is left as it is.
      if (n >= 0 && n % BLOCK_FRAMES === 0 && here === 1 && ahead === 1 && reduction === 0 && nonzero === 0) {
        const skip = Math.min(BLOCK_FRAMES, end - n) - 1
        slot = (slot + skip) % window
        n += skip
        sum = 0
        continue
      }
      // Steps 2 and 3: the least gain asked for in the look-ahead (never more than two blocks), released.
      const m = here < ahead ? here : ahead
      reduction *= decay
      if (1 - m > reduction) reduction = 1 - m
      if (reduction < SNAP) reduction = 0
      // Step 4: the mean reduction over frames n − look … n, each of which looked ahead to n, applied to n.
      const old = ring[slot] as number
      if (old !== 0) nonzero--
      if (reduction !== 0) nonzero++
      sum += reduction - old
      ring[slot] = reduction
      slot = slot + 1 === window ? 0 : slot + 1
      if (n < 0) continue
      const g = nonzero === 0 ? 1 : 1 - Math.max(0, sum / window)
      if (g === 1) {
        this.close()
        continue
      }
      this.active++
      if (g < this.deepest) this.deepest = g
      if (!this.place || this.place.to !== n) {
        this.close()
        this.place = { from: n, to: n, maxDb: 0, deepFrames: 0 }
      }
      this.place.to = n + 1
      if (g < this.placeDeepest) this.placeDeepest = g
      if (g <= deep) this.place.deepFrames++
      for (let c = 0; c < out.length; c++) {
        const y = out[c] as Float32Array
        y[n - from] = (y[n - from] as number) * g
      }
    }
    this.sum = sum
    this.nonzero = nonzero
    this.reduction = reduction
    this.slot = slot
    this.at = end
  }

  /** What it did, once the whole take has been through apply(). */
  done(): Omit<LimiterResult, 'channels'> {
    this.close()
    return { maxReductionDb: -20 * Math.log10(this.deepest), activeFrames: this.active, places: this.places }
  }
}
