/**
 * Why a take could not be measured, as a reason code and one human sentence. measureTake() turns any of
 * these into the API's `measured: false` object; the analyze CLI prints the sentence and exits non-zero.
 */
import { stat } from 'node:fs/promises'
import {
  describeDuration,
  FfmpegExitError,
  FfmpegNotFoundError,
  FfmpegSpawnError,
  FfmpegTimeoutError,
  lastMeaningfulLine,
} from './ffmpeg-errors'
import { inputSection, parseInputAudioStream } from './parse-input-stream'
import { displayText, quotedName } from '../../shared/display-text'

export type MeasureFailureReason =
  | 'missing'
  | 'not_a_file'
  | 'unreadable'
  | 'empty'
  | 'not_audio'
  | 'no_audio_stream'
  | 'truncated'
  | 'ffmpeg_missing'
  | 'timeout'
  | 'ffmpeg_failed'

export interface MeasureFailure {
  reason: MeasureFailureReason
  /** One sentence for a person, naming the file. */
  message: string
}

/** Checks the file before ffmpeg is started, so the common mistakes get plain answers. */
export async function checkTakeFile(file: string): Promise<MeasureFailure | null> {
  try {
    const s = await stat(file)
    if (!s.isFile())
      return { reason: 'not_a_file', message: `${quotedName(file)} is not a file (it is a folder or a device).` }
    if (s.size === 0)
      return { reason: 'empty', message: `${quotedName(file)} is empty (0 bytes), so there is no audio to measure.` }
    return null
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code
    if (code === 'ENOENT' || code === 'ENOTDIR')
      return { reason: 'missing', message: `${quotedName(file)} does not exist.` }
    if (code === 'EACCES' || code === 'EPERM')
      return { reason: 'unreadable', message: `${quotedName(file)} cannot be read (permission denied).` }
    return {
      reason: 'unreadable',
      message: `${quotedName(file)} cannot be read: ${displayText((err as Error).message)}.`,
    }
  }
}

/** Classifies a failed ffmpeg run (or a failure to find/start ffmpeg). Returns null for errors it does not own (e.g. aborts). */
export function failureFromError(file: string, err: unknown): MeasureFailure | null {
  if (err instanceof FfmpegNotFoundError) return { reason: 'ffmpeg_missing', message: err.message }
  if (err instanceof FfmpegSpawnError) return { reason: 'ffmpeg_missing', message: err.message }
  if (err instanceof FfmpegTimeoutError) {
    return {
      reason: 'timeout',
      message: `Measuring ${quotedName(file)} took longer than ${describeDuration(err.timeoutMs)}, so it was stopped.`,
    }
  }
  if (!(err instanceof FfmpegExitError)) return null
  const stderr = err.stderr
  if (/Permission denied/.test(stderr))
    return { reason: 'unreadable', message: `${quotedName(file)} cannot be read (permission denied).` }
  if (/No such file or directory/.test(stderr) && !inputSection(stderr))
    return { reason: 'missing', message: `${quotedName(file)} does not exist.` }
  if (/moov atom not found/.test(stderr)) {
    return {
      reason: 'truncated',
      message: `${quotedName(file)} looks cut short: its MP4/M4A index is missing, so it cannot be played.`,
    }
  }
  if (!inputSection(stderr))
    return { reason: 'not_audio', message: `${quotedName(file)} is not an audio file ffmpeg can read.` }
  if (!parseInputAudioStream(stderr) || /matches no streams/.test(stderr)) {
    return { reason: 'no_audio_stream', message: `${quotedName(file)} has no audio stream.` }
  }
  return {
    reason: 'ffmpeg_failed',
    message: `ffmpeg could not measure ${quotedName(file)}: ${displayText(lastMeaningfulLine(stderr)) || 'no reason given'}.`,
  }
}
