/**
 * Booth's two custom protocols in Electron, instead of file://:
 * - booth://app/…       the built renderer (only regular files inside it; no way out with `..`);
 * - booth-media://…     local audio and cached script PDFs, only from allowed folders (media-path-guard).
 * Every answer of both, refusals included, carries Booth's Content-Security-Policy and nosniff.
 */
import type { Protocol } from 'electron'
import { stat } from 'node:fs/promises'
import { join, normalize } from 'node:path'
import { pathToFileURL } from 'node:url'
import { buildContentSecurityPolicy, MEDIA_SCHEME } from '../security/content-security-policy'
import { isInside, resolveAllowedMediaPath } from '../security/media-path-guard'

export const APP_SCHEME = 'booth'
export const APP_HOST = 'app'
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`

/** Electron's net.fetch, as far as the protocols use it (file: URLs). */
export type FileFetch = (url: string, init?: { headers?: Headers }) => Promise<Response>

export function registerPrivilegedSchemes(protocol: Pick<Protocol, 'registerSchemesAsPrivileged'>): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
    { scheme: MEDIA_SCHEME, privileges: { secure: true, supportFetchAPI: true, stream: true } },
  ])
}

/**
 * The file inside `rendererDir` that a booth://app URL names, or null: another host, a path that is not
 * valid percent-encoding, a NUL byte, or one that leaves the folder (`..`, encoded or not, or a
 * backslash on Windows). `booth://app/` is index.html.
 */
export function rendererFilePath(rendererDir: string, requestUrl: string): string | null {
  let url: URL
  let path: string
  try {
    url = new URL(requestUrl)
    path = decodeURIComponent(url.pathname)
  } catch {
    return null
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST || path.includes('\0')) return null
  const file = normalize(join(rendererDir, path === '/' ? 'index.html' : path))
  if (!isInside(file, rendererDir)) return null
  return file
}

function withSecurityHeaders(answer: Response, csp: string): Response {
  const headers = new Headers(answer.headers)
  headers.set('content-security-policy', csp)
  headers.set('x-content-type-options', 'nosniff')
  return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers })
}

const isFile = (path: string) =>
  stat(path).then(
    (s) => s.isFile(),
    () => false,
  )

export function registerAppProtocols(
  protocol: Pick<Protocol, 'handle'>,
  opts: { rendererDir: string; mediaRoots: string[]; fetchFile: FileFetch },
): void {
  const csp = buildContentSecurityPolicy()
  protocol.handle(APP_SCHEME, async (request) => {
    const file = rendererFilePath(opts.rendererDir, request.url)
    const answer =
      file !== null && (await isFile(file))
        ? await opts.fetchFile(pathToFileURL(file).toString()).catch(() => null)
        : null
    return withSecurityHeaders(answer?.ok ? answer : new Response('Not found', { status: 404 }), csp)
  })
  protocol.handle(MEDIA_SCHEME, async (request) => {
    // booth-media://file/<url-encoded absolute path>
    let requested: string | null
    try {
      requested = decodeURIComponent(new URL(request.url).pathname.slice(1))
    } catch {
      requested = null
    }
    const allowed = requested === null ? null : await resolveAllowedMediaPath(requested, opts.mediaRoots)
    if (!allowed) return withSecurityHeaders(new Response('Not allowed', { status: 403 }), csp)
    const answer = await opts
      .fetchFile(pathToFileURL(allowed).toString(), { headers: request.headers })
      .catch(() => null)
    return withSecurityHeaders(answer ?? new Response('Not found', { status: 404 }), csp)
  })
}
