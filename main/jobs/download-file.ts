/**
 * Downloads a short-lived link (listen audio, an attachment) to a file the person chose: streamed to a
 * temp file beside it (never held in memory), renamed into place only when complete, removed on any
 * failure. Bounded by a size cap and by connect and idle timeouts (main/api/stream-download.ts); network
 * failures are the API client's named ApiErrors (refused, unreachable, cut_off, timeout, too_large...).
 */
import { randomBytes } from 'node:crypto'
import { open, rename, rm } from 'node:fs/promises'
import { isApiError } from '../api/errors'
import { streamDownload, type DownloadOptions } from '../api/stream-download'
import { UserFacingError } from '../bridge/describe-error'

/** Largest file Booth downloads from a link: 1 GiB (a long take in 24-bit WAV, or a reference video). */
export const MAX_DOWNLOAD_BYTES = 1024 * 1024 * 1024

export async function downloadToFile(url: string, path: string, options: Partial<DownloadOptions> = {}): Promise<void> {
  const temp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.part`
  const file = await open(temp, 'wx').catch((err: unknown) => {
    throw new UserFacingError('download_failed', `The file could not be saved: ${(err as Error).message}.`, 500)
  })
  let closed = false
  try {
    const result = await streamDownload(
      url,
      async (chunk) => {
        await file.write(chunk)
      },
      { maxBytes: MAX_DOWNLOAD_BYTES, ...options },
    )
    if (result.status === 410)
      throw new UserFacingError('expired', 'The download link expired. Try again to get a fresh one.', 410)
    if (result.status < 200 || result.status > 299)
      throw new UserFacingError('download_failed', `The download failed (HTTP ${result.status}).`, 502)
    await file.close()
    closed = true
    await rename(temp, path)
  } catch (err) {
    if (!closed) await file.close().catch(() => {})
    await rm(temp, { force: true })
    if (err instanceof UserFacingError || isApiError(err)) throw err
    throw new UserFacingError('download_failed', `The file could not be saved: ${(err as Error).message}.`, 500)
  }
}
