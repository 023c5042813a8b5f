/**
 * The abort registry: every running ffmpeg process is listed here while it runs, so the app can stop all
 * of them at quit (Electron's `will-quit`) and none is left orphaned.
 */
import { FfmpegAbortError } from './ffmpeg-errors'

export interface RunningFfmpeg {
  /** Stop this run; its promise rejects with the given error. */
  abort(reason: FfmpegAbortError): void
  /** Settles once the process has exited. */
  readonly exited: Promise<void>
}

const running = new Set<RunningFfmpeg>()

export function registerFfmpeg(run: RunningFfmpeg): () => void {
  running.add(run)
  return () => {
    running.delete(run)
  }
}

export function runningFfmpegCount(): number {
  return running.size
}

/**
 * Stops every running ffmpeg and waits until each has exited. Returns how many were stopped.
 * Their runs reject with FfmpegAbortError carrying `reason`.
 */
export async function killAllFfmpeg(reason = 'ffmpeg was stopped because Booth is quitting.'): Promise<number> {
  const runs = [...running]
  for (const run of runs) run.abort(new FfmpegAbortError(reason))
  await Promise.all(runs.map((r) => r.exited))
  return runs.length
}
