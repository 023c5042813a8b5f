/**
 * Booth's Content-Security-Policy for the renderer. Sent as a response header (frame-ancestors is ignored
 * in a <meta> tag) by the app protocol handler in Electron and by the web host.
 */

/** Scheme of the local media protocol that serves takes to <audio> and wavesurfer (see media-path-guard.ts). */
export const MEDIA_SCHEME = 'booth-media'

/** Trusted Types policy names the renderer may create: Booth's own and DOMPurify's. */
export const TRUSTED_TYPES_POLICIES = ['booth', 'dompurify'] as const

export interface CspOptions {
  /** Origin of the web host (e.g. `http://127.0.0.1:4310`) that the browser bridge talks to, if any. */
  webHostOrigin?: string
  /** Media protocol scheme (default `booth-media`). */
  mediaScheme?: string
}

function checkedOrigin(origin: string): string {
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    throw new TypeError(`The web host origin must be a URL such as http://127.0.0.1:4310; "${origin}" is not.`)
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.host === '') {
    throw new TypeError(`The web host origin must be an http(s) URL with a host; "${origin}" is not.`)
  }
  if (url.pathname !== '/' || url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') {
    throw new TypeError(`The web host origin must be only scheme, host and port; "${origin}" has more.`)
  }
  return url.origin
}

/** The CSP directives as [name, values] pairs, in header order. */
export function contentSecurityPolicyDirectives(options: CspOptions = {}): Array<[string, string[]]> {
  const scheme = options.mediaScheme ?? MEDIA_SCHEME
  if (!/^[a-z][a-z0-9+.-]*$/.test(scheme)) {
    throw new TypeError(`The media scheme must be a lower-case URL scheme like booth-media; "${scheme}" is not.`)
  }
  const connect = ["'self'"]
  if (options.webHostOrigin !== undefined) connect.push(checkedOrigin(options.webHostOrigin))
  return [
    ['default-src', ["'self'"]],
    // No 'unsafe-inline', no 'unsafe-eval', no 'wasm-unsafe-eval': only the app's own bundled files run.
    ['script-src', ["'self'"]],
    // Inline <style> is allowed: wavesurfer.js renders its shadow DOM with a <style> element. Styles cannot
    // run script; the script rules above are what keep injected text inert.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:']],
    ['font-src', ["'self'"]],
    ['connect-src', connect],
    ['media-src', ["'self'", 'blob:', `${scheme}:`]],
    ['worker-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['frame-src', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'none'"]],
    ['require-trusted-types-for', ["'script'"]],
    ['trusted-types', [...TRUSTED_TYPES_POLICIES]],
  ]
}

/** The Content-Security-Policy header value. */
export function buildContentSecurityPolicy(options: CspOptions = {}): string {
  return contentSecurityPolicyDirectives(options)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ')
}
