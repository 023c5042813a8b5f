/** Serves the built renderer (out/renderer) with a strict Content-Security-Policy; unknown paths get index.html. */
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { extname, join, normalize, sep } from 'node:path'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { buildContentSecurityPolicy } from '../security/content-security-policy'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.mjs': 'text/javascript; charset=utf-8',
}

/** The page's policy: Booth's one CSP (no inline script, no eval, Trusted Types, nothing framed). */
export const WEB_CSP = buildContentSecurityPolicy()

export async function serveStatic(
  req: IncomingMessage,
  res: ServerResponse,
  root: string,
  path: string,
): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD' }).end()
    return
  }
  const decoded = safeDecode(path)
  const candidate = decoded === null ? null : normalize(join(root, decoded))
  let file = candidate && candidate.startsWith(normalize(root + sep)) ? candidate : join(root, 'index.html')
  const info = await stat(file).catch(() => null)
  if (!info?.isFile()) file = join(root, 'index.html')
  const indexInfo = await stat(file).catch(() => null)
  if (!indexInfo) {
    res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' })
    res.end('Booth’s window has not been built yet: run `npm run build` first.')
    return
  }
  res.writeHead(200, {
    'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
    'content-security-policy': WEB_CSP,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cache-control': file.endsWith('.html') ? 'no-store' : 'max-age=3600',
  })
  if (req.method === 'HEAD') {
    res.end()
    return
  }
  createReadStream(file).pipe(res)
}

function safeDecode(path: string): string | null {
  try {
    const decoded = decodeURIComponent(path)
    return decoded.includes('\0') ? null : decoded
  } catch {
    return null
  }
}
