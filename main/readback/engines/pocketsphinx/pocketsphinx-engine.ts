/**
 * The pocketsphinx read-back engine (the one the package repositories provide with its model, so tests
 * and CI run the real pipeline). The take is converted to 16 kHz mono by ffmpeg; the recogniser is biased
 * toward the script with a trigram model of its sentences plus general words, and a dictionary of just
 * those words; `-time yes` gives each word's start and end.
 */
import { childEnv } from '../../../security/child-env'
import { spawnInBackground } from '../../../process/background-child'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { runFfmpeg } from '../../../audio/run-ffmpeg'
import type { TimedWord } from '../../../../shared/readback/types'
import {
  EngineUnavailableError,
  ReadbackStoppedError,
  type ReadbackEngine,
  type Contest,
  type ContestResult,
  type Sounds,
  type Transcript,
  type TranscribeOptions,
} from '../../engine'
import { findPocketsphinx, type PocketsphinxSetup } from './pocketsphinx-setup'
import { turnsDoubts } from './turns-hearing'
import { contestResults } from './contest-hearing'
import { secondHearingDoubts } from './second-hearing'
import { firstHearingFiles } from './pocketsphinx-model'
import { dictionaryAt, pronounce } from '../../script/pronunciations'
import { isNoiseMark } from '../../script/words'

/**
 * 16 kHz mono with a faint noise floor (about -66 dBFS) mixed in: stretches of pure digital silence
 * (an edited or synthesised take) upset the recogniser's feature normalisation and cost it the words
 * before each pause; a booth's own noise floor is louder than this anyway.
 */
const NOISE_FLOOR =
  '[0:a:0]aformat=sample_fmts=fltp:channel_layouts=mono,aresample=16000[a];' +
  'anoisesrc=color=white:amplitude=0.001:sample_rate=16000:seed=7[n];[a][n]amix=inputs=2:duration=first:normalize=0'

export interface PocketsphinxOptions {
  env?: NodeJS.ProcessEnv
  ffmpegPath?: string
  /** Kill a recognition that runs longer than this (default 10 minutes). */
  timeoutMs?: number
  /** The second hearing that finds words pulled onto the script (second-hearing.ts); default on. */
  secondHearing?: boolean
}

/** Parses `-time yes` output: "word start end confidence" lines; the utterance text lines are skipped. */
export function parsePocketsphinxTimes(stdout: string): TimedWord[] {
  const words: TimedWord[] = []
  for (const line of stdout.split('\n')) {
    const m = /^(\S+) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?)$/.exec(line.trim())
    if (!m) continue
    const word = (m[1] as string).replace(/\(\d+\)$/, '')
    if (isNoiseMark(word)) continue
    words.push({ word, start_s: Number(m[2]), end_s: Number(m[3]) })
  }
  return words
}

export class PocketsphinxEngine implements ReadbackEngine {
  readonly name = 'pocketsphinx'
  private setup: Promise<PocketsphinxSetup | string> | null = null

  constructor(private readonly options: PocketsphinxOptions = {}) {}

  private find(): Promise<PocketsphinxSetup | string> {
    this.setup ??= findPocketsphinx(this.options.env)
    return this.setup
  }

  async unavailable(): Promise<string | null> {
    const s = await this.find()
    return typeof s === 'string' ? s : null
  }

  async transcribe(wavPath: string, options: TranscribeOptions = {}): Promise<Transcript> {
    const setup = await this.find()
    if (typeof setup === 'string') throw new EngineUnavailableError(setup)
    const dict = await dictionaryAt(setup.dict)
    const dir = await mkdtemp(join(tmpdir(), 'booth-readback-'))
    try {
      const audio = join(dir, 'take.wav')
      await runFfmpeg(['-y', '-i', wavPath, '-filter_complex', NOISE_FLOOR, '-c:a', 'pcm_s16le', '-f', 'wav', audio], {
        ...(this.options.ffmpegPath ? { ffmpegPath: this.options.ffmpegPath } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      })
      const first = await firstHearingFiles(options.hints ?? '', dict)
      const kept = first.sentences
      await writeFile(join(dir, 'script.lm'), first.arpa)
      await writeFile(join(dir, 'script.dict'), first.dict)
      const stdout = await this.run(
        setup.binary,
        [
          '-infile',
          audio,
          '-hmm',
          setup.hmm,
          '-lm',
          join(dir, 'script.lm'),
          '-dict',
          join(dir, 'script.dict'),
          '-time',
          'yes',
          '-remove_noise',
          'no',
        ],
        options.signal,
      )
      const words = parsePocketsphinxTimes(stdout)
      // The words above lean on the script; a second hearing says where they may have been pulled onto it.
      const batch = setup.batch
      if (!batch || this.options.secondHearing === false || options.doubts === false)
        return { words, engine: this.name }
      const run = (binary: string, args: string[]) => this.run(binary, args, options.signal)
      const second = await secondHearingDoubts({
        setup: { ...setup, batch },
        dict,
        dir,
        script: options.hints ?? '',
        ...(options.names ? { names: options.names } : {}),
        first: words,
        run,
        ...(options.signal ? { signal: options.signal } : {}),
      })
      // And each sentence holding a word a rival rule wants decided on its own (a negation) once more, the
      // acoustics alone deciding whether it was said as written.
      const turns = await turnsDoubts({ batch, hmm: setup.hmm, dict, dir, sentences: kept, first: words, run })
      // The second hearing's words and lattice also say how sure each finding is (certainty.ts).
      return {
        words,
        engine: this.name,
        doubts: [...second.doubts, ...turns],
        cross: { words: second.words, lattice: second.lattice },
      }
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  }

  /** The contested stretches heard again, each under its two readings (contest-hearing.ts); none without pocketsphinx_batch. */
  async contest(wavPath: string, contests: readonly Contest[], signal?: AbortSignal): Promise<ContestResult[]> {
    const setup = await this.find()
    if (typeof setup === 'string' || !setup.batch || contests.length === 0) return []
    const dict = await dictionaryAt(setup.dict)
    const dir = await mkdtemp(join(tmpdir(), 'booth-readback-contest-'))
    try {
      await runFfmpeg(
        ['-y', '-i', wavPath, '-filter_complex', NOISE_FLOOR, '-c:a', 'pcm_s16le', '-f', 'wav', join(dir, 'take.wav')],
        {
          ...(this.options.ffmpegPath ? { ffmpegPath: this.options.ffmpegPath } : {}),
          ...(signal ? { signal } : {}),
        },
      )
      const run = (binary: string, args: string[]) => this.run(binary, args, signal)
      return await contestResults({ batch: setup.batch, hmm: setup.hmm, dict, dir, contests, run })
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  }

  /** The words as the recogniser's dictionary says them (espeak-ng's reading for a word it lacks, as the hearings do). */
  async soundsOf(words: readonly string[]): Promise<Sounds> {
    const setup = await this.find()
    if (typeof setup === 'string') return new Map()
    const { lines } = await pronounce(
      words.filter((w) => /^[a-z][a-z']*$/.test(w)),
      await dictionaryAt(setup.dict),
    )
    const out = new Map<string, string[]>()
    for (const line of lines) {
      const space = line.indexOf(' ')
      const word = line.slice(0, space).replace(/\(\d+\)$/, '')
      out.set(word, [...(out.get(word) ?? []), line.slice(space + 1)])
    }
    return out
  }

  private run(binary: string, args: string[], signal?: AbortSignal): Promise<string> {
    return new Promise((resolve, reject) => {
      // Background work: the recogniser yields the CPU to recording and playback.
      const child = spawnInBackground(binary, args, {
        stdio: ['ignore', 'pipe', 'pipe'],
        windowsHide: true,
        env: childEnv(),
      })
      let out = ''
      let err = ''
      const timer = setTimeout(() => child.kill('SIGKILL'), this.options.timeoutMs ?? 600_000)
      const abort = () => child.kill('SIGKILL')
      signal?.addEventListener('abort', abort, { once: true })
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString('utf8')
      })
      child.stderr.on('data', (d: Buffer) => {
        err = (err + d.toString('utf8')).slice(-4000)
      })
      child.on('error', (e) => {
        clearTimeout(timer)
        reject(new EngineUnavailableError(`pocketsphinx could not be started: ${e.message}.`))
      })
      child.on('close', (code, sig) => {
        clearTimeout(timer)
        signal?.removeEventListener('abort', abort)
        if (signal?.aborted) reject(new ReadbackStoppedError())
        else if (code === 0) resolve(out)
        else reject(new Error(`pocketsphinx stopped (${sig ?? `exit ${code}`}): ${lastError(err)}`))
      })
    })
  }
}

function lastError(stderr: string): string {
  const lines = stderr.split('\n').filter((l) => /ERROR|FATAL/.test(l))
  return (lines[lines.length - 1] ?? stderr.split('\n').filter(Boolean).pop() ?? 'no message').trim().slice(0, 300)
}
