/**
 * URL decisions for window hardening: what counts as the app's own origin, and which links may be handed
 * to the OS browser. Pure functions, no Electron.
 */

/** Longest link Booth will hand to the OS browser. */
export const MAX_EXTERNAL_URL_LENGTH = 2048

/**
 * `scheme://host[:port]` of a URL, lower-case, or null when it has no host (file:, data:, about:,
 * javascript:, mailto:, garbage). Node's `URL.origin` is 'null' for custom schemes such as `booth://app`,
 * so this builds the origin itself.
 */
export function originOf(url: string): string | null {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return null
  }
  if (parsed.protocol === 'file:' || parsed.host === '') return null
  return `${parsed.protocol}//${parsed.host}`.toLowerCase()
}

/** True when `url` belongs to the app origin (same scheme, host and port). */
export function isAppUrl(url: string, appOrigin: string): boolean {
  const origin = originOf(url)
  return origin !== null && origin === originOf(appOrigin)
}

/**
 * Checks the app origin Booth's windows are loaded from: a URL with a scheme and a host (e.g.
 * `booth://app` for a privileged custom protocol, `http://127.0.0.1:5173` for the dev server).
 * file: is refused because every local file would share its origin. Returns the normalised origin.
 */
export function assertAppOrigin(appOrigin: string): string {
  const origin = typeof appOrigin === 'string' ? originOf(appOrigin) : null
  if (origin === null) {
    throw new TypeError(
      `The app origin must be a URL with a scheme and a host, such as booth://app or http://127.0.0.1:5173; ` +
        `"${String(appOrigin)}" is not (file: URLs cannot be told apart from other local files).`,
    )
  }
  return origin
}

const LOOPBACK_HOST =
  /^(localhost|.*\.localhost|127(\.\d{1,3}){3}|0\.0\.0\.0|\[::1?\]|\[::ffff:127(\.\d{1,3}){3}\]|\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\])$/i

export type ExternalUrlVerdict = { ok: true; url: string } | { ok: false; reason: string }

/**
 * Decides whether a link may be opened in the OS browser. Allowed: http: and https: URLs with a host, no
 * user name or password, not pointing at this computer (a link to 127.0.0.1 could drive Booth's own web
 * host or another local service), at most 2048 characters, no control characters or white space.
 * Everything else (file:, javascript:, data:, custom schemes, …) is refused with a reason.
 * On success `url` is the normalised form to pass on, never the raw input.
 */
export function checkExternalUrl(raw: unknown): ExternalUrlVerdict {
  if (typeof raw !== 'string' || raw === '') return { ok: false, reason: 'the link is empty' }
  if (raw.length > MAX_EXTERNAL_URL_LENGTH) {
    return { ok: false, reason: `the link is longer than ${MAX_EXTERNAL_URL_LENGTH} characters` }
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069]/.test(raw)) {
    return { ok: false, reason: 'the link contains spaces, control or direction characters' }
  }
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return { ok: false, reason: 'the link is not a complete URL' }
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, reason: `only http and https links open in the browser, not ${url.protocol}` }
  }
  if (url.hostname === '') return { ok: false, reason: 'the link has no host' }
  if (url.username !== '' || url.password !== '') {
    return { ok: false, reason: 'the link carries a user name or password' }
  }
  if (LOOPBACK_HOST.test(url.hostname)) return { ok: false, reason: 'the link points at this computer' }
  return { ok: true, url: url.href }
}
