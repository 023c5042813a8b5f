/**
 * A disk that fills up during a finish, said in words with the space free and the space the finish needs
 * ("The disk holding Booth's takes is full (12 MB free; this finish needs about 3 MB). Free some space and
 * finish again."), never as a hidden file name and an error code. The finish writes in two places: its
 * working copies (the take, a tempo-changed recording, the fitted render) in the system's temporary folder,
 * and the finished WAV beside Booth's takes, where the version made from it is then rendered too. A write
 * the system refuses with ENOSPC often names no file (a write(2) has none), so the caller says which of the
 * two it was writing. Other disk trouble (read-only, gone, refused) is left to the error itself, which the
 * bridge's guard names (main/storage/disk-problem.ts).
 */
import { stat } from 'node:fs/promises'
import type { AudioFormat } from '../../shared/versions/edit-list'
import { BYTES_PER_SAMPLE } from '../media/wav-source'
import { DiskProblemError, diskFaultOf, formatBytes, freeBytes } from '../storage/disk-problem'
import { shortPath } from '../storage/short-path'

/** The header the renderer writes before the samples (render-edit-list.ts's renderHeader). */
const HEADER_BYTES = 80

export type FinishDisk = 'takes' | 'temporary'

/** Bytes of a WAV of `frames` in `format`. */
export function wavBytes(frames: number, format: AudioFormat): number {
  return HEADER_BYTES + frames * format.channels * BYTES_PER_SAMPLE[format.encoding]
}

/**
 * What a finish needs on each disk: beside the takes, the finished WAV and the render of the version made
 * from it (the same size); in the temporary folder, the take's copy, a tempo-changed copy and the fitted
 * render (each about the take's size, the render the result's).
 */
export function finishNeeds(inputBytes: number, outputBytes: number): Record<FinishDisk, number> {
  return { takes: 2 * outputBytes, temporary: 2 * inputBytes + outputBytes }
}

/**
 * The finish's sentence for `err` when it is a full disk (null for anything else). `where`: the folder
 * the finish was writing in on that disk; `needs`: the bytes the finish needs there.
 */
export async function finishDiskFull(
  err: unknown,
  disk: FinishDisk,
  where: string,
  needs: number,
): Promise<DiskProblemError | null> {
  const fault = diskFaultOf(err)
  if (fault?.trouble !== 'full') return null
  // The folder the finish was writing in first: a copy's error names its source too, on another disk.
  const free = await freeBytes(where, fault.path)
  const holding =
    disk === 'takes'
      ? "The disk holding Booth's takes"
      : `The disk holding the system's temporary folder (${shortPath(where)})`
  const figures = [
    free === null ? null : `${formatBytes(free)} free`,
    `this finish needs about ${formatBytes(Math.max(needs, 1000))}${disk === 'temporary' ? ' there' : ''}`,
  ]
  return new DiskProblemError(
    `${holding} is full (${figures.filter(Boolean).join('; ')}). Free some space and finish again.`,
    'full',
  )
}

/** The bytes of a file, or 0 when it cannot be read (the estimate is then the result's alone). */
export async function fileBytes(path: string): Promise<number> {
  return stat(path).then(
    (s) => s.size,
    () => 0,
  )
}
