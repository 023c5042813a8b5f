/**
 * Booth's two custom protocols in Electron, instead of file://:
 * - booth://app/…       the built renderer, each answer with Booth's Content-Security-Policy header;
 * - booth-media://…     local audio and cached script PDFs, only from allowed folders (media-path-guard).
 */
import { net, type Protocol } from 'electron'
import { join, normalize, sep } from 'node:path'
import { pathToFileURL } from 'node:url'
import { buildContentSecurityPolicy, MEDIA_SCHEME } from '../desktop/content-security-policy'
import { resolveAllowedMediaPath } from '../desktop/media-path-guard'

export const APP_SCHEME = 'booth'
export const APP_ORIGIN = `${APP_SCHEME}://app`

export function registerPrivilegedSchemes(protocol: Protocol): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
    { scheme: MEDIA_SCHEME, privileges: { secure: true, supportFetchAPI: true, stream: true } },
  ])
}

export function registerAppProtocols(protocol: Protocol, opts: { rendererDir: string; mediaRoots: string[] }): void {
  const csp = buildContentSecurityPolicy()
  const root = normalize(opts.rendererDir + sep)
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url)
    const file = normalize(join(opts.rendererDir, decodeURIComponent(url.pathname)))
    if (url.host !== 'app' || !file.startsWith(root)) return new Response('Not found', { status: 404 })
    const answer = await net.fetch(pathToFileURL(file).toString()).catch(() => null)
    if (!answer?.ok) return new Response('Not found', { status: 404 })
    const headers = new Headers(answer.headers)
    headers.set('content-security-policy', csp)
    headers.set('x-content-type-options', 'nosniff')
    return new Response(answer.body, { status: 200, headers })
  })
  protocol.handle(MEDIA_SCHEME, async (request) => {
    // booth-media://file/<url-encoded absolute path>
    const url = new URL(request.url)
    const allowed = await resolveAllowedMediaPath(decodeURIComponent(url.pathname.slice(1)), opts.mediaRoots)
    if (!allowed) return new Response('Not allowed', { status: 403 })
    return net.fetch(pathToFileURL(allowed).toString(), { headers: request.headers })
  })
}
