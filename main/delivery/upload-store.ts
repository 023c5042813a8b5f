/**
 * Where unfinished uploads can be resumed from: tus-js-client's Node FileUrlStorage in
 * `<dataDir>/uploads.json`, under a fingerprint of the take id + file size + mtime (+ endpoint), made
 * forgiving of a failing write and of a damaged file. The API key is never written to it.
 */
import { join } from 'node:path'
import * as tus from 'tus-js-client'
import { readJsonDataFile } from '../storage/json-data-file'
import { handleFromUrl } from './upload-server'

/** tus-js-client exports FileUrlStorage in Node but its type declarations leave it out. */
const { FileUrlStorage } = tus as unknown as { FileUrlStorage: new (path: string) => tus.UrlStorage }

export const URL_STORAGE_FILE = 'uploads.json'

/**
 * tus-js-client's FileUrlStorage at `<dataDir>/uploads.json`, made forgiving: tus-js-client does not
 * catch a failing storage write (it would crash the process), and an upload can go on without being
 * resumable, so storage failures are reported to `onError` and otherwise ignored.
 */
export function urlStorageFor(dataDir: string, onError: (err: unknown) => void = () => {}): tus.UrlStorage {
  const file = new FileUrlStorage(join(dataDir, URL_STORAGE_FILE))
  const soft = <T>(work: () => Promise<T>, fallback: T): Promise<T> =>
    work().catch((err: unknown) => {
      onError(err)
      return fallback
    })
  return {
    findAllUploads: () => soft(() => file.findAllUploads(), []),
    findUploadsByFingerprint: (fp) => soft(() => file.findUploadsByFingerprint(fp), []),
    removeUpload: (key) => soft(() => file.removeUpload(key), undefined),
    addUpload: (fp, upload) => soft(() => file.addUpload(fp, upload), `tus::${fp}::unsaved`),
  }
}

export async function removeStoredUploads(dataDir: string, fingerprint: string): Promise<void> {
  const storage = urlStorageFor(dataDir)
  const found = await storage.findUploadsByFingerprint(fingerprint).catch(() => [])
  for (const u of found) await storage.removeUpload(u.urlStorageKey).catch(() => undefined)
}

/**
 * Forgets the stored address of upload `handle` (whatever take or file it was for), so nothing resumes
 * it: called when a delivery is cancelled, before its DELETE is sent or queued for later.
 */
export async function forgetStoredUpload(dataDir: string, handle: string): Promise<void> {
  const storage = urlStorageFor(dataDir)
  const all = await storage.findAllUploads().catch(() => [])
  for (const u of all) {
    if (u.uploadUrl && handleFromUrl(u.uploadUrl) === handle)
      await storage.removeUpload(u.urlStorageKey).catch(() => undefined)
  }
}

/**
 * tus-js-client reads `uploads.json` whole before every change: a damaged one would make every upload
 * unresumable, and silently. Called once at start: a damaged file is set aside (the page says so) and
 * the next upload starts a fresh one. A file that cannot be read at all is left as it is.
 */
export async function keepDamagedUploadStore(dataDir: string): Promise<void> {
  const about = {
    what: 'Where unfinished uploads can be resumed from',
    reset: 'Uploads cut off before this start again from the beginning.',
  }
  const isObject = (v: unknown) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new Error('it is not a list of uploads by name')
    return v
  }
  await readJsonDataFile(join(dataDir, URL_STORAGE_FILE), { fallback: {}, validate: isObject, about }).catch(
    () => undefined,
  )
}
