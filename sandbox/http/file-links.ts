/**
 * Short-lived links: GET {baseUrl}/files/{token} serves the bytes behind a token the domain issued
 * (world.openLink). No bearer key: the token is the secret. 404 unknown, 410 expired.
 */
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import type { IncomingMessage } from 'node:http'
import type { World } from '../seam'
import { errorReply, type Reply } from './envelope'

export const FILES_PREFIX = '/files/'

export function isFilePath(pathname: string): boolean {
  return pathname.startsWith(FILES_PREFIX)
}

/** `inline; filename="ascii"; filename*=UTF-8''percent-encoded` (RFC 6266). */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  )
  return `inline; filename="${ascii}"; filename*=UTF-8''${encoded}`
}

export async function handleFileLink(world: World, req: IncomingMessage, url: URL, now: number): Promise<Reply> {
  const method = req.method ?? 'GET'
  if (method !== 'GET' && method !== 'HEAD') {
    return errorReply(404, 'not_found', `There is no operation ${method} ${url.pathname}; links are read with GET.`)
  }
  let token: string
  try {
    token = decodeURIComponent(url.pathname.slice(FILES_PREFIX.length))
  } catch {
    token = ''
  }
  const found = token === '' || token.includes('/') ? null : world.openLink(token, now)
  if (found === null) return errorReply(404, 'not_found', 'This link is unknown.')
  if (found === 'expired') return errorReply(410, 'not_found', 'This link has expired; ask for a new one.')
  const headers: Record<string, string> = {
    'Content-Type': found.contentType,
    'Content-Disposition': contentDisposition(found.fileName),
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
  }
  if (found.body instanceof Uint8Array) {
    const bytes = Buffer.from(found.body.buffer, found.body.byteOffset, found.body.byteLength)
    headers['Content-Length'] = String(bytes.length)
    return method === 'HEAD' ? { status: 200, headers } : { status: 200, headers, body: bytes }
  }
  const path = found.body.path
  let size: number
  try {
    size = (await stat(path)).size
  } catch {
    return errorReply(404, 'not_found', 'The file behind this link is no longer there.')
  }
  headers['Content-Length'] = String(size)
  return method === 'HEAD' ? { status: 200, headers } : { status: 200, headers, body: createReadStream(path) }
}
