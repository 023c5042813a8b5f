/**
 * The one typed wrapper that runs ffmpeg (child_process.spawn; no shell, no fluent-ffmpeg).
 * - cancellation through an AbortSignal, and through killAllFfmpeg() (the abort registry),
 * - a timeout (default 10 minutes) after which the process is killed,
 * - stderr kept, bounded (head + tail), for parsing and for error messages,
 * - stdout collected only when asked (bounded too), otherwise discarded,
 * - an environment without secrets (main/security/child-env.ts),
 * - below normal priority, so the recorder and the window never wait for it (main/process/background-child.ts).
 * Resolves when ffmpeg exits 0; rejects with a typed error from ffmpeg-errors otherwise.
 */
import { BoundedText } from './bounded-text'
import { FfmpegAbortError, FfmpegExitError, FfmpegSpawnError, FfmpegTimeoutError } from './ffmpeg-errors'
import { findFfmpeg } from './find-ffmpeg'
import { registerFfmpeg } from './ffmpeg-registry'
import { childEnv } from '../security/child-env'
import { spawnInBackground } from '../process/background-child'

export interface RunFfmpegOptions {
  /** Binary to run; default: findFfmpeg(). */
  ffmpegPath?: string
  signal?: AbortSignal
  /** Kill the run after this many milliseconds (default 600 000). */
  timeoutMs?: number
  /** Characters of stderr kept from the start (default 64 Ki) and from the end (default 4 Mi). */
  stderrHeadChars?: number
  stderrTailChars?: number
  /** Collect stdout, up to this many bytes (default: stdout is discarded). */
  stdoutMaxBytes?: number
  /** Hands each stdout chunk over as it arrives (for decoding through a pipe); stdout is then not collected. */
  onStdout?: (chunk: Buffer) => void
  /** Hands each stderr chunk over as it arrives too (it is still kept for the result). */
  onStderr?: (text: string) => void
}

export interface FfmpegResult {
  stderr: string
  /** True when the middle of stderr was dropped to stay within bounds. */
  stderrTruncated: boolean
  stdout: Buffer
  elapsedMs: number
}

export const DEFAULT_FFMPEG_TIMEOUT_MS = 600_000

/** Arguments every run gets first: no banner noise, and never read the terminal's stdin. */
export const FFMPEG_BASE_ARGS: readonly string[] = ['-hide_banner', '-nostdin']

export async function runFfmpeg(args: readonly string[], options: RunFfmpegOptions = {}): Promise<FfmpegResult> {
  const { signal } = options
  const timeoutMs = options.timeoutMs ?? DEFAULT_FFMPEG_TIMEOUT_MS
  if (!(timeoutMs > 0)) throw new RangeError('runFfmpeg timeoutMs must be a positive number of milliseconds.')
  if (signal?.aborted) throw new FfmpegAbortError()
  const binary = options.ffmpegPath ?? (await findFfmpeg()).path
  if (signal?.aborted) throw new FfmpegAbortError()

  const started = performance.now()
  const stderr = new BoundedText(options.stderrHeadChars ?? 65_536, options.stderrTailChars ?? 4 * 1_048_576)
  const stdoutMax = options.stdoutMaxBytes ?? 0
  const stdoutChunks: Buffer[] = []
  let stdoutBytes = 0

  const child = spawnInBackground(binary, [...FFMPEG_BASE_ARGS, ...args], {
    stdio: ['ignore', stdoutMax > 0 || options.onStdout ? 'pipe' : 'ignore', 'pipe'],
    // ffmpeg needs no secret: no API key, no tokens, no cloud credentials (main/security/child-env.ts).
    env: childEnv(),
    windowsHide: true,
  })

  let stopReason: Error | null = null
  let markExited: () => void = () => {}
  const exited = new Promise<void>((resolve) => {
    markExited = resolve
  })
  const stop = (reason: Error): void => {
    if (stopReason) return
    stopReason = reason
    child.kill('SIGKILL')
  }
  const unregister = registerFfmpeg({ abort: stop, exited })
  const onAbort = (): void => stop(new FfmpegAbortError())
  signal?.addEventListener('abort', onAbort, { once: true })
  const timer = setTimeout(() => stop(new FfmpegTimeoutError(timeoutMs)), timeoutMs)

  child.stderr?.setEncoding('utf8')
  child.stderr?.on('data', (chunk: string) => {
    stderr.append(chunk)
    options.onStderr?.(chunk)
  })
  child.stdout?.on('data', (chunk: Buffer) => {
    if (options.onStdout) return options.onStdout(chunk)
    const room = stdoutMax - stdoutBytes
    if (room <= 0) return
    const kept = chunk.length > room ? chunk.subarray(0, room) : chunk
    stdoutChunks.push(kept)
    stdoutBytes += kept.length
  })

  try {
    const { code, exitSignal } = await new Promise<{ code: number | null; exitSignal: NodeJS.Signals | null }>(
      (resolve, reject) => {
        child.once('error', (err) => reject(new FfmpegSpawnError(binary, err)))
        // 'close' (not 'exit') so that all of stderr has been read.
        child.once('close', (c, s) => resolve({ code: c, exitSignal: s }))
      },
    )
    if (stopReason) throw stopReason
    if (code !== 0) throw new FfmpegExitError(code, exitSignal, stderr.toString())
    return {
      stderr: stderr.toString(),
      stderrTruncated: stderr.truncated,
      stdout: Buffer.concat(stdoutChunks),
      elapsedMs: performance.now() - started,
    }
  } finally {
    clearTimeout(timer)
    signal?.removeEventListener('abort', onAbort)
    unregister()
    markExited()
  }
}
