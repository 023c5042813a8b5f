/**
 * Downloads a model's files into a folder: resumable (HTTP Range from what a `.part` file already
 * holds), with progress, each file's size and checksum checked (SHA-256 for large files; Git's blob
 * SHA-1 where that is all the host publishes) before it is renamed into place. A file whose checksum
 * does not match is deleted and refused. Files already complete and verified are not fetched again.
 */
import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdir, open, rename, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'

export interface ManifestFile {
  name: string
  url: string
  size: number
  /** Hex SHA-256 of the file. */
  sha256?: string
  /** Hex SHA-1 of the Git blob ("blob <size>\0" + content), for small files a Git host stores as is. */
  gitSha1?: string
}

export interface DownloadProgress {
  bytesDone: number
  bytesTotal: number
  file: string
}

export interface DownloadOptions {
  signal?: AbortSignal
  onProgress?: (p: DownloadProgress) => void
  fetch?: typeof fetch
}

export class ModelDownloadError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ModelDownloadError'
  }
}

async function sizeOf(path: string): Promise<number> {
  return stat(path).then(
    (s) => s.size,
    () => -1,
  )
}

async function checksumMatches(path: string, file: ManifestFile): Promise<boolean> {
  const hash = createHash(file.sha256 ? 'sha256' : 'sha1')
  if (!file.sha256) hash.update(`blob ${file.size}\0`)
  await pipeline(createReadStream(path), hash)
  const hex = hash.digest('hex')
  return hex === (file.sha256 ?? file.gitSha1 ?? '').toLowerCase()
}

export async function downloadModel(
  files: readonly ManifestFile[],
  dir: string,
  options: DownloadOptions = {},
): Promise<void> {
  for (const f of files) {
    if (!f.sha256 && !f.gitSha1)
      throw new ModelDownloadError(`The model file ${f.name} has no published checksum, so Booth will not use it.`)
    if (!/^[\w.-]+$/.test(f.name))
      throw new ModelDownloadError(`The model file name "${f.name}" is not a plain file name.`)
  }
  await mkdir(dir, { recursive: true })
  const total = files.reduce((s, f) => s + f.size, 0)
  let done = 0
  for (const f of files) {
    const final = join(dir, f.name)
    if ((await sizeOf(final)) === f.size && (await checksumMatches(final, f))) {
      done += f.size
      options.onProgress?.({ bytesDone: done, bytesTotal: total, file: f.name })
      continue
    }
    const part = `${final}.part`
    await fetchInto(f, part, done, total, options)
    if (!(await checksumMatches(part, f))) {
      await rm(part, { force: true })
      throw new ModelDownloadError(
        `The downloaded ${f.name} does not match its published checksum and was deleted; try again later.`,
      )
    }
    await rename(part, final)
    done += f.size
  }
}

async function fetchInto(
  f: ManifestFile,
  part: string,
  before: number,
  total: number,
  options: DownloadOptions,
): Promise<void> {
  let have = Math.max(0, await sizeOf(part))
  if (have > f.size) {
    await rm(part, { force: true })
    have = 0
  }
  if (have === f.size) return
  const doFetch = options.fetch ?? fetch
  let res: Response
  try {
    res = await doFetch(f.url, {
      headers: have > 0 ? { Range: `bytes=${have}-` } : {},
      ...(options.signal ? { signal: options.signal } : {}),
    })
  } catch (err) {
    throw new ModelDownloadError(
      `Booth could not reach the model's server (${(err as Error).message}); what is downloaded so far is kept and the download resumes next time.`,
    )
  }
  if (res.status === 200 && have > 0)
    have = 0 // the server ignored the range: start the file again
  else if (res.status !== 200 && res.status !== 206) {
    throw new ModelDownloadError(`The model's server answered ${res.status} for ${f.name}; try again later.`)
  }
  if (!res.body) throw new ModelDownloadError(`The model's server sent no data for ${f.name}.`)
  let got = have
  // Each chunk is written before the next is read, so a cut-off leaves every byte received on disk.
  const file = await open(part, have > 0 ? 'a' : 'w')
  const reader = res.body.getReader()
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>
      try {
        chunk = await reader.read()
      } catch {
        throw new ModelDownloadError(
          `The download of ${f.name} was cut off at ${Math.round(got / 1e6)} of ${Math.round(f.size / 1e6)} MB; it resumes from there next time.`,
        )
      }
      if (chunk.done) break
      got += chunk.value.byteLength
      if (got > f.size) {
        await file.close()
        await rm(part, { force: true })
        throw new ModelDownloadError(
          `The model's server sent more of ${f.name} than its published size; the download was stopped.`,
        )
      }
      await file.write(chunk.value)
      options.onProgress?.({ bytesDone: before + got, bytesTotal: total, file: f.name })
    }
  } finally {
    reader.releaseLock()
    await file.close().catch(() => undefined)
  }
  if (got !== f.size)
    throw new ModelDownloadError(
      `The download of ${f.name} ended early (${got} of ${f.size} bytes); it resumes from there next time.`,
    )
}
