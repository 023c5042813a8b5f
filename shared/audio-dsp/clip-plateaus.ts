/**
 * Clipping by shape, one channel: which flat runs (equal consecutive samples) are a clipper's ceiling.
 *
 * A clipper or limiter writes its ceiling value on consecutive samples, at whatever level it clips
 * (0 dBFS, or -3 dBFS after a plug-in), and a take clipped once is clipped at that one value again and
 * again. So flat crests (runs the wave comes up to and goes back down from: take-facts.ts hands over no
 * other) are kept per value, and a value is a ceiling when the take spends more samples stuck at it than
 * beyond it (same sign, further from zero). That holds wherever louder sound sits in the take:
 * a click, a single transient or a short burst after (or before) a stretch clipped at -3 dBFS leaves its
 * runs counted, while flat crests of a quiet passage under a louder voice do not count, since the voice
 * is beyond them for far more samples than they last. (The extreme value seen so far is not such a test:
 * one louder sample anywhere would hide every run below it.)
 *
 * "Beyond" is counted in a histogram of the samples from -2 to +2 (full scale ±1) in bins of 1/1024
 * (0.01 dB at 0 dBFS, 0.3 dB at -30 dBFS); samples in the run's own bin are not counted as beyond it.
 * Pure; the collector (take-facts.ts) feeds the histogram in its own loop, for speed.
 */

/** A run only counts when its value is at least this loud (below, equal samples are quantisation of quiet audio). */
export const CLIP_MIN_LEVEL = 10 ** (-30 / 20)
/** Histogram bins per unit of full scale; samples beyond ±2 share the outermost bins. */
export const BINS_PER_UNIT = 1024
export const LAST_BIN = 4 * BINS_PER_UNIT
/** Distinct run values remembered per channel; past it the value with the fewest run samples is forgotten. */
const MAX_VALUES = 4096

/** The histogram bin of a sample (the collector's loop has its own copy of these lines, for speed). */
export function levelBin(x: number): number {
  const bin = ((x + 2) * BINS_PER_UNIT) | 0
  return bin < 0 ? 0 : bin > LAST_BIN ? LAST_BIN : bin
}

interface Plateau {
  runs: number
  samples: number
  first: number
}

export interface PlateauResult {
  runs: number
  samples: number
  /** Frame of the first counted run, or null. */
  first: number | null
  /** The largest |value| of a counted run (linear), 0 when none. */
  level: number
}

export class ClipPlateaus {
  /** Samples per bin of levelBin(); the caller adds every sample. */
  readonly levels = new Float64Array(LAST_BIN + 1)
  private readonly plateaus = new Map<number, Plateau>()

  /** minRunAt: the shortest run that counts at a level (|value|), for formats whose coarse steps make clean
   * crests flat for longer at some levels than others (main/audio/thresholds.ts); absent, every run the
   * caller hands over counts. */
  constructor(private readonly minRunAt: ((level: number) => number) | null = null) {}

  /** A flat crest of `length` samples at `value` ended (the caller has checked it is at least its minRun and a crest). */
  add(value: number, length: number, start: number): void {
    const a = value < 0 ? -value : value
    if (a < CLIP_MIN_LEVEL || (this.minRunAt !== null && length < this.minRunAt(a))) return
    const p = this.plateaus.get(value)
    if (p) {
      p.runs++
      p.samples += length
      if (start < p.first) p.first = start
      return
    }
    if (this.plateaus.size >= MAX_VALUES) this.forgetSmallest()
    this.plateaus.set(value, { runs: 1, samples: length, first: start })
  }

  /** The runs at values that are ceilings. */
  result(): PlateauResult {
    const [below, above] = this.cumulativeCounts()
    const out: PlateauResult = { runs: 0, samples: 0, first: null, level: 0 }
    for (const [value, p] of this.plateaus) {
      const a = value < 0 ? -value : value
      const beyond = (value < 0 ? below : above)[levelBin(value)] as number
      if (!(beyond < p.samples)) continue
      out.runs += p.runs
      out.samples += p.samples
      out.first = out.first === null ? p.first : Math.min(out.first, p.first)
      if (a > out.level) out.level = a
    }
    return out
  }

  /** For each bin, the samples in the bins below it and in the bins above it. */
  private cumulativeCounts(): [Float64Array, Float64Array] {
    const below = new Float64Array(LAST_BIN + 1)
    const above = new Float64Array(LAST_BIN + 1)
    let sum = 0
    for (let b = 0; b <= LAST_BIN; b++) {
      below[b] = sum
      sum += this.levels[b] as number
    }
    sum = 0
    for (let b = LAST_BIN; b >= 0; b--) {
      above[b] = sum
      sum += this.levels[b] as number
    }
    return [below, above]
  }

  private forgetSmallest(): void {
    let smallest: number | null = null
    let fewest = Number.POSITIVE_INFINITY
    for (const [value, p] of this.plateaus) {
      if (p.samples < fewest) {
        fewest = p.samples
        smallest = value
      }
    }
    if (smallest !== null) this.plateaus.delete(smallest)
  }
}
