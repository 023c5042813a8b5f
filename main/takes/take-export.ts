/**
 * Copies of a take's current version for leaving Booth (issue 42, point 11): the copy a drag hands out, kept
 * under `<dataDir>/exports/<take id>/<delivery name>` (not the cache, which sign-out empties: a DAW may
 * keep using a dragged file where it lies), and the copy Export… saves where the talent chose.
 * Both are made from the file delivery sends (take-delivery-file.ts), so they are byte-identical to it; each
 * copy is read again after it is written and must have the same SHA-256, else nothing is kept. A take's own
 * files are never handed out or written over (storage/safe-output.ts: real paths, links, case), so a DAW
 * that edits a dragged file in place edits Booth's copy: the next drag sees it changed and makes a new copy
 * beside it, never over it (the app may still use the one it changed). A drag's copies are cleared a day
 * after they were last handed out (export-sweep.ts: when Booth starts, and at most hourly as copies are made);
 * Export… never saves inside that folder, so what the talent saved is never cleared.
 */
import { copyFile, mkdir, realpath, stat, utimes } from 'node:fs/promises'
import { basename, dirname, extname, isAbsolute, join, relative, resolve } from 'node:path'
import { sha256File } from '../storage/content-hash'
import { safeFileName } from '../storage/safe-file-name'
import { writeOutputSafely } from '../storage/safe-output'
import { takeName } from '../../shared/take-name'
import { sweepExportCopies } from './export-sweep'
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

/** How often making copies also clears the old ones (ms). */
const SWEEP_EVERY_MS = 60 * 60 * 1000

export class TakeExports {
  private readonly prepared = new Map<string, PreparedExport>()
  private readonly saved = new Map<string, string>()
  /** Copies are made and cleared one at a time: a sweep never removes a copy being handed out. */
  private queue: Promise<unknown> = Promise.resolve()
  private sweptAt = -Infinity

  constructor(
    private readonly store: TakeStore,
    private readonly dir: string,
    private readonly now: () => number = Date.now,
  ) {}

  private inTurn<T>(run: () => Promise<T>): Promise<T> {
    const done = this.queue.then(run, run)
    this.queue = done.catch(() => undefined)
    return done
  }

  /**
   * Clears the copies last handed out more than a day ago (a copy of this run handed out again is dated anew
   * and kept); returns the paths removed. What Export… saved is kept, wherever it is.
   */
  sweep(): Promise<string[]> {
    this.sweptAt = this.now()
    return this.inTurn(() => sweepExportCopies(this.dir, { now: this.now(), keep: new Set(this.saved.values()) }))
  }

  /** The copy a drag hands out: made now, or the one made before while it still holds the delivery's bytes. */
  async prepare(takeId: string): Promise<PreparedExport> {
    const made = await this.inTurn(() => this.prepareNow(takeId))
    if (this.now() - this.sweptAt >= SWEEP_EVERY_MS) void this.sweep().catch(() => undefined)
    return made
  }

  private async prepareNow(takeId: string): Promise<PreparedExport> {
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
      return this.handedOut(known)
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
    return this.handedOut(made)
  }

  /** A copy handed out (again) is dated now: it is kept a day from its last use, whatever the copy kept of its source's date. */
  private async handedOut(p: PreparedExport): Promise<PreparedExport> {
    const at = new Date(this.now())
    await utimes(p.path, at, at).catch(() => undefined)
    return p
  }

  /** Whether `target` lies in the folder of the drag's copies (which are cleared after a day). */
  private async insideCopies(target: string): Promise<boolean> {
    const real = (p: string) => realpath(p).catch(() => resolve(p))
    const fold = (p: string) => (process.platform === 'linux' ? p : p.toLowerCase())
    const [root, parent] = await Promise.all([real(this.dir), real(dirname(target))])
    const rel = relative(fold(root), fold(join(parent, basename(target))))
    return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel))
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
    if (await this.insideCopies(target))
      throw new TakeInputError(
        `${ready.fileName} was not saved: ${dirname(target)} is the folder where Booth keeps the copies it hands ` +
          `to other apps, and clears them after a day. Choose another folder to keep it.`,
      )
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
