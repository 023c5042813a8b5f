/**
 * Loudness of ITU-R BS.1770-4 / EBU R128 (Tech 3341) as samples arrive: momentary (400 ms window),
 * short-term (3 s window) and integrated (gated) loudness, in LUFS. Energies are kept per 100 ms
 * sub-block (10 numbers per second of audio), so memory grows by 80 bytes a second; the 400 ms blocks
 * that pass the absolute gate are kept and summed as they close, so the integrated figure asks one pass
 * of additions over them, no more. Pure; feed interleaved samples.
 */
import { Biquad } from './biquad'
import { channelWeights, kHighPass, kShelf } from './k-weighting'
import { Series } from './sorted-runs'

/** BS.1770-4: blocks below this absolute level never count. */
export const ABSOLUTE_GATE_LUFS = -70
/** BS.1770-4: blocks more than this below the ungated mean do not count. */
export const RELATIVE_GATE_LU = 10

const energyToLufs = (e: number): number => (e > 0 ? -0.691 + 10 * Math.log10(e) : Number.NEGATIVE_INFINITY)
const lufsToEnergy = (l: number): number => 10 ** ((l + 0.691) / 10)
const ABSOLUTE_GATE_ENERGY = lufsToEnergy(ABSOLUTE_GATE_LUFS)

export class LoudnessMeter {
  private readonly filters: Array<[Biquad, Biquad]>
  private readonly weights: number[]
  private readonly subBlockFrames: number
  private subEnergy = 0
  private subFrames = 0
  /** Weighted mean square of each completed 100 ms sub-block. */
  private subBlocks = new Float64Array(1024)
  private subCount = 0
  /** Mean energy of each 400 ms block (ending on each sub-block from the 4th) above the absolute gate, in order, and their sum. */
  private readonly gated = new Series()
  private gatedSum = 0

  constructor(
    readonly sampleRate: number,
    readonly channels: number,
  ) {
    if (!(sampleRate > 0) || !(channels >= 1))
      throw new RangeError('A loudness meter needs a sample rate and at least one channel.')
    this.filters = Array.from({ length: channels }, () => [
      new Biquad(kShelf(sampleRate)),
      new Biquad(kHighPass(sampleRate)),
    ])
    this.weights = channelWeights(channels)
    this.subBlockFrames = Math.round(sampleRate / 10)
  }

  push(samples: ArrayLike<number>): void {
    const ch = this.channels
    const frames = Math.floor(samples.length / ch)
    for (let f = 0; f < frames; f++) {
      let e = 0
      for (let c = 0; c < ch; c++) {
        const [shelf, hp] = this.filters[c] as [Biquad, Biquad]
        const y = hp.step(shelf.step(samples[f * ch + c] as number))
        e += (this.weights[c] as number) * y * y
      }
      this.subEnergy += e
      if (++this.subFrames === this.subBlockFrames) this.closeSubBlock()
    }
  }

  private closeSubBlock(): void {
    if (this.subCount === this.subBlocks.length) {
      const grown = new Float64Array(this.subBlocks.length * 2)
      grown.set(this.subBlocks)
      this.subBlocks = grown
    }
    this.subBlocks[this.subCount++] = this.subEnergy / this.subFrames
    this.subEnergy = 0
    this.subFrames = 0
    const i = this.subCount - 1
    if (i < 3) return
    const e =
      ((this.subBlocks[i] as number) +
        (this.subBlocks[i - 1] as number) +
        (this.subBlocks[i - 2] as number) +
        (this.subBlocks[i - 3] as number)) /
      4
    if (!(e > ABSOLUTE_GATE_ENERGY)) return
    this.gated.push(e)
    this.gatedSum += e
  }

  /** Mean energy of the last `n` sub-blocks (null until there are that many). */
  private windowEnergy(n: number): number | null {
    if (this.subCount < n) return null
    let sum = 0
    for (let i = this.subCount - n; i < this.subCount; i++) sum += this.subBlocks[i] as number
    return sum / n
  }

  /** Momentary loudness (last 400 ms), LUFS; null before 400 ms of audio; -Infinity for digital silence. */
  momentaryLufs(): number | null {
    const e = this.windowEnergy(4)
    return e === null ? null : energyToLufs(e)
  }

  /** Short-term loudness (last 3 s), LUFS; null before 3 s of audio. */
  shortTermLufs(): number | null {
    const e = this.windowEnergy(30)
    return e === null ? null : energyToLufs(e)
  }

  /** Integrated loudness so far (400 ms blocks, 75 % overlap, absolute then relative gate); null when nothing passes the gate. */
  integratedLufs(): number | null {
    const n = this.gated.length
    if (n === 0) return null
    const relative = lufsToEnergy(energyToLufs(this.gatedSum / n) - RELATIVE_GATE_LU)
    const blocks = this.gated.data
    let sum = 0
    let kept = 0
    for (let i = 0; i < n; i++) {
      const e = blocks[i] as number
      if (e > relative) {
        sum += e
        kept++
      }
    }
    return kept === 0 ? null : energyToLufs(sum / kept)
  }

  /** Seconds of audio fed so far. */
  get seconds(): number {
    return (this.subCount * this.subBlockFrames + this.subFrames) / this.sampleRate
  }
}
