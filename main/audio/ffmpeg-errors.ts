/**
 * Typed errors of the ffmpeg layer. Each carries one human sentence as its message, fit to show a person
 * or print from a CLI; the details a developer needs (exit code, stderr tail) are separate fields.
 */
import { noSuchFilterSentence } from './ffmpeg-filter-list'

/** No ffmpeg binary could be found (override, bundled ffmpeg-static, or PATH). */
export class FfmpegNotFoundError extends Error {
  override readonly name = 'FfmpegNotFoundError'
  /** Every place that was looked at, in order, with why it was rejected. */
  readonly tried: readonly string[]
  constructor(message: string, tried: readonly string[]) {
    super(message)
    this.tried = tried
  }
}

/** The run was cancelled through its AbortSignal or by killAllFfmpeg() (e.g. at quit). */
export class FfmpegAbortError extends Error {
  override readonly name = 'AbortError'
  constructor(message = 'The ffmpeg run was cancelled.') {
    super(message)
  }
}

/** The run took longer than its timeout and was killed. */
export class FfmpegTimeoutError extends Error {
  override readonly name = 'FfmpegTimeoutError'
  readonly timeoutMs: number
  constructor(timeoutMs: number) {
    super(`ffmpeg did not finish within ${describeDuration(timeoutMs)} and was stopped.`)
    this.timeoutMs = timeoutMs
  }
}

/** ffmpeg could not be started at all (spawn failed: not executable, permission denied, ...). */
export class FfmpegSpawnError extends Error {
  override readonly name = 'FfmpegSpawnError'
  readonly binary: string
  constructor(binary: string, cause: Error) {
    super(`ffmpeg at ${binary} could not be started: ${cause.message}.`, { cause })
    this.binary = binary
  }
}

/** ffmpeg ran and exited with a non-zero code. `stderr` is the kept (bounded) error output. */
export class FfmpegExitError extends Error {
  override readonly name = 'FfmpegExitError'
  readonly exitCode: number | null
  readonly exitSignal: NodeJS.Signals | null
  readonly stderr: string
  constructor(exitCode: number | null, exitSignal: NodeJS.Signals | null, stderr: string) {
    const last = lastMeaningfulLine(stderr)
    const how = exitCode !== null ? `exited with code ${exitCode}` : `was killed by ${exitSignal ?? 'a signal'}`
    // A trimmed build's "No such filter" sits above ffmpeg's last line ("Conversion failed!"): said in words.
    super(noSuchFilterSentence(stderr) ?? `ffmpeg ${how}${last ? `: ${last}` : '.'}`)
    this.exitCode = exitCode
    this.exitSignal = exitSignal
    this.stderr = stderr
  }
}

/** The last non-empty line of ffmpeg's stderr, which is where it states why it gave up. */
export function lastMeaningfulLine(stderr: string): string {
  const lines = stderr
    .split(/\r?\n|\r/)
    .map((l) => l.trim())
    .filter((l) => l.length > 0)
  return lines.at(-1) ?? ''
}

/** "250 ms", "1.5 s", "600 s": a timeout as a person reads it. */
export function describeDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`
  return `${Number((ms / 1000).toFixed(1))} s`
}
