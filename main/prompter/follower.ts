/**
 * One take's prompter: the recorded PCM goes in as it arrives (any rate, any channel count), a streaming
 * recogniser listens, and the forward-only aligner places each heard word in the script; every move is
 * sent out as a FollowPosition with script character offsets. A partial result of a streaming engine is
 * aligned from where the last final one left the aligner, and the position shown never goes back.
 * Nothing here can fail the recording: a recogniser that fails says so once and the take records on.
 */
import type { FollowPosition, FollowStatus } from '../../shared/bridge-prompter'
import { heardWords, scriptModel, type ScriptModel } from '../readback'
import { FollowAligner, type FollowState } from './follow-aligner'
import type { FollowEngine, FollowSession, HeardSegment } from './follow-engine'
import { PcmTo16k } from './pcm-to-16k'

export interface FollowerOptions {
  takeId: string
  jobId: string
  script: string
  /** Names to treat as names (the advertiser, the customer). */
  names?: readonly string[]
  sampleRate: number
  channels: number
  engine: FollowEngine
  emit(position: FollowPosition): void
  /** What the log keeps of an engine's failure (the process's own words). */
  warn?(message: string): void
}

/** Audio kept while the engine gets ready (its language model is built from the script), in 16 kHz samples. */
const MAX_WAITING_SAMPLES = 16_000 * 60

export class Follower {
  private readonly model: ScriptModel
  private readonly aligner: FollowAligner
  private readonly pcm: PcmTo16k
  private session: FollowSession | null = null
  private waiting: Float32Array[] = []
  private waitingSamples = 0
  private closed = false
  private settled: FollowState
  private segment = -1
  private shown = -1
  private heardAtS: number | null = null
  private opening: Promise<void> | null = null

  constructor(private readonly options: FollowerOptions) {
    this.model = scriptModel(options.script, options.names ?? [])
    this.aligner = new FollowAligner(this.model)
    this.settled = this.aligner.snapshot()
    this.pcm = new PcmTo16k(options.sampleRate, options.channels)
  }

  /** Opens the engine; says 'listening', or why it cannot. */
  start(): Promise<void> {
    this.opening ??= this.open()
    return this.opening
  }

  private async open(): Promise<void> {
    const why = await this.options.engine.unavailable().catch((err: unknown) => String(err))
    if (why) return this.say('unavailable', why)
    try {
      const session = await this.options.engine.open(this.options.script, {
        heard: (s) => this.heard(s),
        failed: (message, detail) => {
          if (detail) this.options.warn?.(`the prompter's engine stopped: ${detail}`)
          this.say('failed', `The prompter stopped following the voice: ${message}`)
        },
      })
      if (this.closed) return session.close()
      this.session = session
      for (const chunk of this.waiting) session.push(chunk)
      this.waiting = []
      this.say('listening', null)
    } catch (err) {
      this.say('failed', `The prompter cannot follow the voice: ${err instanceof Error ? err.message : String(err)}`)
    }
  }

  /** Interleaved float32 PCM of the take, as recorded. */
  push(interleaved: Float32Array): void {
    if (this.closed) return
    const samples = this.pcm.push(interleaved)
    if (samples.length === 0) return
    if (this.session) this.session.push(samples)
    else if (this.waitingSamples < MAX_WAITING_SAMPLES) {
      this.waiting.push(samples)
      this.waitingSamples += samples.length
    }
  }

  /** The take ended: waits until what was recorded is placed, then says 'stopped'. */
  async finish(): Promise<void> {
    await this.start()
    await this.session?.finish()
    this.stop()
  }

  /** Stops listening at once and says 'stopped'. */
  stop(): void {
    if (this.closed) return
    this.closed = true
    this.session?.close()
    this.waiting = []
    this.say('stopped', null)
  }

  private heard(s: HeardSegment): void {
    if (this.closed) return
    if (s.segment !== this.segment) {
      // A new segment starts from where the last one's words left the aligner.
      this.settled = this.aligner.snapshot()
      this.segment = s.segment
    }
    this.aligner.restore(this.settled)
    const words = heardWords(s.words)
    let lastEnd: number | null = null
    for (const w of words) {
      const before = this.aligner.position
      if (this.aligner.hear(w) !== before) lastEnd = w.end_s
    }
    if (s.final) this.settled = this.aligner.snapshot()
    const at = this.aligner.position
    if (at > this.shown) {
      this.shown = at
      this.heardAtS = lastEnd
      this.say('following', null)
    }
  }

  private say(status: FollowStatus, message: string | null): void {
    const w = this.model.words[this.shown]
    const line = w ? this.model.sentences[w.sentence] : undefined
    this.options.emit({
      takeId: this.options.takeId,
      jobId: this.options.jobId,
      status: status === 'listening' && w ? 'following' : status,
      scriptLength: this.options.script.length,
      word: w ? { from: w.from, to: w.to } : null,
      line: line ? { from: line.from, to: line.to } : null,
      heardAtS: w ? this.heardAtS : null,
      engine: this.options.engine.name,
      message,
    })
  }
}
