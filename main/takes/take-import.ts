/**
 * Importing a dropped file as a take (a take recorded elsewhere). The file is checked first (a folder,
 * pipe, device, empty or unreadable file is refused at once) and its own bytes are read (text, or a
 * damaged WAV, is refused with the problem named). It is then copied from that one open handle to a
 * hidden staging name in the job's folder; a WAV copy's header is made exact (wav-copy-header.ts), and
 * ffmpeg decodes the copy (take-probe.ts) to decide whether it is audio Booth accepts. Only then is the copy
 * renamed to the take's name, with the extension of what it really is, and measured — so what is
 * checked, measured and uploaded are the same bytes. A refused file leaves nothing behind. Booth's own
 * copy of a file dropped onto the web page (<dataDir>/incoming/…) is removed once the import is over,
 * whether it worked or not.
 */
import { randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, rename, rm } from 'node:fs/promises'
import { basename, join, relative, resolve, sep } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { checkJobId, checkLabel, checkNote, jobFacts, openDroppedFile, TakeInputError } from './take-input-checks'
import { writeTakeMeta } from './take-meta-file'
import { safeStem, takeFileName } from './take-naming'
import { NotAudioError, probeAudioFile, readDroppedFile } from './take-probe'
import type { TakeShelf } from './take-shelf'
import { exists } from './take-folders'
import type { TakeKind, TakeLabel, TakeMeta } from './take-types'
import { settleAiffCopy } from '../media/aiff-header'
import { sizeNotice } from '../media/wav-chunks'
import { MAX_SCRIPT_TEXT } from '../../shared/bridge-takes'
import { settleWavCopy, WavCopyError } from '../media/wav-copy-header'
import { isInside } from '../security/media-path-guard'
import { PRIVATE_FILE_MODE } from '../storage/private-files'
import { displayText, quotedName } from '../../shared/display-text'

export interface ImportOptions {
  /** The job's suggested_stem from the API (made file-safe here). */
  stem: string | null
  label?: TakeLabel
  note?: string | null
  spotLengthS?: number | null
  /** The job's kind (dry_voice, finished_spot, not_set); default not_set. */
  kind?: TakeKind
  /** The job's script on screen when the file was dropped: the take is marked as read from it. */
  script?: { revision_id: string | null; text: string } | null
  /** The name shown to the person and kept as original_name; default: the source's file name. */
  originalName?: string
  signal?: AbortSignal
}

/** Where the web host receives files dropped onto the page: <dataDir>/incoming/<random>/<name>. */
export function droppedCopiesDir(dataDir: string): string {
  return join(dataDir, 'incoming')
}

/** Removes Booth's own received copy of a dropped file (its <random> folder); files elsewhere are the person's and stay. */
async function removeDroppedCopy(dataDir: string, sourcePath: string): Promise<void> {
  const incoming = resolve(droppedCopiesDir(dataDir))
  if (!isInside(resolve(sourcePath), incoming)) return
  const [folder] = relative(incoming, resolve(sourcePath)).split(sep)
  if (folder) await rm(join(droppedCopiesDir(dataDir), folder), { recursive: true, force: true })
}

export async function importTake(
  store: TakeShelf,
  jobId: string,
  sourcePath: string,
  options: ImportOptions,
): Promise<TakeMeta> {
  try {
    return await importChecked(store, jobId, sourcePath, options)
  } finally {
    await removeDroppedCopy(store.folders.dataDir, sourcePath)
  }
}

async function importChecked(
  store: TakeShelf,
  jobId: string,
  sourcePath: string,
  options: ImportOptions,
): Promise<TakeMeta> {
  checkJobId(jobId)
  const label = checkLabel(options.label ?? 'main')
  const note = checkNote(options.note ?? null)
  const job = jobFacts(options)
  const originalName = options.originalName ?? basename(sourcePath)
  const dir = store.folders.dir('takes', jobId)
  // Everything after this reads Booth's staged copy, made from the one handle opened (and checked) here: the
  // dropped path is never opened again, so a file swapped for a pipe meanwhile cannot hold Booth up.
  const stage = join(dir, `.import-${randomUUID()}.partial`)
  try {
    const fh = await openDroppedFile(sourcePath, originalName)
    let sourceWav
    try {
      sourceWav = await readDroppedFile(fh, originalName)
      await mkdir(dir, { recursive: true })
      await pipeline(
        fh.createReadStream({ start: 0, autoClose: false }),
        createWriteStream(stage, { flags: 'wx', mode: PRIVATE_FILE_MODE }),
      )
    } catch (err) {
      if (err instanceof NotAudioError || err instanceof TakeInputError) throw err
      throw new Error(`Could not copy ${quotedName(originalName)} into Booth: ${displayText((err as Error).message)}`, {
        cause: err,
      })
    } finally {
      await fh.close()
    }
    const settled = sourceWav ? await settleWavCopy(stage, originalName).catch(wavCopyRefusal) : null
    // An AIFF whose COMM states fewer frames than its sound data holds gets the count it holds (aiff-header.ts).
    const aiffNotice = sourceWav ? null : await settleAiffCopy(stage).catch(() => null)
    const probe = await probeAudioFile(stage, originalName, {
      ffmpegPath: store.ffmpegPath,
      signal: options.signal,
      wav: settled,
    })
    const notice = settled ? sizeNotice(settled) : aiffNotice
    const meta = await store.withJob(jobId, async () => {
      const number = await store.folders.claimNumber(jobId)
      const fileName = takeFileName(safeStem(options.stem, jobId), label, number, probe.ext)
      const target = join(dir, fileName)
      const take = {
        ...store.newTake(jobId, fileName, label, number, note, 'imported', originalName, job),
        script_read: scriptReadOf(options.script),
      }
      const kept: TakeMeta = notice ? { ...take, import_notice: notice } : take
      // The number is the job's alone (claimed under its lock), so the name is too; a file already there (one
      // no take's metadata names) is still never replaced.
      if (await exists(target))
        throw new TakeInputError(
          `Cannot import ${quotedName(originalName)}: ${quotedName(fileName)} already exists in the job's folder, and a take is never overwritten.`,
        )
      try {
        await rename(stage, target)
        await writeTakeMeta(store.folders.metaPath('takes', jobId, take.id), kept)
      } catch (err) {
        await rm(target, { force: true })
        throw new Error(
          `Could not copy ${quotedName(originalName)} into Booth: ${displayText((err as Error).message)}`,
          { cause: err },
        )
      }
      return kept
    })
    // The copy is complete: its hash is kept with it now, not at its first check.
    await store.sealWritten(meta)
    return await store.remeasure(meta.id, options.signal)
  } finally {
    await rm(stage, { force: true })
  }
}

/** The script a dropped take was read from, its text held to the bridge's limit; null when none is known. */
function scriptReadOf(script: ImportOptions['script']): TakeMeta['script_read'] {
  if (!script || typeof script.text !== 'string') return null
  return {
    revision_id: typeof script.revision_id === 'string' ? script.revision_id : null,
    text: script.text.slice(0, MAX_SCRIPT_TEXT),
  }
}

function wavCopyRefusal(err: unknown): never {
  if (err instanceof WavCopyError) throw new NotAudioError(err.message)
  throw err
}
