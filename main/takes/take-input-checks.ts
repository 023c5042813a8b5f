/**
 * Checks of what callers (the bridge, other services) hand the TakeStore: ids that become folder and file
 * names, labels, notes, and the dropped file itself (kind, size, readability). Each failure is a
 * TakeInputError with one sentence for the person.
 */
import { constants, type Stats } from 'node:fs'
import { open, stat, type FileHandle } from 'node:fs/promises'
import { TAKE_KINDS } from '../audio/preflight'
import { API_ID_PATTERN, TAKE_ID_PATTERN } from '../../shared/check'
import { displayText, quotedName } from '../../shared/display-text'
import { TAKE_LABELS, type TakeKind, type TakeLabel } from './take-types'

/** Take ids name metadata files (the pattern the bridge checks them by). */
export { TAKE_ID_PATTERN }

export class TakeInputError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'TakeInputError'
  }
}

export function checkJobId(jobId: unknown): string {
  if (
    typeof jobId !== 'string' ||
    !API_ID_PATTERN.test(jobId) /* job ids also name folders, so nothing else is accepted */
  ) {
    throw new TakeInputError(`${quotedName(String(jobId))} is not a job id (expected digits, like 1042).`)
  }
  return jobId
}

export function checkTakeId(takeId: unknown): string {
  if (typeof takeId !== 'string' || !TAKE_ID_PATTERN.test(takeId)) {
    throw new TakeInputError(`${quotedName(String(takeId))} is not a take id.`)
  }
  return takeId
}

export function checkLabel(label: unknown): TakeLabel {
  if (typeof label !== 'string' || !(TAKE_LABELS as readonly string[]).includes(label)) {
    throw new TakeInputError(`${quotedName(String(label))} is not a take label; use one of ${TAKE_LABELS.join(', ')}.`)
  }
  return label as TakeLabel
}

const MAX_NOTE = 1000

/** A take note: text of at most 1000 characters (the API's limit); blank becomes null. */
export function checkNote(note: unknown): string | null {
  if (note === null || note === undefined) return null
  if (typeof note !== 'string') throw new TakeInputError('A take note must be text.')
  if (note.length > MAX_NOTE)
    throw new TakeInputError(`A take note can be at most ${MAX_NOTE} characters (this one has ${note.length}).`)
  return note.trim() === '' ? null : note
}

/** What the store needs to know of the job a take belongs to (from the API's job summary). */
export interface JobFacts {
  /** The job's spot length in seconds; null when unknown. */
  spotLengthS: number | null
  kind: TakeKind
}

/** Reads the job facts of record/import options, checking them. */
export function jobFacts(o: { spotLengthS?: number | null; kind?: TakeKind }): JobFacts {
  const spot = o.spotLengthS ?? null
  if (spot !== null && !(typeof spot === 'number' && Number.isFinite(spot) && spot >= 0)) {
    throw new TakeInputError(`The spot length must be zero or more seconds, or unknown (got ${String(spot)}).`)
  }
  const kind = o.kind ?? 'not_set'
  if (!TAKE_KINDS.includes(kind))
    throw new TakeInputError(`${quotedName(String(kind))} is not a job kind; use one of ${TAKE_KINDS.join(', ')}.`)
  return { spotLengthS: spot, kind }
}

/** What a dropped path is, when it is not a regular file (named in the refusal). */
function kindOf(s: Stats): string | null {
  if (s.isFile()) return null
  if (s.isDirectory()) return 'a folder'
  if (s.isFIFO()) return 'a pipe (FIFO)'
  if (s.isSocket()) return 'a socket'
  if (s.isCharacterDevice() || s.isBlockDevice()) return 'a device'
  return 'not a regular file'
}

/**
 * Opens a dropped file for reading, refusing at once — before anything blocks — what is not a readable,
 * non-empty regular file: folders, pipes, sockets, devices, missing and unreadable files. The type is
 * checked with stat before opening, and the open is non-blocking with a second check of the opened
 * file, so a path swapped for a FIFO in between can never hold Booth up. The caller closes the handle.
 */
export async function openDroppedFile(path: string, shownName: string): Promise<FileHandle> {
  const name = quotedName(shownName)
  let before: Stats
  try {
    before = await stat(path)
  } catch (err) {
    throw new TakeInputError(fileErrorSentence(name, err))
  }
  const kind = kindOf(before)
  if (kind) throw new TakeInputError(`${name} is ${kind}, not an audio file; drop the audio file itself.`)
  if (before.size === 0) throw new TakeInputError(`${name} is empty (0 bytes), so there is no audio in it.`)
  let fh: FileHandle
  try {
    fh = await open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0))
  } catch (err) {
    throw new TakeInputError(fileErrorSentence(name, err))
  }
  const after = await fh.stat().catch(() => null)
  if (!after || !after.isFile() || after.ino !== before.ino || after.dev !== before.dev) {
    await fh.close()
    throw new TakeInputError(`${name} changed while Booth was opening it; drop it again.`)
  }
  try {
    await fh.read(Buffer.alloc(1), 0, 1, 0)
  } catch (err) {
    await fh.close()
    throw new TakeInputError(fileErrorSentence(name, err))
  }
  return fh
}

function fileErrorSentence(name: string, err: unknown): string {
  const code = (err as NodeJS.ErrnoException).code
  if (code === 'ENOENT' || code === 'ENOTDIR') return `${name} could not be found; it may have been moved or deleted.`
  if (code === 'EACCES' || code === 'EPERM') return `${name} cannot be read (permission denied).`
  if (code === 'ELOOP') return `${name} is a link that points to itself, not an audio file.`
  if (code === 'EIO') return `${name} cannot be read: the disk reported an error.`
  return `${name} cannot be read (${code ?? displayText((err as Error).message)}).`
}
