/**
 * One utterance's pocketsphinx run for the prompter. In 'pipe' mode the run starts with the utterance and
 * reads it from its standard input as it is spoken (16-bit raw, `-infile /dev/stdin`). Node hands a child
 * a socket, not a pipe, for its input, and /dev/stdin of a socket cannot be opened, so `sh` puts `cat` in
 * front (`cat | pocketsphinx_continuous …`); the run is its own process group, killed as one. In 'file' mode
 * (Windows) the audio is kept and written to a file when the utterance ends. Either way `end()` gives the
 * words with times in seconds into the take. A faint noise floor (about -66 dBFS, as the read-back adds)
 * keeps digital silence from upsetting the recogniser.
 */
import type { ChildProcessWithoutNullStreams } from 'node:child_process'
import { rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { childEnv } from '../security/child-env'
import { spawnInBackground, spawnShellInBackground } from '../process/background-child'
import type { TimedWord } from '../../shared/readback/types'
import { parsePocketsphinxTimes } from '../readback'

export interface DecodeSetup {
  binary: string
  /** Model, language model, dictionary and output options; `-infile` is added here. */
  args: string[]
  /** The session's own temporary folder. */
  dir: string
  input: 'pipe' | 'file'
}

const DITHER = 0.001
const RUN_TIMEOUT_MS = 30_000

export class UtteranceDecode {
  private child: ChildProcessWithoutNullStreams | null = null
  private output: Promise<string> | null = null
  private kept: Buffer[] = []
  private after = -Infinity
  private seed: number
  private killed = false
  /** `end()` was asked for: a failure from here on is end()'s to report. */
  private ending = false

  /**
   * `offsetS`: the take time of the first sample written. `onDied`: the run ended on its own before `end()`
   * was asked for (killed from outside, crashed): told at once with the process's own words, so the
   * prompter says so while the take goes on instead of at the utterance's end.
   */
  constructor(
    private readonly setup: DecodeSetup,
    private readonly id: number,
    private readonly offsetS: number,
    private readonly onDied: (detail: string) => void = () => undefined,
  ) {
    this.seed = 7 + id
    if (setup.input === 'pipe') this.output = handled(this.run('/dev/stdin'))
  }

  /** Only words ending after this take time are reported. */
  reportAfter(s: number): void {
    this.after = s
  }

  write(samples: Float32Array): void {
    if (samples.length === 0 || this.killed) return
    const raw = this.toRaw(samples)
    if (this.child) this.child.stdin.write(raw)
    else this.kept.push(raw)
  }

  async end(): Promise<TimedWord[]> {
    this.ending = true
    if (this.setup.input === 'pipe') this.child?.stdin.end()
    else {
      const file = join(this.setup.dir, `utterance-${this.id}.raw`)
      await writeFile(file, Buffer.concat(this.kept))
      this.kept = []
      this.output = handled(this.run(file).finally(() => rm(file, { force: true }).catch(() => undefined)))
    }
    const stdout = await (this.output as Promise<string>)
    return parsePocketsphinxTimes(stdout)
      .map((w) => ({ word: w.word, start_s: round(w.start_s + this.offsetS), end_s: round(w.end_s + this.offsetS) }))
      .filter((w) => w.end_s > this.after)
  }

  kill(): void {
    this.killed = true
    this.kept = []
    this.stopChild()
  }

  private stopChild(): void {
    const child = this.child
    if (!child?.pid) return
    try {
      // The piped run is a process group (sh, cat, pocketsphinx): all of it goes.
      if (this.setup.input === 'pipe') process.kill(-child.pid, 'SIGKILL')
      else child.kill('SIGKILL')
    } catch {
      // Gone already.
    }
  }

  private toRaw(samples: Float32Array): Buffer {
    const out = Buffer.alloc(samples.length * 2)
    for (let i = 0; i < samples.length; i++) {
      this.seed = (this.seed * 1103515245 + 12345) >>> 0
      const v = Math.max(-1, Math.min(1, (samples[i] as number) + ((this.seed / 0xffffffff) * 2 - 1) * DITHER))
      out.writeInt16LE(Math.round(v * 32767), i * 2)
    }
    return out
  }

  private run(infile: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const args = [...this.setup.args, '-infile', infile]
      const piped = infile === '/dev/stdin'
      // Below normal priority, like every analysis: a backlog of audio (a busy machine) is decoded when
      // the recorder and the window leave time for it, never ahead of them.
      const child = piped
        ? spawnShellInBackground('cat | exec "$0" "$@"', [this.setup.binary, ...args], {
            detached: true,
            env: childEnv(),
          })
        : spawnInBackground(this.setup.binary, args, {
            stdio: ['pipe', 'pipe', 'pipe'],
            windowsHide: true,
            env: childEnv(),
          })
      this.child = child
      let out = ''
      let err = ''
      const timer = setTimeout(() => this.stopChild(), RUN_TIMEOUT_MS)
      // A run that died early (or was killed) closes its input: what is still written goes nowhere.
      child.stdin.on('error', () => undefined)
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString('utf8')
      })
      child.stderr.on('data', (d: Buffer) => {
        err = (err + d.toString('utf8')).slice(-2000)
      })
      let settled = false
      const fail = (e: Error) => {
        if (settled) return
        settled = true
        reject(e)
        if (!this.ending && !this.killed) this.onDied(e.message)
      }
      child.on('error', (e) => {
        clearTimeout(timer)
        fail(new Error(`pocketsphinx could not be started: ${e.message}.`))
      })
      child.on('close', (code, signal) => {
        clearTimeout(timer)
        this.child = null
        if (code === 0 || this.killed) {
          settled = true
          resolve(this.killed ? '' : out)
        } else fail(new Error(`pocketsphinx stopped listening (${signal ?? `exit ${code}`}): ${lastLine(err)}`))
      })
    })
  }
}

/**
 * The run's outcome, marked as handled where it is made: a run that dies (killed, crashed) before anyone
 * awaits `end()` — an utterance under way when its page went — must never be an unhandled rejection,
 * which would end main. `end()` still receives the failure.
 */
function handled<T>(p: Promise<T>): Promise<T> {
  p.catch(() => undefined)
  return p
}

function lastLine(stderr: string): string {
  const lines = stderr.split('\n').filter((l) => /ERROR|FATAL/.test(l))
  return (lines[lines.length - 1] ?? stderr.split('\n').filter(Boolean).pop() ?? 'no message').trim().slice(0, 200)
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000
}
