/**
 * Which dropped files can be takes. main decides for sure by reading the file with ffmpeg; this first
 * look (type and extension) turns away the obvious non-audio — a script PDF, a text file — with a clear
 * sentence and without copying it anywhere. Pure.
 */
import { displayText } from '../../../shared/display-text'

export const AUDIO_EXTENSIONS = ['wav', 'wave', 'aif', 'aiff', 'aifc', 'flac', 'mp3', 'm4a', 'mp4', 'aac'] as const

export interface DroppedFileLike {
  name: string
  type: string
  size: number
}

export type DropVerdict = { ok: true } | { ok: false; message: string }

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.')
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : ''
}

export function judgeDroppedFile(file: DroppedFileLike): DropVerdict {
  const name = displayText(file.name) || 'The dropped item'
  const ext = extensionOf(file.name)
  const type = file.type.toLowerCase()
  if (file.size === 0 && type === '' && ext === '') {
    return { ok: false, message: `“${name}” looks like a folder or an empty file; drop the audio files themselves.` }
  }
  if (file.size === 0) return { ok: false, message: `“${name}” is empty, so it cannot be a take.` }
  const audioType = type.startsWith('audio/')
  const audioExt = (AUDIO_EXTENSIONS as readonly string[]).includes(ext)
  if (type.startsWith('video/') && !audioExt) {
    return { ok: false, message: `“${name}” is a video; drop the audio on its own (WAV, AIFF, FLAC, MP3 or M4A).` }
  }
  if (!audioType && !audioExt) {
    return { ok: false, message: `“${name}” is not an audio file. Booth takes WAV, AIFF, FLAC, MP3 or M4A files.` }
  }
  return { ok: true }
}

/** Whether a drag carries files from the desktop (and not, say, selected text). */
export function dragHasFiles(types: readonly string[]): boolean {
  return types.includes('Files')
}

/** What importing dropped files said: a line per file, and how many became takes. */
export interface DroppedImport<T> {
  lines: string[]
  ok: number
  failed: number
  made: T[]
}

/**
 * The one loop that turns dropped files into takes (or pickups): each file judged first, then imported one
 * after another; every file gets a line (its take's name, or why not) and one bad file never stops the rest.
 * `said` names a made take; `shown` words an error; `each` hears when a file's import starts and ends.
 */
export async function importDropped<F extends DroppedFileLike, T>(
  files: readonly F[],
  run: (file: F) => Promise<T>,
  words: { said(file: DroppedFileLike, made: T): string; shown(err: unknown): string; each?(delta: 1 | -1): void },
): Promise<DroppedImport<T>> {
  const out: DroppedImport<T> = { lines: [], ok: 0, failed: 0, made: [] }
  for (const file of files) {
    const verdict = judgeDroppedFile(file)
    if (!verdict.ok) {
      out.failed++
      out.lines.push(verdict.message)
      continue
    }
    words.each?.(1)
    try {
      const made = await run(file)
      out.made.push(made)
      out.ok++
      out.lines.push(words.said(file, made))
    } catch (err) {
      out.failed++
      out.lines.push(words.shown(err))
    } finally {
      words.each?.(-1)
    }
  }
  return out
}
