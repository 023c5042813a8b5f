/**
 * One take's prompter: the recorded PCM goes in as it arrives (any rate, any channel count), a streaming
 * recogniser listens, and the forward-only aligner places each heard word in the script; every move is
 * sent out as a FollowPosition with script character offsets. A partial result of a streaming engine is
 * aligned from where the last final one left the aligner, and the position shown never goes back.
 * Between recognitions the highlight moves on with the voice (pace-model.ts): word by word while the
 * voice is active (voice-activity.ts), at the rate this take has been read so far, holding in pauses;
 * each recognition sets where that pacing starts from, and it walks at most two words past the last word
 * placed (the voice is never behind the word placed, so the highlight is never more than one word past the
 * word being said, through an ad-lib the recogniser has not yet heard). Voice the recogniser heard as words that read no
 * script (an ad-lib, a restart, a slate) holds it: the highlight goes back to the word after the last one
 * placed if the pacing had walked past it, and stays there until the script is heard again.
 * Nothing here can fail the recording: a recogniser that fails says so once and the take records on.
 */
import type { FollowPosition, FollowStatus } from '../../shared/bridge-prompter'
import { heardWords, scriptModel, type ScriptModel } from '../readback'
import { ELSEWHERE_EVIDENCE, FollowAligner, type FollowState } from './follow-aligner'
import type { FollowEngine, FollowSession, HeardSegment } from './follow-engine'
import { PaceModel, type PaceOptions } from './pace-model'
import { PcmTo16k } from './pcm-to-16k'
import { VoiceActivity } from './voice-activity'
import { wordSyllables } from './word-syllables'

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
  /** Pacing between recognitions (default on); false moves only on what the recogniser placed. */
  pace?: boolean | Partial<PaceOptions>
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
  private readonly voice = new VoiceActivity()
  private readonly pace: PaceModel | null
  /** Listening or following: the pacing may move the highlight. */
  private live = false

  constructor(private readonly options: FollowerOptions) {
    this.model = scriptModel(options.script, options.names ?? [])
    this.aligner = new FollowAligner(this.model)
    this.settled = this.aligner.snapshot()
    this.pcm = new PcmTo16k(options.sampleRate, options.channels)
    const pace = options.pace ?? true
    this.pace = pace === false ? null : new PaceModel(this.model.words.map(wordSyllables), pace === true ? {} : pace)
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
    this.voice.push(samples)
    if (this.session) this.session.push(samples)
    else if (this.waitingSamples < MAX_WAITING_SAMPLES) {
      this.waiting.push(samples)
      this.waitingSamples += samples.length
    }
    this.paceOn()
  }

  /**
   * Moves the highlight to where the pacing puts the voice now, if that is further on; or back to it while
   * the pacing holds after an ad-lib (it had walked through script the talent did not read).
   */
  private paceOn(): void {
    if (!this.pace || !this.live || this.closed) return
    const anchor = this.pace.anchor
    const at = Math.max(this.pace.predict(this.voice.voicedS(anchor.atS, this.voice.nowS)), this.aligner.position)
    if (at === this.shown || (at < this.shown && !this.pace.holding)) return
    this.shown = at
    this.heardAtS = this.voice.nowS
    this.say('following', null)
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
    let unplaced = 0
    const waitedFrom = this.pace && this.pace.anchor.index >= 0 ? this.pace.anchor.atS : null
    for (const w of words) {
      const before = this.aligner.position
      const at = this.aligner.hear(w)
      unplaced = at !== before ? 0 : unplaced + 1
      if (at === before) continue
      lastEnd = w.end_s
      this.pace?.recognised(at, w.end_s, this.voice.voicedS(this.pace.anchor.atS, w.end_s))
    }
    // Two or more words heard after the last placed one that read no script word: that voice is spent. With
    // the evidence of three words (in this recognition or since), the voice is elsewhere (an ad-lib): the
    // pacing holds until the script is heard again.
    const last = words[words.length - 1]
    const elsewhere = this.aligner.elsewhere >= ELSEWHERE_EVIDENCE
    if (last && (unplaced >= 2 || elsewhere)) this.pace?.heardElsewhere(last.end_s, elsewhere)
    // How long the voice ran on past what the recogniser had placed before this news came.
    if (this.pace && s.final && waitedFrom !== null) this.pace.reported(this.voice.voicedS(waitedFrom, this.voice.nowS))
    if (s.final) {
      this.aligner.utteranceEnded()
      this.settled = this.aligner.snapshot()
    }
    const at = this.aligner.position
    if (at > this.shown) {
      this.shown = at
      this.heardAtS = lastEnd
      this.say('following', null)
    }
    this.paceOn()
  }

  private say(status: FollowStatus, message: string | null): void {
    this.live = status === 'listening' || status === 'following'
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
