/**
 * One resumable upload of a file to the API's tus endpoint (`{base_url}/api/v1/uploads`, Booth's decision
 * where the API reference shows no upload operation; x-booth-assumption in resources/api/talent-v1.yaml), with tus-js-client in Node.
 *
 * - The file is read from disk one chunk at a time (an fs.ReadStream input: tus-js-client's FileSource
 *   streams each chunk), so memory stays flat whatever the file size.
 * - Where an upload lives is kept by tus-js-client's Node FileUrlStorage in `<dataDir>/uploads.json`
 *   (upload-store.ts; the endpoint and termination are upload-server.ts), under a fingerprint of the take id + file
 * size + mtime (+ endpoint). After a network drop, a sleep, a
 *   quit or a crash the next run finds it there, asks the server for its offset (HEAD) and sends only the
 *   rest. The API key is added to each request from a function (onBeforeRequest), so it is never written
 *   to that file.
 * - pause() stops sending and keeps the upload on the server (resume by uploading again); cancel() stops
 *   and deletes it on the server (tus termination).
 * - A stall watchdog: when no request of the upload makes progress for `stallMs` (default 30 s: no body
 *   byte accepted, no answer), the request is aborted and the upload resumed from the offset the server
 *   reports (tus HEAD). After `maxStalls` such restarts in a row it gives up with an UploadFailedError
 *   (no status), which the delivery queue treats as "try again later": nothing hangs forever.
 * - Retry-After: an answer carrying it (429, 503) is not retried inside tus-js-client; the failure carries
 *   the wait (`retryAfterMs`) and the delivery queue parks the delivery that long.
 */
import { createReadStream } from 'node:fs'
import { mkdir, stat } from 'node:fs/promises'
import * as tus from 'tus-js-client'
import { describeFailure, retryAfterOf, UploadFailedError } from './upload-failure'
import { removeStoredUploads, urlStorageFor } from './upload-store'
import { handleFromUrl, terminateUpload, uploadEndpoint } from './upload-server'

export { UploadFailedError }

/** 16 MiB PATCH bodies: few round trips at full speed, and at most one chunk to resend after a drop. */
export const DEFAULT_CHUNK_BYTES = 16 * 1024 * 1024
export const DEFAULT_RETRY_DELAYS_MS = [0, 1000, 3000, 5000]
/** No progress for this long aborts the request and resumes from the server's offset. */
export const DEFAULT_STALL_MS = 30_000
export const DEFAULT_MAX_STALLS = 3
/** A tus DELETE that has not answered by then is given up (the upload then expires on the server). */

export interface UploadRequest {
  /** The API's base URL (e.g. http://127.0.0.1:4010); the endpoint is `${baseUrl}/api/v1/uploads`. */
  baseUrl: string
  /** Read fresh for every request; never stored. */
  apiKey: () => string | null
  /** Booth's data folder: the URL storage file goes there. */
  dataDir: string
  /** Part of the fingerprint: the take being uploaded. */
  takeId: string
  path: string
  /** Sent as tus metadata `filename` (required by the endpoint). */
  fileName: string
  fileType?: string
  chunkBytes?: number
  retryDelaysMs?: number[]
  /** Called once the server has given the upload its URL (handle = last path segment). */
  onHandle?: (handle: string) => void
  /** A problem with the URL storage file (the upload goes on, but may not resume after a restart). */
  onStorageError?: (err: unknown) => void
  /** Called at most every `progressIntervalMs` (default 250), and once at the end. */
  onProgress?: (bytesSent: number, bytesTotal: number) => void
  progressIntervalMs?: number
  /** No progress for this long aborts the request and resumes (default DEFAULT_STALL_MS). */
  stallMs?: number
  /** Restarts after stalls, in a row, before giving up (default DEFAULT_MAX_STALLS). */
  maxStalls?: number
  /** Called each time a stalled request was aborted and the upload resumed. */
  onStall?: (stalls: number) => void
  /** Called when the service accepts bytes again after one or more stalls. */
  onRecovered?: () => void
  /** An upload Booth gave up (its DELETE is pending): never resumed, even if its address is still stored. */
  isAbandoned?: (handle: string) => Promise<boolean>
}

export type UploadEnd =
  | { outcome: 'done'; handle: string; size: number; resumedFrom: number }
  | { outcome: 'paused' }
  | { outcome: 'cancelled' }

export interface UploadRun {
  /** Settles once: done, paused or cancelled; rejects with UploadFailedError when tus gives up. */
  readonly done: Promise<UploadEnd>
  pause(): Promise<void>
  cancel(): Promise<void>
}

function checkRequest(r: UploadRequest): void {
  if (!/^https?:\/\/[^\s]+$/.test(r.baseUrl))
    throw new TypeError(`The upload server "${String(r.baseUrl).slice(0, 80)}" is not an http(s) address.`)
  if (typeof r.path !== 'string' || r.path === '') throw new TypeError('An upload needs the path of the file to send.')
  if (typeof r.fileName !== 'string' || r.fileName.trim() === '')
    throw new TypeError('An upload needs a file name (tus metadata "filename").')
  if (typeof r.takeId !== 'string' || r.takeId === '')
    throw new TypeError('An upload needs the id of the take it belongs to.')
  const chunk = r.chunkBytes ?? DEFAULT_CHUNK_BYTES
  if (!Number.isInteger(chunk) || chunk < 64 * 1024)
    throw new RangeError(`The upload chunk size must be a whole number of at least 64 KiB (got ${chunk}).`)
}

/** Starts (or resumes) the upload of `request.path`. Rejects at once for bad input or a missing file. */
export async function startUpload(request: UploadRequest): Promise<UploadRun> {
  checkRequest(request)
  let info
  try {
    info = await stat(request.path)
  } catch {
    throw new UploadFailedError(`The file to upload, ${request.path}, cannot be read.`, null)
  }
  if (!info.isFile()) throw new UploadFailedError(`${request.path} is not a file.`, null)
  const size = info.size
  await mkdir(request.dataDir, { recursive: true })
  const endpoint = uploadEndpoint(request.baseUrl)
  const fingerprint = `booth-take:${request.takeId}:${size}:${Math.round(info.mtimeMs)}:${endpoint}`
  const interval = request.progressIntervalMs ?? 250
  let lastProgressAt = -Infinity
  let resumedFrom = 0
  let settled = false
  let resolveDone!: (end: UploadEnd) => void
  let rejectDone!: (err: unknown) => void
  const done = new Promise<UploadEnd>((res, rej) => {
    resolveDone = res
    rejectDone = rej
  })
  const settle = (fn: () => void) => {
    if (settled) return
    settled = true
    fn()
  }

  // The stall watchdog: any sign of life (a request starting, body bytes accepted, an answer) resets it.
  const stallMs = request.stallMs ?? DEFAULT_STALL_MS
  const maxStalls = request.maxStalls ?? DEFAULT_MAX_STALLS
  let stalls = 0
  let stopping = false
  let watchdog: NodeJS.Timeout | null = null
  const disarm = () => {
    if (watchdog) clearTimeout(watchdog)
    watchdog = null
  }
  const arm = () => {
    disarm()
    if (settled || stopping) return
    watchdog = setTimeout(() => void onStalled(), stallMs)
    watchdog.unref()
  }
  const onStalled = async () => {
    watchdog = null
    if (settled) return
    stalls += 1
    await upload.abort(false).catch(() => undefined)
    if (settled || stopping) return
    if (stalls > maxStalls) {
      settle(() =>
        rejectDone(
          new UploadFailedError(
            `Uploading ${request.fileName} made no progress for ${Math.round(stallMs / 1000)} s, ${stalls} times in a row; Booth will try again later.`,
            null,
          ),
        ),
      )
      return
    }
    request.onStall?.(stalls)
    // A new tus.Upload resumes at the same URL: HEAD for the server's offset, then the rest. Never start()
    // the aborted one again: its aborted request rejects later, and once start() has cleared its aborted
    // flag that rejection is taken for a failure and retried, which ran a second resume beside this one.
    const url = upload.url
    const abandoned = source
    source = createReadStream(request.path)
    upload = new tus.Upload(source, url ? { ...options, uploadUrl: url } : options)
    // tus reads a file by its path; the aborted upload's own stream only holds a descriptor open.
    abandoned.destroy()
    arm()
    upload.start()
  }

  const options: tus.UploadOptions = {
    endpoint,
    chunkSize: request.chunkBytes ?? DEFAULT_CHUNK_BYTES,
    retryDelays: request.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS,
    uploadSize: size,
    metadata: { filename: request.fileName, filetype: request.fileType ?? 'application/octet-stream' },
    urlStorage: urlStorageFor(request.dataDir, request.onStorageError),
    fingerprint: async () => fingerprint,
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    onBeforeRequest: (req) => {
      arm()
      const key = request.apiKey()
      if (key) req.setHeader('Authorization', `Bearer ${key}`)
    },
    onAfterResponse: (req, res) => {
      arm()
      if (req.getMethod() === 'HEAD' && res.getStatus() === 200)
        resumedFrom = Number(res.getHeader('Upload-Offset') ?? 0) || 0
      if (req.getMethod() === 'PATCH' && res.getStatus() === 204) {
        if (stalls > 0) request.onRecovered?.()
        stalls = 0
      }
    },
    // A wait the server asked for is the delivery queue's to keep (parked), not tus-js-client's to guess.
    onShouldRetry: (err) => {
      const res = (err as { originalResponse?: tus.HttpResponse | null }).originalResponse
      if (retryAfterOf(res) !== null) return false
      const status = res ? res.getStatus() : 0
      return status < 400 || status >= 500 || status === 409 || status === 423
    },
    onUploadUrlAvailable: () => {
      const handle = upload.url ? handleFromUrl(upload.url) : null
      if (handle) request.onHandle?.(handle)
    },
    onProgress: (sent, total) => {
      arm()
      const now = Date.now()
      if (now - lastProgressAt < interval) return
      lastProgressAt = now
      request.onProgress?.(sent, total)
    },
    onSuccess: () => {
      const handle = upload.url ? handleFromUrl(upload.url) : null
      if (!handle) {
        settle(() =>
          rejectDone(
            new UploadFailedError(
              `The server gave the upload an address without a handle (${upload.url ?? 'none'}).`,
              null,
            ),
          ),
        )
        return
      }
      request.onProgress?.(size, size)
      settle(() => resolveDone({ outcome: 'done', handle, size, resumedFrom }))
    },
    onError: (err) => settle(() => rejectDone(describeFailure(err, request.fileName))),
  }
  let source = createReadStream(request.path)
  let upload = new tus.Upload(source, options)
  void done.finally(disarm).catch(() => undefined)

  const previous = await upload.findPreviousUploads().catch(() => [])
  const usable = []
  for (const p of previous) {
    const handle = p.uploadUrl ? handleFromUrl(p.uploadUrl) : null
    if (handle && !(await request.isAbandoned?.(handle))) usable.push(p)
  }
  const latest = usable.at(-1)
  if (latest) upload.resumeFromPreviousUpload(latest)
  arm()
  upload.start()

  return {
    done,
    pause: async () => {
      if (settled) return
      stopping = true
      disarm()
      await upload.abort(false)
      settle(() => resolveDone({ outcome: 'paused' }))
    },
    cancel: async () => {
      if (settled) return
      stopping = true
      disarm()
      settle(() => resolveDone({ outcome: 'cancelled' }))
      await upload.abort(false)
      // Deleting it on the server may fail (offline): it is then left to expire there.
      const handle = upload.url ? handleFromUrl(upload.url) : null
      if (handle) await terminateUpload(request.baseUrl, handle, request.apiKey)
      await removeStoredUploads(request.dataDir, fingerprint)
    },
  }
}
