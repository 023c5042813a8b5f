/**
 * The tus 1.0 upload endpoint at /api/v1/uploads (Booth's decision where the API reference shows no upload operation):
 * @tus/server + @tus/file-store, bearer-authenticated like every operation (scope deliveries:write), upload
 * ids of 32 lowercase hex characters, each upload visible only to the key that created it. The upload id is
 * the delivery `handle`; `info()` gives the domain what the store knows about one.
 *
 * Disk hygiene (tus expiration extension): an upload not finished within `expiry.afterMs` of its
 * creation (default 24 h) expires — every POST and PATCH answer carries its `Upload-Expires` time, HEAD
 * and PATCH on it then answer 410 Gone, and a sweep every `expiry.sweepEveryMs` (default 10 min) deletes
 * its bytes and record. An upload of 0 bytes holds no take and is refused at creation. A sweep also runs
 * when the endpoint starts, so uploads that expired while the sandbox was stopped go at once.
 *
 * `list()` tells what the store holds (the sandbox's open-uploads listing, server.ts, is built on it).
 */
import { randomBytes } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import type { ReadableStream as NodeWebStream } from 'node:stream/web'
import { FileStore } from '@tus/file-store'
import { Server as TusServer } from '@tus/server'
import type { UploadInfo } from '../seam'
import { API_BASE_PATH } from './contract'
import { errorReply, type Reply } from './envelope'

export const UPLOADS_PATH = `${API_BASE_PATH}/uploads`
export const UPLOAD_SCOPE = 'deliveries:write'
export const MAX_UPLOAD_BYTES = 1024 * 1024 * 1024
const HANDLE_RE = /^[0-9a-f]{32}$/
/** Internal header carrying the caller's key id into the tus hooks; any client-sent copy is dropped. */
const KEY_HEADER = 'x-booth-sandbox-key-id'
const OWNER_FIELD = 'booth_key_id'

export function isUploadPath(pathname: string): boolean {
  return pathname === UPLOADS_PATH || pathname.startsWith(`${UPLOADS_PATH}/`)
}

export interface UploadExpiry {
  /** An unfinished upload expires this long after its creation. */
  afterMs: number
  /** How often expired uploads are deleted. */
  sweepEveryMs: number
}

export const DEFAULT_UPLOAD_EXPIRY: UploadExpiry = { afterMs: 24 * 60 * 60_000, sweepEveryMs: 10 * 60_000 }

/** One upload the store holds. */
export interface StoredUpload {
  handle: string
  /** The key id that created it (only that key may touch it). */
  keyId: string
  size: number | null
  offset: number
  fileName: string | null
  /** Creation time (ms), when the store knows it. */
  createdAt: number | null
  /** When an unfinished upload expires (ms); null once finished. */
  expiresAt: number | null
}

export class UploadEndpoint {
  private readonly store: FileStore
  private readonly tus: TusServer
  private readonly sweeper: NodeJS.Timeout
  private sweeping: Promise<number> | null = null

  constructor(
    readonly directory: string,
    baseUrl: () => string,
    readonly expiry: UploadExpiry = DEFAULT_UPLOAD_EXPIRY,
    private readonly log: (line: string) => void = () => undefined,
  ) {
    if (!(expiry.afterMs > 0) || !(expiry.sweepEveryMs > 0))
      throw new RangeError('Upload expiry and sweep interval must be positive numbers of milliseconds.')
    this.store = new FileStore({ directory, expirationPeriodInMilliseconds: expiry.afterMs })
    this.tus = new TusServer({
      path: UPLOADS_PATH,
      datastore: this.store,
      maxSize: MAX_UPLOAD_BYTES,
      respectForwardedHeaders: false,
      namingFunction: () => randomBytes(16).toString('hex'),
      generateUrl: (_req, { path, id }) => `${baseUrl()}${path}/${id}`,
      onUploadCreate: async (req, upload) => ({
        metadata: { ...(upload.metadata ?? {}), [OWNER_FIELD]: req.headers.get(KEY_HEADER) ?? '' },
      }),
    })
    this.sweeper = setInterval(() => void this.sweep(), expiry.sweepEveryMs)
    this.sweeper.unref()
    void this.sweep()
  }

  /** Every upload the store holds (finished or not, of any key), oldest first. */
  async list(): Promise<StoredUpload[]> {
    const ids = (await this.store.configstore.list?.()) ?? []
    const out: StoredUpload[] = []
    for (const id of ids) {
      if (!HANDLE_RE.test(id)) continue
      const upload = await this.store.getUpload(id).catch(() => null)
      if (!upload) continue
      const createdAt = upload.creation_date ? Date.parse(upload.creation_date) : null
      const finished = upload.size !== undefined && upload.offset === upload.size
      out.push({
        handle: id,
        keyId: upload.metadata?.[OWNER_FIELD] ?? '',
        size: upload.size ?? null,
        offset: upload.offset,
        fileName: upload.metadata?.filename ?? null,
        createdAt,
        expiresAt: finished || createdAt === null ? null : createdAt + this.expiry.afterMs,
      })
    }
    return out.sort((a, b) => (a.createdAt ?? 0) - (b.createdAt ?? 0))
  }

  /**
   * Deletes every expired unfinished upload now; resolves with how many went. One sweep at a time.
   * (@tus/file-store's own deleteExpired() reads the offset from its record, which it never updates,
   * so it would delete finished uploads too; the true offset comes from getUpload().)
   */
  sweep(): Promise<number> {
    this.sweeping ??= this.deleteExpired()
      .then(
        (n) => {
          if (n > 0) this.log(`sandbox: deleted ${n} expired unfinished upload${n === 1 ? '' : 's'}`)
          return n
        },
        (err: unknown) => {
          this.log(`sandbox: sweeping expired uploads failed: ${err instanceof Error ? err.message : String(err)}`)
          return 0
        },
      )
      .finally(() => {
        this.sweeping = null
      })
    return this.sweeping
  }

  private async deleteExpired(): Promise<number> {
    const ids = (await this.store.configstore.list?.()) ?? []
    const now = Date.now()
    let deleted = 0
    for (const id of ids) {
      const upload = await this.store.getUpload(id).catch(() => null)
      if (!upload || upload.size === upload.offset || !upload.creation_date) continue
      if (Date.parse(upload.creation_date) + this.expiry.afterMs >= now) continue
      await this.store.remove(id).catch(() => undefined)
      deleted++
    }
    return deleted
  }

  /** Stops the sweep timer (waits for a sweep under way). */
  async close(): Promise<void> {
    clearInterval(this.sweeper)
    await this.sweeping
  }

  /** What the store knows about `handle`, if the upload exists and belongs to `keyId`. */
  async info(handle: string, keyId: string): Promise<UploadInfo | null> {
    if (!HANDLE_RE.test(handle)) return null
    let upload
    try {
      upload = await this.store.getUpload(handle)
    } catch {
      return null
    }
    if (upload.metadata?.[OWNER_FIELD] !== keyId) return null
    return {
      handle,
      size: upload.size ?? null,
      offset: upload.offset,
      fileName: upload.metadata?.filename ?? null,
      path: join(this.directory, handle),
    }
  }

  /** Handle one tus request from an admitted key. */
  async handle(req: IncomingMessage, url: URL, keyId: string): Promise<Reply> {
    const method = req.method ?? 'GET'
    const rest = url.pathname.slice(UPLOADS_PATH.length)
    if (method === 'GET') {
      return errorReply(
        404,
        'not_found',
        'Uploads are written with tus (POST, HEAD, PATCH, DELETE); they are not read back here.',
      )
    }
    if (rest !== '' && rest !== '/') {
      const id = rest.slice(1)
      const known = await this.info(id, keyId)
      if (!known) return errorReply(404, 'not_found', 'There is no upload with this id for this key.')
      // Expiry is for unfinished uploads only (@tus/server's HEAD would call a finished one gone too).
      if (method === 'HEAD' && known.size !== null && known.offset === known.size) {
        const headers = {
          'tus-resumable': '1.0.0',
          'upload-offset': String(known.offset),
          'upload-length': String(known.size),
          'cache-control': 'no-store',
        }
        return { status: 200, headers }
      }
    } else if (method !== 'POST' && method !== 'OPTIONS') {
      return errorReply(
        404,
        'not_found',
        `There is no operation ${method} ${url.pathname}; create an upload with POST.`,
      )
    } else if (method === 'POST' && /^\s*0+\s*$/.test(String(req.headers['upload-length'] ?? ''))) {
      return errorReply(400, 'bad_request', 'An upload of 0 bytes holds no take; send the audio file itself.')
    }
    const headers = new Headers()
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined || name === KEY_HEADER) continue
      headers.set(name, Array.isArray(value) ? value.join(', ') : value)
    }
    headers.set(KEY_HEADER, keyId)
    const hasBody = method === 'PATCH' || method === 'POST'
    const init: RequestInit & { duplex?: 'half' } = { method, headers }
    if (hasBody) {
      init.body = Readable.toWeb(req) as unknown as ReadableStream<Uint8Array>
      init.duplex = 'half'
    }
    const response = await this.tus.handleWeb(new Request(url.href, init))
    const out: Record<string, string> = {}
    response.headers.forEach((value, name) => {
      out[name] = value
    })
    const body = response.body ? Readable.fromWeb(response.body as unknown as NodeWebStream<Uint8Array>) : undefined
    return body ? { status: response.status, headers: out, body } : { status: response.status, headers: out }
  }
}
