/**
 * The sample-level facts of a take, gathered in one pass over its PCM as it arrives (interleaved,
 * full scale ±1): length, sample peak and where it is, DC offset, whole-file RMS, clipping by shape
 * (flat runs at a value the take is stuck at more than it goes beyond, at any level: clip-plateaus.ts;
 * and overs: samples at the format's full scale or beyond), and the energy of each 10 ms block twice:
 * after a 4th-order high-pass at 100 Hz (which removes DC and mains hum below speech), to find the
 * pauses (room-tone.ts), and unweighted (unweighted-blocks.ts), for the level of the room tone in them as
 * ACX measures it: hum and rumble included. Pure.
 */
import { Biquad, BUTTERWORTH4_Q, highPass } from './biquad'
import { BINS_PER_UNIT, ClipPlateaus, LAST_BIN } from './clip-plateaus'
import { UnweightedBlocks, type UnweightedBlockStats } from './unweighted-blocks'
import { RoomToneScan, type RoomTone, type RoomToneRules } from './room-tone'

export { CLIP_MIN_LEVEL } from './clip-plateaus'

/** Length of one room-tone block. */
export const BLOCK_S = 0.01
/** The room-tone high-pass: below the fundamental of speech, above 50/60 Hz hum. */
export const ROOM_TONE_HIGHPASS_HZ = 100

export interface ClipFacts {
  /** Flat runs (at least minRun samples each) at values the channel is stuck at more than it goes beyond. */
  runs: number
  /** Samples in those runs. */
  samples: number
  /** Frame of the first such run, or null. */
  firstFrame: number | null
  /** The clipped level (largest |value| of a counted run), linear. */
  level: number
  /** Samples at or beyond full scale (FullScale). */
  overs: number
  firstOverFrame: number | null
}

/**
 * Where a format's full scale is, as decoded samples: an over is a sample at or beyond it. Integer PCM has
 * one code more below zero than above, so its largest positive value is 1 − 1/2^(bits−1) (16-bit 32767 is
 * 32767/32768), and companded µ-law/A-law stop short of 1; float has ±1.
 */
export interface FullScale {
  positive: number
  negative: number
}

export const FLOAT_FULL_SCALE: FullScale = { positive: 1, negative: -1 }

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
  /** High-passed mean square of each 10 ms block, averaged over channels (finds the pauses). */
  blockEnergies: Float64Array
  /** Unweighted statistics of each 10 ms block (the room tone's level, about its own mean: unweighted-blocks.ts). */
  unweightedBlocks: UnweightedBlockStats
  blockS: number
  /** The room tone and silences, when the collector was given the rules to find them as the take streamed in. */
  room?: RoomTone
}

interface ChannelState {
  sum: number
  prev: number
  /** The sample before the current run (NaN at the start of the take). */
  before: number
  run: number
  runStart: number
  plateaus: ClipPlateaus
  hp: [Biquad, Biquad]
}

export class TakeFactsCollector {
  private readonly ch: ChannelState[]
  private readonly fullScale: FullScale
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
  /** The unweighted side of the current block: its squares summed over channels, and each channel's sum. */
  private readonly unweighted: UnweightedBlocks
  private rawEnergy = 0
  private readonly channelSums: Float64Array
  /** The room tone found block by block (options.roomTone): the facts at the end need no pass over the take. */
  private readonly scan: RoomToneScan | null

  /** minRun: shortest flat run that counts as clipping at any level (see thresholds: more for coarse bit
   * depths); options.minRunAt: the shortest at a level (|value|), at least minRun, where coarse steps make
   * clean crests flat for longer; options.fullScale: where the format's overs start; options.roomTone: the
   * rules to find the room tone by as blocks close (the facts then carry it: `room`). */
  constructor(
    readonly sampleRate: number,
    readonly channels: number,
    private readonly minRun: number,
    options: { fullScale?: FullScale; minRunAt?: (level: number) => number; roomTone?: RoomToneRules } = {},
  ) {
    if (!(sampleRate > 0) || !(channels >= 1) || !(minRun >= 2))
      throw new RangeError('Take facts need a sample rate, channels and a run length of 2 or more.')
    this.blockFrames = Math.max(1, Math.round(sampleRate * BLOCK_S))
    this.fullScale = options.fullScale ?? FLOAT_FULL_SCALE
    const minRunAt = options.minRunAt ?? null
    this.ch = Array.from({ length: channels }, () => ({
      sum: 0,
      prev: Number.NaN,
      before: Number.NaN,
      run: 0,
      runStart: 0,
      plateaus: new ClipPlateaus(minRunAt),
      hp: [
        new Biquad(highPass(ROOM_TONE_HIGHPASS_HZ, BUTTERWORTH4_Q[0], sampleRate)),
        new Biquad(highPass(ROOM_TONE_HIGHPASS_HZ, BUTTERWORTH4_Q[1], sampleRate)),
      ],
    }))
    this.unweighted = new UnweightedBlocks(channels)
    this.channelSums = new Float64Array(channels)
    this.scan = options.roomTone
      ? new RoomToneScan(this.blockFrames / sampleRate, options.roomTone, (from, to) =>
          this.unweighted.energy(from, to),
        )
      : null
  }

  /** Scratch: high-passed and unweighted energy of each frame of the current chunk, summed over channels. */
  private energy = new Float64Array(0)
  private raw = new Float64Array(0)

  push(samples: ArrayLike<number>): void {
    const chs = this.channels
    const frames = Math.floor(samples.length / chs)
    if (frames === 0) return
    if (this.energy.length < frames) {
      this.energy = new Float64Array(frames)
      this.raw = new Float64Array(frames)
    }
    const energy = this.energy
    const raw = this.raw
    energy.fill(0, 0, frames)
    raw.fill(0, 0, frames)
    // Channel by channel with the state in local variables: this loop sees every sample of a take, so it
    // is written for speed (a 10-minute take passes in about a tenth of a second).
    for (let c = 0; c < chs; c++) {
      const s = this.ch[c] as ChannelState
      const [h1, h2] = s.hp
      if (this.frames === 0) h2.prime(h1.prime(samples[c] as number))
      const { b0: p0, b1: p1, b2: p2, a1: q1, a2: q2 } = h1.coefficients
      const { b0: r0, b1: r1, b2: r2, a1: t1, a2: t2 } = h2.coefficients
      const base = this.frames
      const minRun = this.minRun
      const overAbove = this.fullScale.positive
      const overBelow = this.fullScale.negative
      let overs = 0
      let firstOver = this.firstOver
      let z11 = h1.z1,
        z12 = h1.z2,
        z21 = h2.z1,
        z22 = h2.z2
      const plateaus = s.plateaus
      const levels = plateaus.levels
      const binsPerUnit = BINS_PER_UNIT
      const lastBin = LAST_BIN
      let sum = s.sum,
        prev = s.prev,
        before = s.before,
        run = s.run,
        runStart = s.runStart
      let peak = this.peak,
        peakFrame = this.peakFrame,
        squares = 0
      for (let f = 0; f < frames; f++) {
        const x = samples[f * chs + c] as number
        sum += x
        squares += x * x
        raw[f] = (raw[f] as number) + x * x
        const a = x < 0 ? -x : x
        if (a > peak) {
          peak = a
          peakFrame = base + f
        }
        if (x >= overAbove || x <= overBelow) {
          overs++
          if (firstOver === null) firstOver = base + f
        }
        let bin = ((x + 2) * binsPerUnit) | 0 // levelBin(x), inline
        bin = bin < 0 ? 0 : bin > lastBin ? lastBin : bin
        levels[bin] = (levels[bin] as number) + 1
        if (x === prev) run++
        else {
          // A clipper's flat top is a crest: the wave comes up to it and goes back down. A flat stretch
          // entered from or left towards a louder level (a constant offset beside a louder sound), or at
          // the very start or end of the take, is not one.
          if (run >= minRun && (prev > 0 ? before < prev && x < prev : before > prev && x > prev))
            plateaus.add(prev, run, runStart)
          before = prev
          prev = x
          run = 1
          runStart = base + f
        }
        const y1 = p0 * x + z11
        z11 = p1 * x - q1 * y1 + z12
        z12 = p2 * x - q2 * y1
        const y = r0 * y1 + z21
        z21 = r1 * y1 - t1 * y + z22
        z22 = r2 * y1 - t2 * y
        energy[f] = (energy[f] as number) + y * y
      }
      h1.z1 = z11
      h1.z2 = z12
      h2.z1 = z21
      h2.z2 = z22
      Object.assign(s, { sum, prev, before, run, runStart })
      this.peak = peak
      this.peakFrame = peakFrame
      this.sumSquares += squares
      this.overs += overs
      this.firstOver = firstOver
    }
    let blockEnergy = this.blockEnergy
    let rawEnergy = this.rawEnergy
    let fill = this.blockFill
    const per = this.blockFrames
    const sums = this.channelSums
    for (let f = 0; f < frames; f++) {
      blockEnergy += energy[f] as number
      rawEnergy += raw[f] as number
      for (let c = 0; c < chs; c++) sums[c] = (sums[c] as number) + (samples[f * chs + c] as number)
      if (++fill === per) {
        this.blockEnergy = blockEnergy / chs
        this.rawEnergy = rawEnergy
        this.blockFill = fill
        this.closeBlock()
        blockEnergy = 0
        rawEnergy = 0
        fill = 0
      }
    }
    this.blockEnergy = blockEnergy
    this.rawEnergy = rawEnergy
    this.blockFill = fill
    this.frames += frames
  }

  private closeBlock(): void {
    if (this.blockCount === this.blocks.length) {
      const grown = new Float64Array(this.blocks.length * 2)
      grown.set(this.blocks)
      this.blocks = grown
    }
    this.blocks[this.blockCount++] = this.blockEnergy / this.blockFill
    this.unweighted.close(this.rawEnergy, this.channelSums, this.blockFill)
    this.scan?.push(this.blocks[this.blockCount - 1] as number)
    this.blockEnergy = 0
    this.rawEnergy = 0
    this.channelSums.fill(0)
    this.blockFill = 0
  }

  /** The facts so far. Does not disturb the collection: more samples may follow. */
  facts(): TakeFacts {
    const count = this.blockCount
    const partial = this.blockFill > 0 ? this.blockEnergy / this.channels / this.blockFill : null
    const raw = { squares: this.rawEnergy, sums: Float64Array.from(this.channelSums), frames: this.blockFill }
    // The blocks are copied only when they are read (the room tone found on the way needs none of them).
    const blocks = (): Float64Array => {
      const out = this.blocks.slice(0, count + (partial === null ? 0 : 1))
      if (partial !== null) out[count] = partial
      return out
    }
    const unweighted = () => this.unweighted.stats(raw, count)
    let runs = 0
    let runSamples = 0
    let first: number | null = null
    let level = 0
    for (const s of this.ch) {
      const c = s.plateaus.result()
      runs += c.runs
      runSamples += c.samples
      if (c.first !== null) first = first === null ? c.first : Math.min(first, c.first)
      level = Math.max(level, c.level)
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
      get blockEnergies() {
        return blocks()
      },
      get unweightedBlocks() {
        return unweighted()
      },
      blockS: this.blockFrames / this.sampleRate,
      ...(this.scan ? { room: this.roomSoFar(partial) } : {}),
    }
  }

  /** The scan's room tone, with a partial last block taken in for the moment (as `facts` takes it). */
  private roomSoFar(partial: number | null): RoomTone {
    const scan = this.scan as RoomToneScan
    const durationS = this.frames / this.sampleRate
    if (partial === null) return scan.result(durationS)
    const mark = scan.mark()
    this.unweighted.close(this.rawEnergy, this.channelSums, this.blockFill)
    scan.push(partial, false)
    const room = scan.result(durationS)
    scan.rollback(mark)
    this.unweighted.reopen()
    return room
  }
}
