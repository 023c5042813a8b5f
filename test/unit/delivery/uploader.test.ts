import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningSandbox } from '../../../sandbox/server'
import { handleFromUrl } from '../../../main/delivery/upload-server'
import { startUpload, UploadFailedError, type UploadRequest } from '../../../main/delivery/uploader'
import { startProxy, type ByteCountingProxy } from './byte-counting-proxy'
import { sandboxAt, serverOffset, tempDir, TOKEN } from './delivery-fixture'

/** A JSON file another writer is rewriting: its content once it parses to `want` (or, after 5 s, whatever it holds). */
async function settledJson(path: string, want: unknown): Promise<unknown> {
  for (let i = 0; ; i++) {
    const text = await readFile(path, 'utf8')
    if (i >= 100) return JSON.parse(text)
    try {
      const value: unknown = JSON.parse(text)
      if (JSON.stringify(value) === JSON.stringify(want)) return value
    } catch {
      // Mid-write: read again.
    }
    await new Promise((r) => setTimeout(r, 50))
  }
}

const MB = 1024 * 1024
let sandbox: RunningSandbox
let proxy: ByteCountingProxy
let work: Awaited<ReturnType<typeof tempDir>>
let file: string
const SIZE = 6 * MB

beforeAll(async () => {
  sandbox = await sandboxAt()
  proxy = await startProxy(sandbox.url)
  work = await tempDir('booth-uploader-')
  file = join(work.path, 'take.wav')
  const bytes = Buffer.alloc(SIZE)
  for (let i = 0; i < SIZE; i += 4096) bytes.writeUInt32LE(i, i) // not all zeros: a wrong offset would show
  await writeFile(file, bytes)
})
afterAll(async () => {
  await proxy.close()
  await sandbox.close()
  await work.remove()
})

const request = (dataDir: string, extra: Partial<UploadRequest> = {}): UploadRequest => ({
  baseUrl: proxy.url,
  apiKey: () => TOKEN,
  dataDir,
  takeId: 'take-1',
  path: file,
  fileName: 'take.wav',
  fileType: 'audio/wav',
  chunkBytes: 2 * MB,
  retryDelaysMs: [0, 50],
  progressIntervalMs: 0,
  ...extra,
})

describe('uploader', () => {
  it('pauses mid-upload keeping what the server has, and resumes from the server offset', async () => {
    const dataDir = join(work.path, 'pause')
    let handle: string | null = null
    const progress: number[] = []
    proxy.setRate(4 * MB)
    const first = await startUpload(
      request(dataDir, {
        onHandle: (h) => {
          handle = h
        },
        onProgress: (s) => progress.push(s),
      }),
    )
    while ((progress.at(-1) ?? 0) < 2.5 * MB) await new Promise((r) => setTimeout(r, 20))
    await first.pause()
    expect(await first.done).toEqual({ outcome: 'paused' })
    expect(handle).toMatch(/^[0-9a-f]{32}$/)
    await new Promise((r) => setTimeout(r, 200))
    const offset = (await serverOffset(sandbox.url, handle as unknown as string)) as number
    expect(offset).toBeGreaterThan(0)
    expect(offset).toBeLessThan(SIZE)
    // The URL storage keeps the upload's address, never the key.
    const stored = await readFile(join(dataDir, 'uploads.json'), 'utf8')
    expect(stored).toContain(handle as unknown as string)
    expect(stored).not.toContain(TOKEN)

    proxy.setRate(null)
    proxy.reset()
    const second = await startUpload(request(dataDir))
    const end = await second.done
    expect(end).toEqual({ outcome: 'done', handle, size: SIZE, resumedFrom: offset })
    expect(proxy.bytesUp()).toBe(SIZE - offset)
    expect(await serverOffset(sandbox.url, handle as unknown as string)).toBe(SIZE)
    // Finished uploads leave the URL storage. tus-js-client rewrites the file after the upload's success
    // without waiting for it, so the file is read until that write is over (it may be empty meanwhile).
    expect(await settledJson(join(dataDir, 'uploads.json'), {})).toEqual({})
  })

  it('cancel stops the upload and deletes it on the server', async () => {
    const dataDir = join(work.path, 'cancel')
    let handle: string | null = null
    proxy.setRate(2 * MB)
    const run = await startUpload(
      request(dataDir, {
        onHandle: (h) => {
          handle = h
        },
      }),
    )
    while (handle === null) await new Promise((r) => setTimeout(r, 20))
    await new Promise((r) => setTimeout(r, 300))
    await run.cancel()
    proxy.setRate(null)
    expect(await run.done).toEqual({ outcome: 'cancelled' })
    expect(await serverOffset(sandbox.url, handle)).toBeNull()
    expect(JSON.parse(await readFile(join(dataDir, 'uploads.json'), 'utf8'))).toEqual({})
  })

  it('a refused key is a final failure with the status; an unreachable server is one without', async () => {
    const refused = await startUpload(
      request(join(work.path, 'bad-key'), { baseUrl: sandbox.url, apiKey: () => 'booth_not_a_known_key_0000' }),
    )
    await expect(refused.done).rejects.toMatchObject({ name: 'UploadFailedError', status: 401 })
    const closed = await startUpload(
      request(join(work.path, 'down'), { baseUrl: 'http://127.0.0.1:9', retryDelaysMs: [] }),
    )
    const err = await closed.done.catch((e: unknown) => e)
    expect(err).toBeInstanceOf(UploadFailedError)
    expect(err).toMatchObject({ status: null, message: expect.stringMatching(/could not be reached/) })
  })

  it('refuses bad requests with a sentence', async () => {
    const dataDir = join(work.path, 'bad')
    await expect(startUpload(request(dataDir, { baseUrl: 'ftp://x' }))).rejects.toThrow(/not an http\(s\) address/)
    await expect(startUpload(request(dataDir, { fileName: ' ' }))).rejects.toThrow(/file name/)
    await expect(startUpload(request(dataDir, { chunkBytes: 10 }))).rejects.toThrow(/at least 64 KiB/)
    await expect(startUpload(request(dataDir, { path: join(work.path, 'missing.wav') }))).rejects.toThrow(
      /cannot be read/,
    )
    await expect(startUpload(request(dataDir, { path: work.path }))).rejects.toThrow(/is not a file/)
  })

  it('reads the handle from the last path segment of the Location', () => {
    expect(handleFromUrl(`http://h:1/api/v1/uploads/${'a'.repeat(32)}`)).toBe('a'.repeat(32))
    expect(handleFromUrl(`http://h:1/api/v1/uploads/${'a'.repeat(32)}/`)).toBe('a'.repeat(32))
    expect(handleFromUrl('http://h:1/api/v1/uploads/XYZ')).toBeNull()
    expect(handleFromUrl('not a url')).toBeNull()
  })
})
