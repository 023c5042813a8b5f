/**
 * The upload half of one delivery attempt: settle which file goes out (the take's own file, or its
 * trimmed render — made once per delivery and remembered in the queue item so a restart uploads the very
 * same bytes), then upload it, resuming whatever the server already has, and keep the handle on the take
 * as soon as the server gives it. Right before each upload the file is read again and checked against
 * the content hashes written with it (the version's recordings and render, and the prepared file's own):
 * nothing damaged is sent.
 */
import { stat } from 'node:fs/promises'
import { extname } from 'node:path'
import type { Log } from '../logging/redacting-log'
import type { TakeStore } from '../takes/take-store'
import type { TakeMeta } from '../takes/take-types'
import type { UploadProgress } from '../../shared/bridge-takes'
import type { PreparedFile, QueueItem } from './delivery-queue-file'
import type { SendControl } from './delivery-queue-items'
import { startUpload, type UploadRun } from './uploader'
import { sha256File } from '../storage/content-hash'
import { deliveryFileOf } from '../takes/take-delivery-file'

export interface UploadTuning {
  chunkBytes?: number
  retryDelaysMs?: number[]
  progressIntervalMs?: number
  /** No progress for this long aborts the request and resumes from the server's offset (uploader.ts). */
  stallMs?: number
  maxStalls?: number
}

export interface UploadStepDeps {
  store: TakeStore
  dataDir: string
  apiKey: () => string | null
  log: Log
  onProgress: (p: UploadProgress) => void
  tuning?: UploadTuning
  /** Uploads given up on (cancelled; their DELETE may still be pending): never resumed. */
  isAbandoned?: (handle: string) => Promise<boolean>
  /**
   * The take's earlier upload was replaced by a new one (tus started afresh: the resume was refused, or
   * the address was lost): no delivery can use it, so it is Booth's to delete on the service.
   */
  onReplaced?: (oldHandle: string) => void
}

/** What the delivery queue says while an upload has stalled and is being resumed (the watchdog: DEFAULT_STALL_MS). */
export const UPLOAD_STALLED_MESSAGE = 'The service stopped answering; trying again.'

/** Thrown when the person paused or cancelled the upload (the queue already knows why). */
export class UploadStoppedError extends Error {
  constructor(readonly outcome: 'paused' | 'cancelled') {
    super(outcome === 'paused' ? 'The upload was paused.' : 'The upload was cancelled.')
    this.name = 'UploadStoppedError'
  }
}

const FILE_TYPES: Record<string, string> = {
  '.wav': 'audio/wav',
  '.flac': 'audio/flac',
  '.mp3': 'audio/mpeg',
  '.m4a': 'audio/mp4',
  '.aif': 'audio/aiff',
  '.aiff': 'audio/aiff',
}

async function stillThere(file: PreparedFile): Promise<boolean> {
  try {
    const info = await stat(file.path)
    return info.size === file.size && Math.round(info.mtimeMs) === Math.round(file.mtimeMs)
  } catch {
    return false
  }
}

/** A file to be delivered whose bytes changed on disk since it was prepared: never sent. */
export class ChangedOnDiskError extends Error {
  constructor(fileName: string) {
    super(
      `${fileName} is damaged (changed on disk since Booth wrote it), so it is not delivered. Restore another version of the take, or record it again.`,
    )
    this.name = 'ChangedOnDiskError'
  }
}

/**
 * The file this delivery uploads: the one prepared before when its bytes are still those it was prepared
 * with (its SHA-256, read again now), else a fresh render. The take's own files are checked again first,
 * whatever an earlier check found (store.readyAudioPath, fresh; for a fresh render, take-delivery-file.ts, the
 * one function export uses too): a damaged version is named and not sent.
 * A prepared file that is the take's own audio and changed since is not prepared again over: it is refused.
 */
async function prepareFile(
  store: TakeStore,
  take: TakeMeta,
  item: Readonly<QueueItem>,
  control: SendControl,
): Promise<PreparedFile> {
  const before = item.file
  if (before) {
    await store.readyAudioPath(take, true)
    if (before.sha256 ? (await sha256File(before.path).catch(() => null)) === before.sha256 : await stillThere(before))
      return before
  }
  const rendered = await deliveryFileOf(store, take, control.signal)
  const info = await stat(rendered.path)
  const sha256 = await sha256File(rendered.path)
  if (before?.sha256 && !rendered.trimmed && rendered.path === before.path && sha256 !== before.sha256)
    throw new ChangedOnDiskError(rendered.file_name)
  const file: PreparedFile = {
    path: rendered.path,
    file_name: rendered.file_name,
    size: info.size,
    mtimeMs: info.mtimeMs,
    sha256,
  }
  await control.update({ file })
  return file
}

export class UploadStep {
  private readonly running = new Map<string, UploadRun>()

  constructor(private readonly d: UploadStepDeps) {}

  isUploading(takeId: string): boolean {
    return this.running.has(takeId)
  }

  /** Uploads (or finishes uploading) the take's file; returns the handle. */
  async run(item: Readonly<QueueItem>, take: TakeMeta, baseUrl: string, control: SendControl): Promise<string> {
    const { store, log } = this.d
    const file = await prepareFile(store, take, item, control)
    let metaWrites: Promise<unknown> = store.setUpload(take.id, { status: 'uploading' })
    let lastSavedAt = 0
    const save = (patch: Parameters<TakeStore['setUpload']>[1]) => {
      metaWrites = metaWrites
        .then(() => store.setUpload(take.id, patch))
        .catch((err: unknown) => {
          log.warn('could not save the upload state of a take', {
            takeId: take.id,
            err: err instanceof Error ? err.message : String(err),
          })
        })
    }
    await metaWrites
    // The upload this take had (never delivered: a take is uploaded again only when no delivery used it).
    let known = take.upload.handle
    const upload = await startUpload({
      baseUrl,
      apiKey: this.d.apiKey,
      dataDir: this.d.dataDir,
      takeId: take.id,
      path: file.path,
      fileName: file.file_name,
      fileType: FILE_TYPES[extname(file.file_name).toLowerCase()] ?? 'application/octet-stream',
      chunkBytes: this.d.tuning?.chunkBytes,
      retryDelaysMs: this.d.tuning?.retryDelaysMs,
      progressIntervalMs: this.d.tuning?.progressIntervalMs,
      stallMs: this.d.tuning?.stallMs,
      maxStalls: this.d.tuning?.maxStalls,
      isAbandoned: this.d.isAbandoned,
      onStall: (n) => {
        log.warn("an upload request made no progress; it was aborted and resumes from the server's offset", {
          takeId: take.id,
          stalls: n,
        })
        // Said in the queue at once (within the watchdog's 30 s), not only when the upload gives up.
        if (!control.signal.aborted) void control.update({ message: UPLOAD_STALLED_MESSAGE })
      },
      onRecovered: () => {
        if (!control.signal.aborted) void control.update({ message: null })
      },
      onHandle: (handle) => {
        if (known !== null && known !== handle) this.d.onReplaced?.(known)
        known = handle
        save({ handle, status: 'uploading' })
      },
      onStorageError: (err) =>
        log.warn('could not keep the upload address for resuming', {
          takeId: take.id,
          err: err instanceof Error ? err.message : String(err),
        }),
      onProgress: (bytesSent, bytesTotal) => {
        this.d.onProgress({ takeId: take.id, jobId: take.job_id, bytesSent, bytesTotal })
        const now = Date.now()
        if (now - lastSavedAt >= 2000) {
          lastSavedAt = now
          save({ offset: bytesSent })
        }
      },
    })
    this.running.set(take.id, upload)
    const onAbort = () => {
      void (control.signal.reason === 'cancel' ? upload.cancel() : upload.pause())
    }
    control.signal.addEventListener('abort', onAbort, { once: true })
    if (control.signal.aborted) onAbort()
    try {
      const end = await upload.done
      await metaWrites
      if (end.outcome !== 'done') {
        if (end.outcome === 'paused') await store.setUpload(take.id, { status: 'paused' })
        throw new UploadStoppedError(end.outcome)
      }
      await store.setUpload(take.id, { handle: end.handle, offset: end.size, status: 'uploaded' })
      return end.handle
    } finally {
      control.signal.removeEventListener('abort', onAbort)
      this.running.delete(take.id)
    }
  }
}
