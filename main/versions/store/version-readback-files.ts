/**
 * The read-back files that hang off a take's versions: each version's own `<take id>.v<N>.readback.json`,
 * and the current one's also as `<take id>.readback.json`, where the read-back service and the window find a
 * take's read-back (take-versions.ts moves them after the take's record is written); what a kept one heard
 * and how it was checked, for version work (version-work.ts).
 */
import { readFile, rm } from 'node:fs/promises'
import type { ReadbackStored } from '../../../shared/bridge-readback'
import type { ReadbackCheck, TimedWord } from '../../../shared/readback/types'
import type { VersionReadback } from '../../../shared/versions/types'
import type { TakeMeta } from '../../takes/take-types'
import { writeFileAtomic } from '../../storage/atomic-file'
import { readbackSummary } from './readback-summary'

/** Where a take's current read-back is kept (no `version`), or a version's own. */
export type ReadbackPathOf = (meta: TakeMeta, version?: number) => string

/**
 * The read-back kept beside the take, in short, for a current version that has none on its record (the
 * recording, read back by the read-back service before its first fix); null when none is kept.
 */
export async function keptReadback(pathOf: ReadbackPathOf, meta: TakeMeta): Promise<VersionReadback | null> {
  try {
    const stored = JSON.parse(await readFile(pathOf(meta), 'utf8')) as ReadbackStored
    return stored.take_id === meta.id && stored.check && Array.isArray(stored.check.issues)
      ? readbackSummary(stored.check)
      : null
  } catch {
    return null
  }
}

/**
 * After the record made `next` current in place of version `from`: keeps version `from`'s read-back as its
 * own file, then makes version `next`'s the take's (`stored`, or its own kept file), or none. A step the
 * disk refuses leaves the take with no current read-back rather than another version's.
 */
export async function moveReadbacks(
  pathOf: ReadbackPathOf,
  meta: TakeMeta,
  from: number,
  next: number,
  stored: ReadbackStored | null | 'kept',
): Promise<void> {
  const current = pathOf(meta)
  try {
    const was = await readIfThere(current)
    if (was !== null) await writeFileAtomic(pathOf(meta, from), was)
    if (stored === 'kept') {
      const kept = await readIfThere(pathOf(meta, next))
      if (kept !== null) await writeFileAtomic(current, kept)
      else await rm(current, { force: true })
    } else if (stored) {
      const text = `${JSON.stringify(stored)}\n`
      await writeFileAtomic(pathOf(meta, next), text)
      await writeFileAtomic(current, text)
    } else {
      await rm(pathOf(meta, next), { force: true })
      await rm(current, { force: true })
    }
  } catch {
    await rm(current, { force: true }).catch(() => undefined)
  }
}

/**
 * The words a kept read-back (the file `path()` names) heard in a take's audio against this script; null
 * when there is none, it is another take's, or it was read against another script.
 */
export async function keptWords(path: () => string, takeId: string, script: string): Promise<TimedWord[] | null> {
  try {
    const v = JSON.parse(await readFile(path(), 'utf8')) as ReadbackStored
    return v.take_id === takeId && v.script_read?.text === script && Array.isArray(v.words) ? v.words : null
  } catch {
    return null
  }
}

/** A kept read-back's check (as the talent sees it) and the script it was checked against; null when none. */
export async function keptCheck(
  path: () => string,
  takeId: string,
): Promise<{ check: ReadbackCheck; script: string } | null> {
  try {
    const v = JSON.parse(await readFile(path(), 'utf8')) as ReadbackStored
    return v.take_id === takeId && v.check && Array.isArray(v.check.issues) && typeof v.script_read?.text === 'string'
      ? { check: v.check, script: v.script_read.text }
      : null
  } catch {
    return null
  }
}

/** A file's bytes, or null when it is not there (crash-safe copies are written with writeFileAtomic). */
async function readIfThere(path: string): Promise<Buffer | null> {
  try {
    return await readFile(path)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw err
  }
}
