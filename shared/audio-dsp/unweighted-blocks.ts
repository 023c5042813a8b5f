/**
 * The unweighted level of stretches of a take, about their own mean: what ACX-style checks measure as
 * the noise floor (an RMS with no filter, so hum and rumble count), without a DC offset, which is
 * reported on its own. Each 10 ms block keeps its mean square and each channel's mean, so the level of
 * any run of blocks is mean(x²) − mean(x)² per channel, averaged over channels. The mean is taken over
 * the stretch itself (300 ms and more: whole cycles of mains hum), not over the take, so an offset that
 * changes within a take (a voice recorded with one, pauses without) is taken out where it is. Pure; fed
 * by take-facts.ts, read by room-tone.ts.
 */
export interface UnweightedBlockStats {
  /** Mean square of each block, averaged over channels. */
  meanSquares: Float64Array
  /** Mean of each block, per channel. */
  means: readonly Float64Array[]
}

/** Mean square about its own mean of the blocks [from, to), averaged over channels (from < to). */
export function stretchEnergy(stats: UnweightedBlockStats, from: number, to: number): number {
  return energyOf(stats.meanSquares, stats.means, from, to)
}

function energyOf(meanSquares: Float64Array, channelMeans: readonly Float64Array[], from: number, to: number): number {
  const n = to - from
  let squares = 0
  for (let b = from; b < to; b++) squares += meanSquares[b] as number
  let offset = 0
  for (const means of channelMeans) {
    let sum = 0
    for (let b = from; b < to; b++) sum += means[b] as number
    offset += (sum / n) ** 2
  }
  return Math.max(0, squares / n - offset / Math.max(1, channelMeans.length))
}

/** Blocks without any mean (already about zero): for callers that have only energies. */
export function withoutOffsets(meanSquares: Float64Array): UnweightedBlockStats {
  return { meanSquares, means: [] }
}

const grow = (a: Float64Array<ArrayBuffer>): Float64Array<ArrayBuffer> => {
  const grown = new Float64Array(a.length * 2)
  grown.set(a)
  return grown
}

/** Collects the blocks' statistics as a take streams in. */
export class UnweightedBlocks {
  private meanSquares: Float64Array<ArrayBuffer> = new Float64Array(4096)
  private means: Array<Float64Array<ArrayBuffer>>
  private count = 0

  constructor(private readonly channels: number) {
    this.means = Array.from({ length: channels }, () => new Float64Array(4096))
  }

  /** Closes a block of `frames` frames: `squares` summed over its samples of every channel, `sums` per channel. */
  close(squares: number, sums: Float64Array, frames: number): void {
    if (this.count === this.meanSquares.length) {
      this.meanSquares = grow(this.meanSquares)
      this.means = this.means.map(grow)
    }
    this.meanSquares[this.count] = squares / frames / this.channels
    for (let c = 0; c < this.channels; c++) (this.means[c] as Float64Array)[this.count] = (sums[c] as number) / frames
    this.count++
  }

  /** `stretchEnergy` of blocks [from, to) of those closed so far. */
  energy(from: number, to: number): number {
    return energyOf(this.meanSquares, this.means, from, to)
  }

  /** Takes back the last block closed (one closed only to be measured with: a partial last block). */
  reopen(): void {
    this.count = Math.max(0, this.count - 1)
  }

  /** The statistics of the first `count` blocks (all so far), with a partial last block when `partial.frames` > 0. */
  stats(partial: { squares: number; sums: Float64Array; frames: number }, count = this.count): UnweightedBlockStats {
    const extra = partial.frames > 0 ? 1 : 0
    const meanSquares = this.meanSquares.slice(0, count + extra)
    const means = this.means.map((m) => m.slice(0, count + extra))
    if (extra) {
      meanSquares[count] = partial.squares / partial.frames / this.channels
      means.forEach((m, c) => {
        m[count] = (partial.sums[c] as number) / partial.frames
      })
    }
    return { meanSquares, means }
  }
}
