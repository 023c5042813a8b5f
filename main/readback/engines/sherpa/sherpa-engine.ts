/**
 * The sherpa-onnx read-back engine: an offline Zipformer transducer through the optional
 * `sherpa-onnx-node` package (prebuilt for macOS arm64/x64, Windows x64 and Linux). The take is turned
 * into 16 kHz mono by ffmpeg, decoded off the main thread (decodeAsync), and its token timestamps are
 * merged into words. The script's words are boosted as hotwords; so that a boost never forces a match, the
 * take is heard a second time without them and every stretch where the two hearings disagree is a doubt
 * (doubts-between.ts) that the comparison turns into an "unsure" check. Without the package or a model it
 * says which is missing and how to get it.
 */
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { runFfmpeg } from '../../../audio/run-ffmpeg'
import { EngineUnavailableError, type ReadbackEngine, type Transcript, type TranscribeOptions } from '../../engine'
import { findTransducer, type TransducerFiles } from './sherpa-model'
import { HOTWORD_SCORE } from '../../tuning'
import { loadTokenSet, scriptHotwords } from './sherpa-hotwords'
import { doubtsBetween } from '../../hearing/doubts-between'
import { tokensToWords } from './token-words'

interface SherpaResult {
  text: string
  tokens: string[]
  timestamps: number[]
}
interface SherpaStream {
  acceptWaveform(w: { sampleRate: number; samples: Float32Array }): void
}
interface SherpaRecognizer {
  createStream(hotwords?: string): SherpaStream
  decodeAsync(s: SherpaStream): Promise<SherpaResult>
}
interface SherpaModule {
  OfflineRecognizer: { createAsync(config: unknown): Promise<SherpaRecognizer> }
  readWave(path: string): { samples: Float32Array; sampleRate: number }
}

/** sherpa-onnx-node is optional: imported by a non-literal name so its absence is a sentence, not a crash. */
export async function loadSherpa(): Promise<SherpaModule | null> {
  const name = 'sherpa-onnx-node'
  try {
    const mod = (await import(/* @vite-ignore */ name)) as { default?: SherpaModule } & Partial<SherpaModule>
    const api = (mod.default ?? mod) as SherpaModule
    return typeof api.OfflineRecognizer?.createAsync === 'function' ? api : null
  } catch {
    return null
  }
}

export const NO_MODEL_MESSAGE =
  'No speech model for the read-back yet: get one in Settings → Read-back (about 72 MB, once), or choose a folder that holds a sherpa-onnx Zipformer model.'
/** The same, as Settings → Read-back itself says it: a page never sends the talent to the page they are on. */
export const NO_MODEL_HERE =
  'No speech model yet: download it below (about 72 MB, once), or choose a folder that holds a sherpa-onnx Zipformer model.'

export interface SherpaOptions {
  /** The model folder (Booth's data folder copy, or one the talent chose). */
  modelDir: () => string | null
  ffmpegPath?: string
  numThreads?: number
  load?: () => Promise<SherpaModule | null>
}

export class SherpaEngine implements ReadbackEngine {
  readonly name = 'sherpa-onnx'
  private recognizer: { dir: string; promise: Promise<SherpaRecognizer> } | null = null

  constructor(private readonly options: SherpaOptions) {}

  private async ready(): Promise<{ sherpa: SherpaModule; files: TransducerFiles } | string> {
    const sherpa = await (this.options.load ?? loadSherpa)()
    if (!sherpa)
      return 'The sherpa-onnx engine is not installed for this computer (the optional sherpa-onnx-node package is missing).'
    const dir = this.options.modelDir()
    if (
      !dir ||
      !(await stat(dir).then(
        (s) => s.isDirectory(),
        () => false,
      ))
    )
      return NO_MODEL_MESSAGE
    const files = await findTransducer(dir)
    if (typeof files === 'string') return files
    return { sherpa, files }
  }

  async unavailable(): Promise<string | null> {
    const r = await this.ready()
    return typeof r === 'string' ? r : null
  }

  async transcribe(wavPath: string, options: TranscribeOptions = {}): Promise<Transcript> {
    const r = await this.ready()
    if (typeof r === 'string') throw new EngineUnavailableError(r)
    const dir = this.options.modelDir() as string
    if (this.recognizer?.dir !== dir) {
      this.recognizer = {
        dir,
        promise: r.sherpa.OfflineRecognizer.createAsync({
          featConfig: { sampleRate: 16000, featureDim: 80 },
          modelConfig: {
            transducer: { encoder: r.files.encoder, decoder: r.files.decoder, joiner: r.files.joiner },
            tokens: r.files.tokens,
            numThreads: this.options.numThreads ?? 1,
            provider: 'cpu',
            debug: 0,
          },
          // Modified beam search is what lets the script's words be boosted as hotwords.
          decodingMethod: 'modified_beam_search',
          maxActivePaths: 4,
          hotwordsScore: HOTWORD_SCORE,
        }),
      }
      this.recognizer.promise.catch(() => {
        this.recognizer = null
      })
    }
    const recognizer = await this.recognizer.promise.catch((err: unknown) => {
      throw new EngineUnavailableError(
        `The speech model in ${dir} could not be loaded (${err instanceof Error ? err.message : String(err)}); get it again from Settings.`,
      )
    })
    const tmp = await mkdtemp(join(tmpdir(), 'booth-sherpa-'))
    try {
      const audio = join(tmp, 'take16k.wav')
      await runFfmpeg(['-y', '-i', wavPath, '-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le', '-f', 'wav', audio], {
        ...(this.options.ffmpegPath ? { ffmpegPath: this.options.ffmpegPath } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      })
      const wave = r.sherpa.readWave(audio)
      const duration = wave.samples.length / wave.sampleRate
      const hear = async (hotwords: string) => {
        const stream = hotwords ? recognizer.createStream(hotwords) : recognizer.createStream()
        stream.acceptWaveform({ sampleRate: wave.sampleRate, samples: wave.samples })
        const result = await recognizer.decodeAsync(stream)
        return tokensToWords(result.tokens, result.timestamps, duration)
      }
      const hotwords = options.hints ? scriptHotwords(options.hints, await loadTokenSet(r.files.tokens)) : ''
      const words = await hear(hotwords)
      if (!hotwords) return { words, engine: this.name }
      // Not forcing matches: the same audio heard again without the script's hotwords; where the two
      // disagree, the script's word may have been boosted over what was said (doubts → "unsure" checks).
      const plain = await hear('')
      return { words, engine: this.name, doubts: doubtsBetween(words, plain), cross: { words: plain } }
    } finally {
      await rm(tmp, { recursive: true, force: true })
    }
  }
}
