/**
 * Importing a dropped file as a take (a take recorded elsewhere): ffmpeg decides by content whether it
 * is audio Booth accepts, and only then is it copied (to a hidden partial name, renamed when complete)
 * into the job's folder under the take's name, with the extension of what it really is, and measured.
 */
import { copyFile, mkdir, rename, rm } from 'node:fs/promises'
import { basename, join } from 'node:path'
import { exists } from './take-folders'
import { checkJobId, checkLabel, checkNote, jobFacts, TakeInputError } from './take-input-checks'
import { writeTakeMeta } from './take-meta-file'
import { safeStem, takeFileName } from './take-naming'
import { probeAudioFile } from './take-probe'
import type { TakeStore } from './take-store'
import type { TakeKind, TakeLabel, TakeMeta } from './take-types'

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

export async function importTake(store: TakeStore, jobId: string, sourcePath: string, options: ImportOptions): Promise<TakeMeta> {
  checkJobId(jobId)
  const label = checkLabel(options.label ?? 'main')
  const note = checkNote(options.note ?? null)
  const job = jobFacts(options)
  const originalName = options.originalName ?? basename(sourcePath)
  if (!(await exists(sourcePath))) throw new TakeInputError(`The file "${originalName}" could not be found.`)
  const probe = await probeAudioFile(sourcePath, originalName, { ffmpegPath: store.ffmpegPath, signal: options.signal })
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
      await rename(partial, target)
      await writeTakeMeta(store.folders.metaPath('takes', jobId, take.id), take)
    } catch (err) {
      await rm(partial, { force: true })
      await rm(target, { force: true })
      throw new Error(`Could not copy "${originalName}" into Booth: ${(err as Error).message}`, { cause: err })
    }
    return take
  })
  return store.remeasure(meta.id, options.signal)
}
