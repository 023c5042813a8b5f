/**
 * The pocketsphinx read-back engine (the one the package repositories provide with its model, so tests
 * and CI run the real pipeline). The take is converted to 16 kHz mono by ffmpeg and decoded whole by
 * `pocketsphinx_batch` (one utterance: its cepstral mean is taken over the whole take, which hears the
 * first words of a take far better than the streaming decoder's running estimate). The recogniser hears it
 * with the script's language model (pocketsphinx-model.ts); `-hypseg` gives each word's start and end.
 */
import { spawn } from 'node:child_process'
import { childEnv } from '../security/child-env'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { setPriority, tmpdir } from 'node:os'
import { join } from 'node:path'
import { runFfmpeg } from '../audio/run-ffmpeg'
import type { TimedWord } from '../../shared/readback/types'
import { EngineUnavailableError, type ReadbackEngine, type Transcript, type TranscribeOptions } from './engine'
import { generalModelWords } from './general-lm-words'
import { latticeDoubts, parseHtkLattice, type DoubtLimits } from './lattice-doubts'
import { recogniserFiles } from './pocketsphinx-model'
import { findPocketsphinx, type PocketsphinxSetup } from './pocketsphinx-setup'
import { loadDictionary, type Dictionary } from './pronunciations'
import type { LmTuning } from './script-lm'
import { isNoiseMark } from './words'

/**
 * 16 kHz mono with a faint noise floor (about -66 dBFS) mixed in: stretches of pure digital silence
 * (an edited or synthesised take) upset the recogniser's feature normalisation and cost it the words
 * before each pause; a booth's own noise floor is louder than this anyway.
 */
const NOISE_FLOOR = '[0:a:0]aformat=sample_fmts=fltp:channel_layouts=mono,aresample=16000[a];' +
  'anoisesrc=color=white:amplitude=0.001:sample_rate=16000:seed=7[n];[a][n]amix=inputs=2:duration=first:normalize=0'

/** A nice value: below normal, so recording never waits for the read-back. */
const BACKGROUND_PRIORITY = 10
/** pocketsphinx's frames per second. */
const FRAME_RATE = 100

export interface PocketsphinxOptions {
  env?: NodeJS.ProcessEnv
  ffmpegPath?: string
  /** Kill a recognition that runs longer than this (default 10 minutes). */
  timeoutMs?: number
  /** Tests and measurements: the language model's weights (script-lm.ts LM_TUNING by default). */
  tuning?: LmTuning
  /** Measurements: when a word counts as doubted (lattice-doubts.ts SURE and OTHER by default). */
  doubtLimits?: DoubtLimits
}

/** Parses `-time yes` output of pocketsphinx_continuous: "word start end confidence" lines; the utterance text lines are skipped. */
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

/**
 * Parses one `-hypseg` line of pocketsphinx_batch: "uttid S s T total A ascr L lscr" and then, per word,
 * "start-frame acoustic-score lm-score word", ending with the utterance's last frame.
 */
export function parseHypseg(line: string): TimedWord[] {
  const parts = line.trim().split(/\s+/)
  const l = parts.indexOf('L')
  if (l < 0) return []
  const rest = parts.slice(l + 2)
  const end = Number(rest[rest.length - 1])
  const items: Array<{ frame: number; word: string }> = []
  for (let k = 0; k + 3 < rest.length; k += 4) items.push({ frame: Number(rest[k]), word: rest[k + 3] as string })
  const words: TimedWord[] = []
  items.forEach((item, k) => {
    const word = item.word.replace(/\(\d+\)$/, '')
    if (isNoiseMark(word) || !Number.isFinite(item.frame)) return
    const next = items[k + 1]?.frame ?? end
    words.push({ word, start_s: item.frame / FRAME_RATE, end_s: Math.max(item.frame, next - 1) / FRAME_RATE })
  })
  return words
}

export class PocketsphinxEngine implements ReadbackEngine {
  readonly name = 'pocketsphinx'
  private setup: Promise<PocketsphinxSetup | string> | null = null
  private dict: Promise<Dictionary> | null = null

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
    this.dict ??= loadDictionary(setup.dict)
    const dict = await this.dict
    const dir = await mkdtemp(join(tmpdir(), 'booth-readback-'))
    try {
      await runFfmpeg(['-y', '-i', wavPath, '-filter_complex', NOISE_FLOOR, '-c:a', 'pcm_s16le', '-f', 'wav', join(dir, 'take.wav')], {
        ...(this.options.ffmpegPath ? { ffmpegPath: this.options.ffmpegPath } : {}), ...(options.signal ? { signal: options.signal } : {}),
      })
      const files = await recogniserFiles({
        script: options.hints ?? '', ...(options.names ? { names: options.names } : {}), dict,
        general: setup.generalLm ? await generalModelWords(setup.generalLm) : [], ...(this.options.tuning ? { tuning: this.options.tuning } : {}),
      })
      await writeFile(join(dir, 'script.lm'), files.arpa)
      await writeFile(join(dir, 'script.dict'), files.dict)
      await writeFile(join(dir, 'takes.ctl'), 'take\n')
      await this.run(setup, ['-adcin', 'yes', '-cepdir', dir, '-cepext', '.wav', '-ctl', join(dir, 'takes.ctl'), '-hmm', setup.hmm,
        '-lm', join(dir, 'script.lm'), '-dict', join(dir, 'script.dict'), '-hypseg', join(dir, 'take.seg'), '-remove_noise', 'no', '-remove_silence', 'no',
        '-outlatdir', dir, '-outlatfmt', 'htk'], options.signal)
      const seg = await readFile(join(dir, 'take.seg'), 'utf8').catch(() => '')
      const words = parseHypseg(seg.split('\n')[0] ?? '')
      // Where the recogniser was torn between the word it gave and another: doubts (never a forced match).
      const lattice = await readFile(join(dir, 'take.lat'), 'utf8').catch(() => '')
      return { words, engine: this.name, doubts: latticeDoubts(words, parseHtkLattice(lattice), this.options.doubtLimits) }
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  }

  private run(setup: PocketsphinxSetup, args: string[], signal?: AbortSignal): Promise<string> {
    return new Promise((resolve, reject) => {
      const child = spawn(setup.batch, args, { stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true, env: childEnv() })
      // Background work: the recogniser yields the CPU to recording and playback.
      try {
        if (child.pid) setPriority(child.pid, BACKGROUND_PRIORITY)
      } catch {
        // Not allowed here (some sandboxes): it runs at normal priority.
      }
      let out = ''
      let err = ''
      const timer = setTimeout(() => child.kill('SIGKILL'), this.options.timeoutMs ?? 600_000)
      const abort = () => child.kill('SIGKILL')
      signal?.addEventListener('abort', abort, { once: true })
      child.stdout.on('data', (d: Buffer) => { out += d.toString('utf8') })
      child.stderr.on('data', (d: Buffer) => { err = (err + d.toString('utf8')).slice(-4000) })
      child.on('error', (e) => { clearTimeout(timer); reject(new EngineUnavailableError(`pocketsphinx could not be started: ${e.message}.`)) })
      child.on('close', (code, sig) => {
        clearTimeout(timer)
        signal?.removeEventListener('abort', abort)
        if (signal?.aborted) reject(new Error('The read-back was stopped.'))
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
