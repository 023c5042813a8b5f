/**
 * A data file Booth cannot read is never overwritten and never silently dropped: it is moved aside, next
 * to where it was, with the time in its name (settings.json → settings.json.damaged-2026-11-25T10-31-02Z,
 * then -2, -3 … should that name be taken: a copy already set aside is never replaced), and recorded, so
 * the page can say what was reset and where the old copy is (compose.ts sends the records under the data
 * folder as the `setAsideFiles` event; shared/bridge-data-files.ts).
 *
 * The records are this process's, kept here for every data folder (a test may run several Booths in one
 * process): `setAsideFilesUnder(dataDir)` answers those of one folder.
 */
import { randomBytes } from 'node:crypto'
import { promises as fsp } from 'node:fs'
import { sep } from 'node:path'
import type { SetAsideFile } from '../../shared/bridge-data-files'

/** What a data file holds and what Booth does without it, in words for the page. */
export interface DataFileAbout {
  /** e.g. "Booth's settings". */
  what: string
  /** What happens now, e.g. "They are back to their defaults." */
  reset: string
}

export interface SetAsideRecord extends SetAsideFile {
  /** The file as it was, before it was moved. */
  path: string
  /** What is wrong, for the log: the reader's own words (a parser's position, say); the page has `reason`. */
  detail: string
}

const records: SetAsideRecord[] = []
const listeners = new Set<(record: SetAsideRecord) => void>()

/** The time stamp in a set-aside name: UTC, to the second, without characters a file system refuses. */
export function setAsideStamp(at: number): string {
  return new Date(at)
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/:/g, '-')
}

function errorCode(err: unknown): string {
  return typeof err === 'object' && err !== null && 'code' in err ? String((err as { code: unknown }).code) : ''
}

/**
 * Moves `path` to a free name beside it (never over another file: a hard link fails when the name is
 * taken, and where links cannot be made an exclusive copy does the same), then removes the original.
 */
async function moveAside(path: string, at: number): Promise<string> {
  const base = `${path}.damaged-${setAsideStamp(at)}`
  for (let n = 1; n < 1000; n++) {
    const target = n === 1 ? base : `${base}-${n}`
    try {
      await fsp.link(path, target)
    } catch (err) {
      const code = errorCode(err)
      if (code === 'EEXIST') continue
      if (code === 'ENOENT') throw err
      // No hard links here (some file systems, some Windows shares): copy without replacing anything.
      try {
        await fsp.copyFile(path, target, fsp.constants.COPYFILE_EXCL)
      } catch (copyErr) {
        if (errorCode(copyErr) === 'EEXIST') continue
        throw copyErr
      }
    }
    await fsp.rm(path, { force: true })
    return target
  }
  throw new Error(`no free name beside ${path} to keep the damaged file under`)
}

/**
 * Moves the damaged file at `path` aside and records it. `reason` says what is wrong with it (in words).
 * Null when the file is gone already (nothing to keep). Throws when it can be neither linked nor copied.
 */
export async function setAsideDamagedFile(
  path: string,
  about: DataFileAbout,
  reason: string,
  now: () => number = Date.now,
  detail = reason,
): Promise<SetAsideRecord | null> {
  const at = now()
  let keptAs: string
  try {
    keptAs = await moveAside(path, at)
  } catch (err) {
    if (errorCode(err) === 'ENOENT') return null
    throw err
  }
  const record: SetAsideRecord = {
    id: `${at}-${randomBytes(4).toString('hex')}`,
    path,
    keptAs,
    what: about.what,
    reset: about.reset,
    reason,
    detail,
    at,
  }
  records.push(record)
  for (const listener of listeners) listener(record)
  return record
}

const inside = (dir: string, path: string) => path.startsWith(dir.endsWith(sep) ? dir : `${dir}${sep}`)

/** The files set aside in this process under `dataDir`, oldest first. */
export function setAsideFilesUnder(dataDir: string): SetAsideRecord[] {
  return records.filter((r) => inside(dataDir, r.path))
}

/** Calls `listener` with each file set aside under `dataDir` from now on; returns the unsubscribe function. */
export function watchSetAsideFiles(dataDir: string, listener: (record: SetAsideRecord) => void): () => void {
  const own = (record: SetAsideRecord) => {
    if (inside(dataDir, record.path)) listener(record)
  }
  listeners.add(own)
  return () => listeners.delete(own)
}

/** The page has said it: the record goes (the kept copy stays on disk). */
export function dismissSetAsideFile(id: string): void {
  const at = records.findIndex((r) => r.id === id)
  if (at >= 0) records.splice(at, 1)
}

/** This process keeps none of `dataDir`'s records any more (its Booth closed; the list on disk has them). */
export function forgetSetAsideFilesUnder(dataDir: string): void {
  for (let i = records.length - 1; i >= 0; i--)
    if (inside(dataDir, (records[i] as SetAsideRecord).path)) records.splice(i, 1)
}
