/**
 * Voice activity of a take as it streams in (16 kHz mono, the take's clock): each 10 ms frame is voiced
 * when its level is far enough over the booth's noise floor (the same judgement the utterance splitter
 * makes, utterance-splitter.ts), and a short dip inside speech (a stop consonant, the gap between two
 * words) stays voiced for HANG_FRAMES. Kept as a running count, so the voiced time between any two
 * moments of the take is one subtraction: the prompter's pacing advances only over voiced time.
 */
import { SPEECH_RATE } from './pcm-to-16k'
import { ABSOLUTE_FLOOR_DB, energyDb, FLOOR_RISE_DB, OVER_FLOOR_DB } from './utterance-splitter'

const FRAME = SPEECH_RATE / 100
const FRAME_S = 0.01
/** Frames after a loud one that still count as voiced (a dip inside a word or between two). */
export const HANG_FRAMES = 6

export class VoiceActivity {
  private leftover = new Float32Array(0)
  private floorDb = -90
  private hang = 0
  /** voiced[f]: voiced frames among frames [0, f). */
  private voiced = new Uint32Array(1024)
  private frames = 0

  /** Seconds of the take analysed so far. */
  get nowS(): number {
    return this.frames * FRAME_S
  }

  /** Whether the last frame analysed was voiced. */
  get active(): boolean {
    return this.frames > 0 && this.count(this.frames) > this.count(this.frames - 1)
  }

  push(samples: Float32Array): void {
    const joined = new Float32Array(this.leftover.length + samples.length)
    joined.set(this.leftover)
    joined.set(samples, this.leftover.length)
    let i = 0
    for (; i + FRAME <= joined.length; i += FRAME) this.frame(energyDb(joined.subarray(i, i + FRAME)))
    this.leftover = joined.slice(i)
  }

  /** Seconds of voice between two moments of the take (clamped to what was analysed). */
  voicedS(fromS: number, toS: number): number {
    const a = this.frameAt(fromS)
    const b = this.frameAt(toS)
    return b > a ? (this.count(b) - this.count(a)) * FRAME_S : 0
  }

  private frame(db: number): void {
    this.floorDb = db < this.floorDb ? db : Math.min(db, this.floorDb + FLOOR_RISE_DB)
    const loud = db >= Math.max(this.floorDb + OVER_FLOOR_DB, ABSOLUTE_FLOOR_DB)
    this.hang = loud ? HANG_FRAMES : Math.max(0, this.hang - 1)
    const on = loud || this.hang > 0
    if (this.frames + 1 >= this.voiced.length) {
      const grown = new Uint32Array(this.voiced.length * 2)
      grown.set(this.voiced)
      this.voiced = grown
    }
    this.voiced[this.frames + 1] = this.count(this.frames) + (on ? 1 : 0)
    this.frames++
  }

  private count(frame: number): number {
    return this.voiced[frame] as number
  }

  private frameAt(s: number): number {
    return Math.max(0, Math.min(this.frames, Math.round(s / FRAME_S)))
  }
}
