/**
 * The limiter's gain envelope (limiter.ts's header, steps 2 to 4), carried across blocks so the level's
 * samples can be made a block at a time (level-stream.ts) exactly as the whole take at once.
 */

/** Frames a true-peak block covers (2.7 ms at 48 kHz): the finest the limiter looks at peaks. */
export const BLOCK_FRAMES = 128
/** A gain reduction below this (linear) is none: the release ends exactly. */
const SNAP = 1e-7

/** What the limiter did, from its own gain envelope. */
export interface EnvelopeRecord {
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
  done(): EnvelopeRecord {
    this.close()
    return { maxReductionDb: -20 * Math.log10(this.deepest), activeFrames: this.active, places: this.places }
  }
}
