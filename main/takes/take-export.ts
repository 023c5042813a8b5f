/**
 * Copies of a take's current version for leaving Booth (issue 42, point 11): the copy a drag hands out, kept
 * under `<dataDir>/exports/<take id>/<delivery name>` (not the cache, which sign-out empties: a DAW may
 * keep using a dragged file where it lies), and the copy Export… saves where the talent chose.
 * Both are made from the file delivery sends (take-delivery-file.ts), so they are byte-identical to it; each
 * copy is read again after it is written and must have the same SHA-256, else nothing is kept. A take's own
 * files are never handed out or written over (storage/safe-output.ts: real paths, links, case), so a DAW
 * that edits a dragged file in place edits Booth's copy: the next drag sees it changed and makes a new copy
 * beside it, never over it (the app may still use the one it changed).
 */
import { copyFile, mkdir, stat } from 'node:fs/promises'
import { extname, join } from 'node:path'
import { sha256File } from '../storage/content-hash'
import { safeFileName } from '../storage/safe-file-name'
import { writeOutputSafely } from '../storage/safe-output'
import { takeName } from '../../shared/take-name'
import { deliveryFileOf } from './take-delivery-file'
import { TakeInputError } from './take-input-checks'
import type { TakeStore } from './take-store'
import type { TakeMeta } from './take-types'

export interface PreparedExport {
  takeId: string
  version: number
  path: string
  fileName: string
  sha256: string
  bytes: number
}

const MIME_TYPES: Record<string, string> = {
  '.wav': 'audio/wav',
  '.flac': 'audio/flac',
  '.mp3': 'audio/mpeg',
  '.m4a': 'audio/mp4',
  '.aif': 'audio/aiff',
  '.aiff': 'audio/aiff',
}

export function exportMimeType(fileName: string): string {
  return MIME_TYPES[extname(fileName).toLowerCase()] ?? 'application/octet-stream'
}

/** A copy whose bytes are not those it was copied from: removed, and said in words. */
export class ExportCopyError extends TakeInputError {
  constructor(name: string, where: string) {
    super(
      `The copy of ${name} written to ${where} does not hold the same bytes as the take's file ` +
        `(its SHA-256 differs), so it was not kept. Try again; if it happens again, the disk may be failing.`,
    )
    this.name = 'ExportCopyError'
  }
}

export class TakeExports {
  private readonly prepared = new Map<string, PreparedExport>()
  private readonly saved = new Map<string, string>()

  constructor(
    private readonly store: TakeStore,
    private readonly dir: string,
  ) {}

  /** The copy a drag hands out: made now, or the one made before while it still holds the delivery's bytes. */
  async prepare(takeId: string): Promise<PreparedExport> {
    const take = await this.store.get(takeId)
    if (take.state === 'recording')
      throw new TakeInputError(`${takeName(take)} is still recording; it can leave Booth once it is stopped.`)
    const file = await deliveryFileOf(this.store, take).catch((err: unknown) => {
      throw err instanceof TakeInputError
        ? new TakeInputError(`${takeName(take)} was not exported: ${err.message}`)
        : err
    })
    const sha256 = await sha256File(file.path)
    const fileName = safeFileName(file.file_name, `take-${take.take_number}${extname(file.file_name) || '.wav'}`)
    const known = this.prepared.get(takeId)
    if (
      known &&
      known.sha256 === sha256 &&
      known.fileName === fileName &&
      (await sha256File(known.path).catch(() => null)) === sha256
    )
      return known
    const path = await this.placeFor(takeId, fileName, sha256)
    if ((await sha256File(path).catch(() => null)) !== sha256) await this.copyChecked(take, file.path, path, sha256)
    const made: PreparedExport = {
      takeId,
      version: take.current_version ?? 1,
      path,
      fileName,
      sha256,
      bytes: (await stat(path)).size,
    }
    this.prepared.set(takeId, made)
    return made
  }

  /**
   * Where the drag's copy goes: `<take id>/<name>`, or, when a file there holds other bytes (an app edited a
   * copy dragged out before, and may still use it where it lies), `<take id>/2/<name>`, `3/`… — a copy
   * another app may be using is never written over. A place already holding these bytes is used as it is.
   */
  private async placeFor(takeId: string, fileName: string, sha256: string): Promise<string> {
    for (let n = 1; n <= 1000; n++) {
      const folder = n === 1 ? join(this.dir, takeId) : join(this.dir, takeId, String(n))
      const path = join(folder, fileName)
      const there = await sha256File(path).catch(() => null)
      if (there === null || there === sha256) {
        await mkdir(folder, { recursive: true })
        return path
      }
    }
    throw new TakeInputError(
      `Booth already made a thousand copies of ${fileName} that other apps changed; clear its exports folder (${this.dir}) and try again.`,
    )
  }

  /** Export…: a checked copy at `target` (the talent's choice in the save dialog); returns the path. */
  async saveTo(takeId: string, target: string): Promise<PreparedExport & { savedPath: string }> {
    const ready = await this.prepare(takeId)
    const take = await this.store.get(takeId)
    await this.copyChecked(take, ready.path, target, ready.sha256)
    this.saved.set(takeId, target)
    return { ...ready, savedPath: target }
  }

  /** What "Show in Finder" shows: the last copy Export… saved (still there), else Booth's own copy. */
  async revealPath(takeId: string): Promise<string> {
    const saved = this.saved.get(takeId)
    if (
      saved &&
      (await stat(saved).then(
        (s) => s.isFile(),
        () => false,
      ))
    )
      return saved
    return (await this.prepare(takeId)).path
  }

  /** Copies `from` to `to` through a temporary file, refusing any of the take's own files, and checks the copy's SHA-256. */
  private async copyChecked(take: TakeMeta, from: string, to: string, sha256: string): Promise<void> {
    const own = [this.store.recordingPath(take), this.store.audioPath(take)]
    await writeOutputSafely(
      to,
      own,
      async (temp) => {
        await copyFile(from, temp)
        if ((await sha256File(temp)) !== sha256) throw new ExportCopyError(takeName(take), to)
      },
      'the take',
    )
  }
}
