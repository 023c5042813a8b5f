/** Downloads a short-lived link to a file the person chose, streaming, via a temp file renamed into place. */
import { createWriteStream } from 'node:fs'
import { rename, rm } from 'node:fs/promises'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { UserFacingError } from '../bridge/describe-error'

export async function downloadToFile(url: string, path: string, fetchImpl: typeof fetch = fetch): Promise<void> {
  const res = await fetchImpl(url, { signal: AbortSignal.timeout(10 * 60_000) }).catch((err: unknown) => {
    throw new UserFacingError('offline', `The download could not start: ${(err as Error).message}.`, 503)
  })
  if (res.status === 410) throw new UserFacingError('expired', 'The download link expired. Try again to get a fresh one.', 410)
  if (!res.ok || !res.body) throw new UserFacingError('download_failed', `The download failed (HTTP ${res.status}).`, 502)
  const temp = `${path}.${process.pid}.part`
  try {
    await pipeline(Readable.fromWeb(res.body as import('node:stream/web').ReadableStream), createWriteStream(temp))
    await rename(temp, path)
  } catch (err) {
    await rm(temp, { force: true })
    throw err instanceof UserFacingError ? err : new UserFacingError('download_failed', `The file could not be saved: ${(err as Error).message}.`, 500)
  }
}
