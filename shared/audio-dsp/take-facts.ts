/**
 * The sample-level facts of a take, gathered in one pass over its PCM as it arrives (interleaved,
 * full scale ±1): length, sample peak and where it is, DC offset, whole-file RMS, clipping by shape
 * (runs of samples stuck at the channel's own extreme value, at any level, and overs at or beyond full
 * scale), and the room-tone energy per 10 ms block after a 4th-order high-pass at 100 Hz (which removes
 * DC and mains hum below speech) for the noise-floor and silence judgement of room-tone.ts. Pure.
 */
import { Biquad, BUTTERWORTH4_Q, highPass } from './biquad'

/** Length of one room-tone block. */
export const BLOCK_S = 0.01
/** The room-tone high-pass: below the fundamental of speech, above 50/60 Hz hum. */
export const ROOM_TONE_HIGHPASS_HZ = 100
/** A flat run at the extreme only counts when the extreme is at least this loud (below, equal samples are quantisation of quiet audio). */
export const CLIP_MIN_LEVEL = 10 ** (-30 / 20)

export interface ClipFacts {
  /** Flat runs at the channel's maximum or minimum value (at least minRun samples each). */
  runs: number
  /** Samples in those runs. */
  samples: number
  /** Frame of the first such run, or null. */
  firstFrame: number | null
  /** The clipped level (largest |value| of a counted run), linear. */
  level: number
  /** Samples at or beyond full scale (|x| ≥ 1). */
  overs: number
  firstOverFrame: number | null
}

export interface TakeFacts {
  sampleRate: number
  channels: number
  frames: number
  /** Largest |sample| (linear) and the frame it is at. */
  peak: number
  peakFrame: number
  /** Mean of each channel (DC offset, full scale = 1). */
  dcOffsets: number[]
  /** Whole-file RMS over all channels (linear). */
  rms: number
  clip: ClipFacts
  /** High-passed mean square of each 10 ms block, averaged over channels. */
  blockEnergies: Float64Array
  blockS: number
}

interface ChannelState {
  sum: number
  max: number
  min: number
  prev: number
  run: number
  runStart: number
  maxRuns: number
  maxRunSamples: number
  maxFirst: number | null
  minRuns: number
  minRunSamples: number
  minFirst: number | null
  hp: [Biquad, Biquad]
}

export class TakeFactsCollector {
  private readonly ch: ChannelState[]
  private frames = 0
  private peak = 0
  private peakFrame = 0
  private sumSquares = 0
  private overs = 0
  private firstOver: number | null = null
  private readonly blockFrames: number
  private blockEnergy = 0
  private blockFill = 0
  private blocks = new Float64Array(4096)
  private blockCount = 0

  /** minRun: shortest flat run that counts as clipping (see thresholds: more for coarse bit depths). */
  constructor(readonly sampleRate: number, readonly channels: number, private readonly minRun: number) {
    if (!(sampleRate > 0) || !(channels >= 1) || !(minRun >= 2)) throw new RangeError('Take facts need a sample rate, channels and a run length of 2 or more.')
    this.blockFrames = Math.max(1, Math.round(sampleRate * BLOCK_S))
    this.ch = Array.from({ length: channels }, () => ({
      sum: 0, max: Number.NEGATIVE_INFINITY, min: Number.POSITIVE_INFINITY, prev: Number.NaN, run: 0, runStart: 0,
      maxRuns: 0, maxRunSamples: 0, maxFirst: null, minRuns: 0, minRunSamples: 0, minFirst: null,
      hp: [new Biquad(highPass(ROOM_TONE_HIGHPASS_HZ, BUTTERWORTH4_Q[0], sampleRate)), new Biquad(highPass(ROOM_TONE_HIGHPASS_HZ, BUTTERWORTH4_Q[1], sampleRate))],
    }))
  }

  push(samples: ArrayLike<number>): void {
    const chs = this.channels
    const frames = Math.floor(samples.length / chs)
    for (let f = 0; f < frames; f++) {
      const frame = this.frames + f
      let e = 0
      for (let c = 0; c < chs; c++) {
        const x = samples[f * chs + c] as number
        const s = this.ch[c] as ChannelState
        s.sum += x
        this.sumSquares += x * x
        const a = x < 0 ? -x : x
        if (a > this.peak) {
          this.peak = a
          this.peakFrame = frame
        }
        if (a >= 1) {
          this.overs++
          if (this.firstOver === null) this.firstOver = frame
        }
        if (frame === 0) s.hp[1].prime(s.hp[0].prime(x))
        if (x === s.prev) s.run++
        else {
          this.endRun(s)
          s.prev = x
          s.run = 1
          s.runStart = frame
        }
        if (x > s.max) {
          s.max = x
          s.maxRuns = 0
          s.maxRunSamples = 0
          s.maxFirst = null
        }
        if (x < s.min) {
          s.min = x
          s.minRuns = 0
          s.minRunSamples = 0
          s.minFirst = null
        }
        const y = s.hp[1].step(s.hp[0].step(x))
        e += y * y
      }
      this.blockEnergy += e / chs
      if (++this.blockFill === this.blockFrames) this.closeBlock()
    }
    this.frames += frames
  }

  /** A run of equal samples ends: it counts when long enough and at the channel's extreme so far. */
  private endRun(s: ChannelState): void {
    if (s.run < this.minRun) return
    const v = s.prev
    if (v === s.max && v >= CLIP_MIN_LEVEL) {
      s.maxRuns++
      s.maxRunSamples += s.run
      s.maxFirst ??= s.runStart
    } else if (v === s.min && -v >= CLIP_MIN_LEVEL) {
      s.minRuns++
      s.minRunSamples += s.run
      s.minFirst ??= s.runStart
    }
  }

  private closeBlock(): void {
    if (this.blockCount === this.blocks.length) {
      const grown = new Float64Array(this.blocks.length * 2)
      grown.set(this.blocks)
      this.blocks = grown
    }
    this.blocks[this.blockCount++] = this.blockEnergy / this.blockFill
    this.blockEnergy = 0
    this.blockFill = 0
  }

  /** The facts so far. Does not disturb the collection: more samples may follow. */
  facts(): TakeFacts {
    const blocks = this.blocks.slice(0, this.blockCount + (this.blockFill > 0 ? 1 : 0))
    if (this.blockFill > 0) blocks[this.blockCount] = this.blockEnergy / this.blockFill
    let runs = 0
    let runSamples = 0
    let first: number | null = null
    let level = 0
    for (const s of this.ch) {
      // The run still open at the end of the audio counts too.
      const open = s.run >= this.minRun ? s.run : 0
      const openAtMax = open > 0 && s.prev === s.max && s.prev >= CLIP_MIN_LEVEL
      const openAtMin = open > 0 && !openAtMax && s.prev === s.min && -s.prev >= CLIP_MIN_LEVEL
      const maxRuns = s.maxRuns + (openAtMax ? 1 : 0)
      const minRuns = s.minRuns + (openAtMin ? 1 : 0)
      runs += maxRuns + minRuns
      runSamples += s.maxRunSamples + s.minRunSamples + (openAtMax || openAtMin ? open : 0)
      const firsts = [s.maxFirst, s.minFirst, openAtMax || openAtMin ? s.runStart : null].filter((x): x is number => x !== null)
      if (maxRuns > 0 || minRuns > 0) {
        const at = Math.min(...firsts)
        first = first === null ? at : Math.min(first, at)
        if (maxRuns > 0) level = Math.max(level, s.max)
        if (minRuns > 0) level = Math.max(level, -s.min)
      }
    }
    const n = this.frames
    return {
      sampleRate: this.sampleRate,
      channels: this.channels,
      frames: n,
      peak: this.peak,
      peakFrame: this.peakFrame,
      dcOffsets: this.ch.map((s) => (n > 0 ? s.sum / n : 0)),
      rms: n > 0 ? Math.sqrt(this.sumSquares / (n * this.channels)) : 0,
      clip: { runs, samples: runSamples, firstFrame: first, level, overs: this.overs, firstOverFrame: this.firstOver },
      blockEnergies: blocks,
      blockS: this.blockFrames / this.sampleRate,
    }
  }
}
