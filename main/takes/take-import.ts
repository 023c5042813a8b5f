/**
 * Importing a dropped file as a take (a take recorded elsewhere). The file is checked first (a folder,
 * pipe, device, empty or unreadable file is refused at once), its own bytes are read (text, or a damaged
 * WAV, is refused with the problem named), then ffmpeg decides whether it is audio Booth accepts. Only
 * then is it copied (to a hidden partial name, renamed when complete) into the job's folder under the
 * take's name, with the extension of what it really is. A WAV copy's header is made exact
 * (wav-copy-header.ts), so what is measured is what is uploaded. Booth's own copy of a file dropped
 * onto the web page (<dataDir>/incoming/…) is removed once the import is over, whether it worked or not.
 */
import { copyFile, mkdir, rename, rm } from 'node:fs/promises'
import { basename, isAbsolute, join, relative, resolve, sep } from 'node:path'
import { checkJobId, checkLabel, checkNote, jobFacts, openDroppedFile } from './take-input-checks'
import { writeTakeMeta } from './take-meta-file'
import { safeStem, takeFileName } from './take-naming'
import { NotAudioError, probeAudioFile, readDroppedFile } from './take-probe'
import type { TakeStore } from './take-store'
import type { TakeKind, TakeLabel, TakeMeta } from './take-types'
import { sizeNotice } from './wav-chunks'
import { settleWavCopy, WavCopyError } from './wav-copy-header'

export interface ImportOptions {
  /** The job's suggested_stem from the API (made file-safe here). */
  stem: string | null
  label?: TakeLabel
  note?: string | null
  spotLengthS?: number | null
  /** The job's kind (dry_voice, finished_spot, not_set); default not_set. */
  kind?: TakeKind
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
  const rel = relative(resolve(droppedCopiesDir(dataDir)), resolve(sourcePath))
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return
  const [folder] = rel.split(sep)
  if (folder) await rm(join(droppedCopiesDir(dataDir), folder), { recursive: true, force: true })
}

export async function importTake(store: TakeStore, jobId: string, sourcePath: string, options: ImportOptions): Promise<TakeMeta> {
  try {
    return await importChecked(store, jobId, sourcePath, options)
  } finally {
    await removeDroppedCopy(store.folders.dataDir, sourcePath)
  }
}

async function importChecked(store: TakeStore, jobId: string, sourcePath: string, options: ImportOptions): Promise<TakeMeta> {
  checkJobId(jobId)
  const label = checkLabel(options.label ?? 'main')
  const note = checkNote(options.note ?? null)
  const job = jobFacts(options)
  const originalName = options.originalName ?? basename(sourcePath)
  const fh = await openDroppedFile(sourcePath, originalName)
  let wav
  try {
    wav = await readDroppedFile(fh, originalName)
  } finally {
    await fh.close()
  }
  const probe = await probeAudioFile(sourcePath, originalName, { ffmpegPath: store.ffmpegPath, signal: options.signal, wav })
  const meta = await store.withJob(jobId, async () => {
    const number = await store.folders.claimNumber(jobId)
    const dir = store.folders.dir('takes', jobId)
    await mkdir(dir, { recursive: true })
    const fileName = takeFileName(safeStem(options.stem, jobId), label, number, probe.ext)
    const target = join(dir, fileName)
    const partial = join(dir, `.${fileName}.partial`)
    const take = store.newTake(jobId, fileName, label, number, note, 'imported', originalName, job)
    try {
      await copyFile(sourcePath, partial)
      // The copy is walked again: it, not the source (which may have changed meanwhile), is what is delivered.
      const settled = probe.container === 'wav' ? await settleWavCopy(partial, originalName) : null
      const notice = settled ? sizeNotice(settled) : null
      await rename(partial, target)
      const kept: TakeMeta = notice ? { ...take, import_notice: notice } : take
      await writeTakeMeta(store.folders.metaPath('takes', jobId, take.id), kept)
      return kept
    } catch (err) {
      await rm(partial, { force: true })
      await rm(target, { force: true })
      if (err instanceof WavCopyError) throw new NotAudioError(err.message)
      throw new Error(`Could not copy "${originalName}" into Booth: ${(err as Error).message}`, { cause: err })
    }
  })
  return store.remeasure(meta.id, options.signal)
}
