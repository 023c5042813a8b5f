/**
 * The web host's local files for the page: takes and cached PDFs to play or show (GET /media/<id>, with
 * Range for seeking), and files the person drops onto the page (POST /bridge/upload), which a browser can
 * only hand over as bytes. Media ids are random and registered by main; only allowed folders are served.
 */
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, rm, stat } from 'node:fs/promises'
import { randomBytes } from 'node:crypto'
import { basename, extname, join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { resolveAllowedMediaPath } from '../security/media-path-guard'
import { safeFileName } from '../storage/safe-file-name'
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../storage/private-files'

const MEDIA_TYPES: Record<string, string> = {
  '.wav': 'audio/wav',
  '.aif': 'audio/aiff',
  '.aiff': 'audio/aiff',
  '.flac': 'audio/flac',
  '.mp3': 'audio/mpeg',
  '.m4a': 'audio/mp4',
  '.pdf': 'application/pdf',
}
/** A dropped take may be long; 4 GiB covers an hour of 96 kHz 24-bit stereo. */
export const MAX_UPLOAD_BYTES = 4 * 1024 ** 3

export class MediaRegistry {
  private readonly byId = new Map<string, string>()
  private readonly byPath = new Map<string, string>()

  constructor(private readonly allowedRoots: string[]) {}

  /** A stable URL path for a local file (the same file keeps its id while the host runs). */
  urlFor(path: string): string {
    let id = this.byPath.get(path)
    if (!id) {
      id = randomBytes(12).toString('base64url')
      this.byId.set(id, path)
      this.byPath.set(path, id)
    }
    return `/media/${id}${extname(path)}`
  }

  async serve(req: IncomingMessage, res: ServerResponse, idWithExt: string): Promise<void> {
    const path = this.byId.get(idWithExt.replace(/\.[a-z0-9]+$/i, ''))
    const allowed = path ? await resolveAllowedMediaPath(path, this.allowedRoots) : null
    if (!allowed) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('No such file.')
      return
    }
    const size = (await stat(allowed)).size
    const type = MEDIA_TYPES[extname(allowed).toLowerCase()] ?? 'application/octet-stream'
    const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '')
    const headers: Record<string, string> = {
      'content-type': type,
      'accept-ranges': 'bytes',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    }
    // ?download=1: the browser saves the file (with its own name) instead of showing it.
    if (new URL(req.url ?? '/', 'http://host').searchParams.get('download') === '1') {
      headers['content-disposition'] = `attachment; filename*=UTF-8''${encodeURIComponent(basename(allowed))}`
    }
    if (!range || (range[1] === '' && range[2] === '')) {
      res.writeHead(200, { ...headers, 'content-length': size })
      if (req.method === 'HEAD') return void res.end()
      return send(createReadStream(allowed), res)
    }
    const start = range[1] === '' ? Math.max(0, size - Number(range[2])) : Number(range[1])
    const end = range[1] !== '' && range[2] !== '' ? Math.min(Number(range[2]), size - 1) : size - 1
    if (start > end || start >= size) {
      res.writeHead(416, { 'content-range': `bytes */${size}` }).end()
      return
    }
    res.writeHead(206, {
      ...headers,
      'content-length': end - start + 1,
      'content-range': `bytes ${start}-${end}/${size}`,
    })
    if (req.method === 'HEAD') return void res.end()
    return send(createReadStream(allowed, { start, end }), res)
  }
}

/**
 * Streams a file as the answer. A player that lets go mid-file (the page's audio element seeking, or
 * taking the first bytes and asking again with a Range) is ordinary: not a failure, so not logged.
 */
async function send(file: NodeJS.ReadableStream, res: ServerResponse): Promise<void> {
  try {
    await pipeline(file, res)
  } catch (err) {
    if (res.destroyed && (err as { code?: unknown })?.code === 'ERR_STREAM_PREMATURE_CLOSE') return
    throw err
  }
}

/** Saves a dropped file's bytes under <dataDir>/incoming/<random>/<its name> and returns that path. */
export async function receiveUpload(req: IncomingMessage, incomingDir: string, rawName: string): Promise<string> {
  const name = safeFileName(rawName)
  // A drop cut off before the copy starts (while its folder is made) must not be an error nobody handles;
  // the copy below then fails on the ended request and says so.
  req.on('error', () => undefined)
  const declared = Number(req.headers['content-length'] ?? NaN)
  if (Number.isFinite(declared) && declared > MAX_UPLOAD_BYTES)
    throw Object.assign(new Error('That file is larger than 4 GB.'), { status: 413 })
  const dir = join(incomingDir, randomBytes(8).toString('hex'))
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE })
  const path = join(dir, name)
  let received = 0
  req.on('data', (chunk: Buffer) => {
    received += chunk.length
    if (received > MAX_UPLOAD_BYTES)
      req.destroy(Object.assign(new Error('That file is larger than 4 GB.'), { status: 413 }))
  })
  try {
    await pipeline(req, createWriteStream(path, { mode: PRIVATE_FILE_MODE }))
  } catch (err) {
    // A drop cut off (or too large) leaves no partial copy behind.
    await rm(dir, { recursive: true, force: true })
    throw err
  }
  return path
}
