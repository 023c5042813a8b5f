/**
 * A failed write said as what happened and what to do, for the page: the disk holding Booth's data is
 * full (with how much is free), read-only, gone, refuses Booth, or reports an error; never "something went
 * wrong". Found in the error, its causes, or the stderr of an ffmpeg run that wrote the file. Paths are
 * shortened to fit the panel (short-path.ts); the full ones belong in the log.
 */
import { constants } from 'node:fs'
import { access, stat, statfs } from 'node:fs/promises'
import { dirname, resolve, sep } from 'node:path'
import { shortPath } from './short-path'

export type DiskTrouble = 'full' | 'read_only' | 'gone' | 'denied' | 'io'

export interface DiskFault {
  trouble: DiskTrouble
  /** The file or folder the system named, when it did. */
  path: string | null
}

const BY_CODE: Record<string, DiskTrouble> = {
  ENOSPC: 'full',
  EDQUOT: 'full',
  EROFS: 'read_only',
  EIO: 'io',
  EACCES: 'denied',
  EPERM: 'denied',
}
const BY_TEXT: Array<[RegExp, DiskTrouble]> = [
  [/No space left on device|Disk quota exceeded/i, 'full'],
  [/Read-only file system/i, 'read_only'],
]

/**
 * The disk trouble an error (or one of its causes) reports; null for anything else. A refusal (EACCES,
 * EPERM) counts only for a path inside Booth's data folder (`dataDir`): elsewhere it is a dropped file the
 * person may not read, not Booth's disk. Synchronous, so a folder not found (ENOENT) is left to diskFaultIn.
 */
export function diskFaultOf(err: unknown, dataDir?: string): DiskFault | null {
  const chain: Array<{ code?: unknown; path?: unknown; stderr?: unknown; message?: unknown }> = []
  for (
    let e: unknown = err;
    chain.length < 6 && typeof e === 'object' && e !== null;
    e = (e as { cause?: unknown }).cause
  )
    chain.push(e as object)
  // The system's own error first (it names the path), wherever it is in the chain; then words (ffmpeg's stderr, a wrapper's message).
  for (const { code, path } of chain) {
    const trouble = typeof code === 'string' ? BY_CODE[code] : undefined
    const named = typeof path === 'string' ? path : null
    if (trouble === 'denied' && !(dataDir && named && inside(named, dataDir))) return null
    if (trouble) return { trouble, path: named }
  }
  for (const { stderr, message } of chain) {
    for (const text of [stderr, message]) {
      const hit = typeof text === 'string' ? BY_TEXT.find(([re]) => re.test(text)) : undefined
      if (hit) return { trouble: hit[1], path: null }
    }
  }
  return null
}

/**
 * Like diskFaultOf, and a file or folder not found counts too when Booth's data folder itself is gone or
 * cannot be written (Node's recursive mkdir answers ENOENT, not EROFS, on a read-only disk).
 */
export async function diskFaultIn(err: unknown, dataDir: string): Promise<DiskFault | null> {
  const fault = diskFaultOf(err, dataDir)
  if (fault) return fault
  if (!hasCode(err, 'ENOENT')) return null
  const gone = await stat(dataDir).then(
    () => false,
    () => true,
  )
  if (gone) return { trouble: 'gone', path: dataDir }
  const refusal = await access(dataDir, constants.W_OK).then(
    () => null,
    (e: unknown) => e,
  )
  return refusal ? diskFaultOf(Object.assign(refusal as object, { path: dataDir }), dataDir) : null
}

function inside(path: string, dir: string): boolean {
  const d = resolve(dir)
  const p = resolve(path)
  return p === d || p.startsWith(d.endsWith(sep) ? d : d + sep)
}

function hasCode(err: unknown, wanted: string): boolean {
  let e: unknown = err
  for (let depth = 0; depth < 6 && typeof e === 'object' && e !== null; depth++) {
    if ((e as { code?: unknown }).code === wanted) return true
    e = (e as { cause?: unknown }).cause
  }
  return false
}

/**
 * Bytes free to this user on the disk holding the first of `places` that exists (the file a write failed
 * on, its folder, the folder it was meant for: Booth's takes may live on another disk than its data
 * folder); null when the system cannot say.
 */
export async function freeBytes(...places: Array<string | null | undefined>): Promise<number | null> {
  for (const place of places) {
    if (!place) continue
    try {
      const s = await statfs(place)
      return s.bavail * s.bsize
    } catch {
      // Not there (a file removed after the failure): the next place.
    }
  }
  return null
}

/** Where to ask how much is free after `fault`: the path the system named, its folder, then `near`. */
export function placesOf(fault: DiskFault, ...near: string[]): string[] {
  return fault.path ? [fault.path, dirname(fault.path), ...near] : near
}

/** 1.2 MB, 40 KB, 3.4 GB (decimal units, as Finder and Explorer's details show them). */
export function formatBytes(n: number): string {
  if (n < 1000) return `${n} bytes`
  const units = ['KB', 'MB', 'GB', 'TB']
  let value = n / 1000
  let unit = 0
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000
    unit++
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`
}

export interface DiskWords {
  /** What happened, one sentence ending in a full stop. */
  what: string
  /** What to do, ending in "then <again>." */
  todo: string
}

/**
 * The two sentences for a fault; `again` is what to do once it is fixed ("record again", "try again");
 * `near`: the folder the write was meant for, when the error names none.
 */
export function diskWords(
  fault: DiskFault,
  o: { dataDir: string; free: number | null; again: string; near?: string },
): DiskWords {
  const where = shortPath(fault.path ?? o.near ?? o.dataDir)
  switch (fault.trouble) {
    case 'full':
      return {
        what: `The disk holding Booth's data is full${o.free === null ? '' : `: ${formatBytes(o.free)} free`}.`,
        todo: `Free some space, then ${o.again}.`,
      }
    case 'read_only':
      // The folder, not the file Booth tried to make in it (often a hidden temporary name).
      return {
        what:
          `The disk holding Booth's data is read-only ` +
          `(${shortPath(fault.path ? dirname(fault.path) : (o.near ?? o.dataDir))}): Booth cannot save anything there.`,
        todo: `Make it writable again, then ${o.again}.`,
      }
    case 'gone':
      return {
        what: `Booth's data folder is gone (${shortPath(o.dataDir)}): was its disk disconnected or the folder moved?`,
        todo: `Put it back, then ${o.again}.`,
      }
    case 'denied':
      return {
        what: `Booth is not allowed to write to ${where}.`,
        todo: `Give your user account write access to it, then ${o.again}.`,
      }
    case 'io':
      return {
        what: `The disk holding Booth's data reported an error reading or writing ${where}.`,
        todo: `Check the disk (and its cable), then ${o.again}.`,
      }
  }
}

/** A disk problem in words for the page (describe-error.ts gives it kind "disk", HTTP 507 Insufficient Storage). */
export class DiskProblemError extends Error {
  constructor(
    message: string,
    readonly trouble: DiskTrouble,
  ) {
    super(message)
    this.name = 'DiskProblemError'
  }
}

/**
 * The page's error for a failed write (null when `err` is no disk problem): what happened, then what to
 * do. `near`: where the write was meant to go when the error does not name it (the takes folder).
 */
export async function diskProblemFor(
  err: unknown,
  dataDir: string,
  again: string,
  near: string[] = [],
): Promise<DiskProblemError | null> {
  const fault = await diskFaultIn(err, dataDir)
  if (!fault) return null
  const words = diskWords(fault, {
    dataDir,
    free: fault.trouble === 'full' ? await freeBytes(...placesOf(fault, ...near, dataDir)) : null,
    again,
    ...(near[0] ? { near: near[0] } : {}),
  })
  return new DiskProblemError(`${words.what} ${words.todo}`, fault.trouble)
}
