/**
 * The prompter's sherpa-onnx engine, for a talent who has a streaming (online) Zipformer transducer:
 * sherpa-onnx-node's OnlineRecognizer hears the take as it arrives and gives partial results while a
 * phrase is still being spoken, so the prompter moves within the phrase; its endpoint rule closes each
 * segment. It is biased toward the script with the read-back's hotwords (modified beam search).
 * Where it looks for the model: BOOTH_STREAMING_MODEL, else `<data folder>/models/streaming/`.
 * No such model can be downloaded on the machine Booth is built on, so this engine has not run on a
 * model there; its tests run only where one is present.
 */
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TimedWord } from '../../shared/readback/types'
import {
  findTransducer,
  type TransducerFiles,
  HOTWORD_SCORE,
  loadTokenSet,
  scriptHotwords,
  tokensToWords,
} from '../readback'
import type { FollowEngine, FollowSession, FollowSessionEvents } from './follow-engine'
import { SPEECH_RATE } from './pcm-to-16k'

interface OnlineResult {
  text: string
  tokens: string[]
  timestamps: number[]
  start_time?: number
}
interface OnlineStream {
  acceptWaveform(w: { sampleRate: number; samples: Float32Array }): void
  inputFinished(): void
}
export interface OnlineRecognizerLike {
  createStream(): OnlineStream
  isReady(s: OnlineStream): boolean
  decode(s: OnlineStream): void
  isEndpoint(s: OnlineStream): boolean
  reset(s: OnlineStream): void
  getResult(s: OnlineStream): OnlineResult
}
export interface SherpaOnlineModule {
  OnlineRecognizer: new (config: unknown) => OnlineRecognizerLike
}

/** sherpa-onnx-node is optional: imported by a non-literal name so its absence is a sentence, not a crash. */
async function loadOnline(): Promise<SherpaOnlineModule | null> {
  const name = 'sherpa-onnx-node'
  try {
    const mod = (await import(/* @vite-ignore */ name)) as {
      default?: SherpaOnlineModule
    } & Partial<SherpaOnlineModule>
    const api = (mod.default ?? mod) as SherpaOnlineModule
    return typeof api.OnlineRecognizer === 'function' ? api : null
  } catch {
    return null
  }
}

export interface SherpaFollowOptions {
  /** The streaming model's folder, or null when the talent has none. */
  modelDir: () => string | null
  load?: () => Promise<SherpaOnlineModule | null>
  numThreads?: number
}

export class SherpaFollowEngine implements FollowEngine {
  readonly name = 'sherpa-onnx'

  constructor(private readonly options: SherpaFollowOptions) {}

  private async ready(): Promise<{ sherpa: SherpaOnlineModule; files: TransducerFiles } | string> {
    const dir = this.options.modelDir()
    if (
      !dir ||
      !(await stat(dir).then(
        (s) => s.isDirectory(),
        () => false,
      ))
    )
      return 'No streaming speech model is on this computer for the sherpa-onnx prompter.'
    const sherpa = await (this.options.load ?? loadOnline)()
    if (!sherpa)
      return 'The sherpa-onnx engine is not installed for this computer (the optional sherpa-onnx-node package is missing).'
    const files = await findTransducer(dir)
    return typeof files === 'string' ? files : { sherpa, files }
  }

  async unavailable(): Promise<string | null> {
    const r = await this.ready()
    return typeof r === 'string' ? r : null
  }

  async open(script: string, events: FollowSessionEvents): Promise<FollowSession> {
    const r = await this.ready()
    if (typeof r === 'string') throw new Error(r)
    const dir = await mkdtemp(join(tmpdir(), 'booth-follow-sherpa-'))
    try {
      const hotwords = scriptHotwords(script, await loadTokenSet(r.files.tokens))
      const hotwordsFile = join(dir, 'hotwords.txt')
      await writeFile(hotwordsFile, hotwords.split('/').join('\n'))
      const recognizer = new r.sherpa.OnlineRecognizer({
        featConfig: { sampleRate: SPEECH_RATE, featureDim: 80 },
        modelConfig: {
          transducer: { encoder: r.files.encoder, decoder: r.files.decoder, joiner: r.files.joiner },
          tokens: r.files.tokens,
          numThreads: this.options.numThreads ?? 1,
          provider: 'cpu',
          debug: 0,
        },
        decodingMethod: 'modified_beam_search',
        maxActivePaths: 4,
        ...(hotwords ? { hotwordsFile, hotwordsScore: HOTWORD_SCORE } : {}),
        // A segment closes after a short pause once something was said, or at 12 s whatever happens.
        enableEndpoint: 1,
        rule1MinTrailingSilence: 1.2,
        rule2MinTrailingSilence: 0.4,
        rule3MinUtteranceLength: 12,
      })
      return new SherpaFollowSession(recognizer, events, () => rm(dir, { recursive: true, force: true }))
    } catch (err) {
      await rm(dir, { recursive: true, force: true })
      throw err
    }
  }
}

/** Exported for the test with a recogniser made to order (no model runs on the build machine). */
export class SherpaFollowSession implements FollowSession {
  private readonly stream: OnlineStream
  private segment = 0
  private fed = 0
  private segmentStartS = 0
  private lastText = ''
  private closed = false

  constructor(
    private readonly recognizer: OnlineRecognizerLike,
    private readonly events: FollowSessionEvents,
    private readonly cleanup: () => Promise<void>,
  ) {
    this.stream = recognizer.createStream()
  }

  push(samples: Float32Array): void {
    if (this.closed) return
    try {
      this.stream.acceptWaveform({ sampleRate: SPEECH_RATE, samples })
      this.fed += samples.length
      this.decode(false)
    } catch (err) {
      const detail = err instanceof Error ? err.message : String(err)
      this.events.failed('its speech engine (sherpa-onnx) stopped unexpectedly.', detail)
      this.close()
    }
  }

  async finish(): Promise<void> {
    if (this.closed) return
    this.stream.inputFinished()
    this.decode(true)
    this.close()
  }

  close(): void {
    if (this.closed) return
    this.closed = true
    this.cleanup().catch(() => undefined)
  }

  private decode(last: boolean): void {
    while (this.recognizer.isReady(this.stream)) this.recognizer.decode(this.stream)
    const result = this.recognizer.getResult(this.stream)
    const endpoint = this.recognizer.isEndpoint(this.stream)
    const final = endpoint || last
    if (result.text !== this.lastText || final) {
      this.lastText = result.text
      const start = typeof result.start_time === 'number' ? result.start_time : this.segmentStartS
      if (result.tokens.length > 0 || final)
        this.events.heard({ segment: this.segment, words: this.words(result, start), final })
    }
    if (endpoint) {
      this.recognizer.reset(this.stream)
      this.segment++
      this.segmentStartS = this.fed / SPEECH_RATE
      this.lastText = ''
    }
  }

  private words(result: OnlineResult, startS: number): TimedWord[] {
    return tokensToWords(
      result.tokens,
      result.timestamps.map((t) => t + startS),
      this.fed / SPEECH_RATE,
    )
  }
}

/** Where a streaming model is looked for. */
export function streamingModelDir(dataDir: string, env: NodeJS.ProcessEnv = process.env): string {
  return env['BOOTH_STREAMING_MODEL'] || join(dataDir, 'models', 'streaming')
}
