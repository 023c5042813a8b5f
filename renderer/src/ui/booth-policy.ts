/**
 * Booth's ONE Trusted Types policy, "booth" (the CSP allows only "booth" and "dompurify", and a name can
 * be created once). It turns untrusted HTML into sanitized HTML (DOMPurify, rules in sanitize-html.ts)
 * and lets a script URL through only when it is one of the app's own files (same origin as the page),
 * which is what `script-src 'self'` / `worker-src 'self'` allow anyway: the pdf.js worker is one.
 */
export interface BoothPolicy {
  createHTML(input: string): string | TrustedHTMLLike
  createScriptURL(input: string): string | TrustedScriptURLLike
}

/** Opaque stand-ins for the browser's TrustedHTML / TrustedScriptURL (TypeScript's DOM library lacks them). */
export interface TrustedHTMLLike {
  readonly __trustedHtml: unique symbol
}
export interface TrustedScriptURLLike {
  readonly __trustedScriptUrl: unique symbol
}

interface TrustedTypeFactory {
  createPolicy(name: string, rules: { createHTML(s: string): string; createScriptURL(s: string): string }): BoothPolicy
}

export class UntrustedScriptUrlError extends Error {
  constructor(url: string) {
    super(`Booth refused to run a script from ${url}: only Booth’s own files may run.`)
    this.name = 'UntrustedScriptUrlError'
  }
}

/**
 * The URL, resolved against the page, when it is on the page's own scheme, host and port; else it
 * throws. (Compared part by part: Electron's booth://app is a "standard" scheme to Chromium, but a URL
 * parser that does not know that gives it the opaque origin "null".)
 */
export function ownScriptUrl(input: string, pageUrl: string): string {
  let url: URL
  let page: URL
  try {
    url = new URL(input, pageUrl)
    page = new URL(pageUrl)
  } catch {
    throw new UntrustedScriptUrlError(input)
  }
  const same = url.protocol === page.protocol && url.host === page.host && url.host !== ''
  if (!same || url.username || url.password) throw new UntrustedScriptUrlError(input)
  return url.href
}

let policy: BoothPolicy | null = null
let sanitize: ((html: string) => string) | null = null

/**
 * The policy, created on first use with the given sanitizer (sanitize-html.ts passes DOMPurify's).
 * Where the browser has no Trusted Types, a plain object with the same rules.
 */
export function boothPolicy(sanitizer?: (html: string) => string): BoothPolicy {
  if (sanitizer && !sanitize) sanitize = sanitizer
  if (policy) return policy
  const rules = {
    createHTML: (input: string): string => {
      if (!sanitize) throw new Error('Booth’s HTML sanitizer is not loaded, so no HTML can be shown.')
      return sanitize(input)
    },
    createScriptURL: (input: string): string => ownScriptUrl(input, globalThis.location?.href ?? 'null:'),
  }
  const tt = (globalThis as { trustedTypes?: TrustedTypeFactory }).trustedTypes
  policy = tt ? tt.createPolicy('booth', rules) : rules
  return policy
}
