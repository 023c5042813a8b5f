/**
 * The tus 1.0 upload endpoint at /api/v1/uploads (Booth's decision where seed 000 says "not shown"):
 * @tus/server + @tus/file-store, bearer-authenticated like every operation (scope deliveries:write), upload
 * ids of 32 lowercase hex characters, each upload visible only to the key that created it. The upload id is
 * the delivery `handle`; `info()` gives the domain what the store knows about one.
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

export class UploadEndpoint {
  private readonly store: FileStore
  private readonly tus: TusServer

  constructor(readonly directory: string, baseUrl: () => string) {
    this.store = new FileStore({ directory })
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
      return errorReply(404, 'not_found', 'Uploads are written with tus (POST, HEAD, PATCH, DELETE); they are not read back here.')
    }
    if (rest !== '' && rest !== '/') {
      const id = rest.slice(1)
      if (!(await this.info(id, keyId))) return errorReply(404, 'not_found', 'There is no upload with this id for this key.')
    } else if (method !== 'POST' && method !== 'OPTIONS') {
      return errorReply(404, 'not_found', `There is no operation ${method} ${url.pathname}; create an upload with POST.`)
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
    response.headers.forEach((value, name) => { out[name] = value })
    const body = response.body ? Readable.fromWeb(response.body as unknown as NodeWebStream<Uint8Array>) : undefined
    return body ? { status: response.status, headers: out, body } : { status: response.status, headers: out }
  }
}
