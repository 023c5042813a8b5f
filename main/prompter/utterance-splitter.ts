/**
 * Cuts the recording (16 kHz mono, as it arrives) into utterances for a recogniser that hears one at a
 * time, without waiting for an utterance to end before handing its audio on: speech is found by energy
 * in 10 ms frames against the booth's noise floor; an utterance starts with a little audio from before
 * the speech, streams on, and ends after a pause, or, once it reaches the maximum length, at the next
 * dip in level (at the latest half a second later), so the prompter never waits long for a word.
 * Times are the take's own: sample 0 is the take's start.
 */
import { SPEECH_RATE } from './pcm-to-16k'
import { concatSamples } from './samples'

export type SplitEvent =
  /** An utterance begins at `startS` (seconds into the take) with these samples. */
  | { kind: 'start'; startS: number; samples: Float32Array }
  /** More of the utterance under way. */
  | { kind: 'audio'; samples: Float32Array }
  /**
   * It ended: `cut` when cut at the maximum length (speech goes straight on into the next one); `speech`
   * false when it held too little speech to be words (a click, a breath): its result is not wanted.
   */
  | { kind: 'end'; cut: boolean; speech: boolean }

export interface SplitterOptions {
  /** Silence that ends an utterance, in seconds. */
  pauseS: number
  /** Length from which an utterance is cut at the next dip in level. */
  maxS: number
  /** Audio kept from before speech starts. */
  padS: number
}

export const SPLITTER_DEFAULTS: SplitterOptions = { pauseS: 0.2, maxS: 1.2, padS: 0.12 }

const FRAME = SPEECH_RATE / 100
/** Speech is at least this far over the noise floor, and never quieter than the absolute floor. */
export const OVER_FLOOR_DB = 12
export const ABSOLUTE_FLOOR_DB = -52
/** Frames in a row over the threshold that start speech (a click is not speech). */
const ONSET_FRAMES = 3
/** How fast the noise floor estimate may rise, per frame (it falls at once). */
export const FLOOR_RISE_DB = 0.02
/** Utterances with less speech than this are not words (a breath, a click). */
const MIN_SPEECH_FRAMES = 10
/** Past the maximum length, a frame within this much of the quietest of the last DIP_FRAMES is a dip. */
const DIP_DB = 2
const DIP_FRAMES = 40
/** Past the maximum length, the cut comes at the latest after this many frames. */
const LATEST_CUT_FRAMES = 50

export class UtteranceSplitter {
  private readonly opts: SplitterOptions
  private leftover = new Float32Array(0)
  private floorDb = -90
  private frames = 0
  /** Idle: the last frames, for the audio before an onset. */
  private preroll: Float32Array[] = []
  private run = 0
  private inUtterance = false
  private length = 0
  private silent = 0
  private speech = 0
  private recent: number[] = []

  constructor(options: Partial<SplitterOptions> = {}) {
    this.opts = { ...SPLITTER_DEFAULTS, ...options }
  }

  push(samples: Float32Array): SplitEvent[] {
    const joined = new Float32Array(this.leftover.length + samples.length)
    joined.set(this.leftover)
    joined.set(samples, this.leftover.length)
    const out: SplitEvent[] = []
    let audio: Float32Array[] = []
    const flushAudio = () => {
      if (audio.length) out.push({ kind: 'audio', samples: concatSamples(audio) })
      audio = []
    }
    let i = 0
    for (; i + FRAME <= joined.length; i += FRAME) {
      const frame = joined.slice(i, i + FRAME)
      const db = energyDb(frame)
      const f = this.frames++
      this.floorDb = db < this.floorDb ? db : Math.min(db, this.floorDb + FLOOR_RISE_DB)
      const loud = db >= Math.max(this.floorDb + OVER_FLOOR_DB, ABSOLUTE_FLOOR_DB)
      this.run = loud ? this.run + 1 : 0
      if (!this.inUtterance) {
        this.preroll.push(frame)
        if (this.preroll.length > this.padFrames() + ONSET_FRAMES) this.preroll.shift()
        if (this.run >= ONSET_FRAMES) {
          const startFrame = f + 1 - this.preroll.length
          out.push({ kind: 'start', startS: (startFrame * FRAME) / SPEECH_RATE, samples: concatSamples(this.preroll) })
          this.begin(this.preroll.length, ONSET_FRAMES)
          this.preroll = []
        }
        continue
      }
      audio.push(frame)
      this.length++
      this.silent = loud ? 0 : this.silent + 1
      if (loud) this.speech++
      this.recent.push(db)
      if (this.recent.length > DIP_FRAMES) this.recent.shift()
      const max = Math.round(this.opts.maxS * 100)
      if (this.silent >= Math.round(this.opts.pauseS * 100)) {
        flushAudio()
        out.push({ kind: 'end', cut: false, speech: this.speech >= MIN_SPEECH_FRAMES })
        this.inUtterance = false
        this.run = 0
      } else if (
        this.length >= max &&
        (db <= Math.min(...this.recent) + DIP_DB || this.length >= max + LATEST_CUT_FRAMES)
      ) {
        flushAudio()
        out.push({ kind: 'end', cut: true, speech: this.speech >= MIN_SPEECH_FRAMES })
        // Speech goes on: the next utterance starts with the next frame.
        out.push({ kind: 'start', startS: ((f + 1) * FRAME) / SPEECH_RATE, samples: new Float32Array(0) })
        this.begin(0, 0)
      }
    }
    flushAudio()
    this.leftover = joined.slice(i)
    return out
  }

  /** The take ended: the utterance under way, if any, ends here. */
  flush(): SplitEvent[] {
    if (!this.inUtterance) return []
    this.inUtterance = false
    const tail = this.leftover
    this.leftover = new Float32Array(0)
    return [
      ...(tail.length ? [{ kind: 'audio' as const, samples: tail }] : []),
      { kind: 'end', cut: false, speech: this.speech >= MIN_SPEECH_FRAMES },
    ]
  }

  private begin(frames: number, speech: number): void {
    this.inUtterance = true
    this.length = frames
    this.speech = speech
    this.silent = 0
    this.recent = []
  }

  private padFrames(): number {
    return Math.round(this.opts.padS * 100)
  }
}

/** Mean energy of a frame of samples, in dB of full scale. */
export function energyDb(frame: Float32Array): number {
  let sum = 0
  for (const x of frame) sum += x * x
  return 10 * Math.log10(sum / frame.length + 1e-12)
}
