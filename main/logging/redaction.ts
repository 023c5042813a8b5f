/**
 * Scrubs secrets out of anything about to be logged: registered secrets (the API key) in their raw,
 * URL-encoded and base64 forms, `Authorization` header values and `Bearer …` / `Basic …` tokens, in strings,
 * nested objects, arrays, Maps, fetch Headers and Errors (message, stack, cause). Used by redacting-log.ts.
 */

export const REDACTED = '[REDACTED]'

/** Object keys whose values are always replaced, whatever they hold (compared lower-case, `-`/`_` ignored). */
const SECRET_KEYS = new Set([
  'authorization',
  'proxyauthorization',
  'cookie',
  'setcookie',
  'apikey',
  'xapikey',
  'password',
  'secret',
])

const normalizeKey = (key: string) => key.toLowerCase().replace(/[-_]/g, '')

/** `Bearer abc…` anywhere in text (any case: over-redacting "bearer of news" is harmless). */
const BEARER_PATTERN = /\b(Bearer)(\s+|%20|\+)[A-Za-z0-9\-._~+/%]+=*/gi
/** `Basic dXNlcjpwdw==` (HTTP basic credentials); capitalised and 8+ base64 characters, so prose survives. */
const BASIC_PATTERN = /\b(Basic)(\s+|%20|\+)[A-Za-z0-9+/]{8,}={0,2}/g
/**
 * `Authorization: value`, `"authorization":"value"`, `authorization=value`: the value is one or two words
 * (`Bearer abc`, `abc`), each ending at white space, a quote, comma, semicolon or brace.
 */
const HEADER_PATTERN = /(\b(?:proxy-)?authorization\b["']?\s*[:=]\s*["']?)([^\s"',;}]+(?:[ \t]+[^\s"',;}]+)?)/gi

const MAX_DEPTH = 8
const MIN_FRAGMENT = 6

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/**
 * The base64 text that any occurrence of `secret` produces inside a longer base64 string, for each of the
 * three byte alignments (only the characters determined by the secret's bytes alone), standard and URL-safe.
 */
function base64Forms(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8')
  const forms: string[] = []
  for (let offset = 0; offset < 3; offset++) {
    const padded = Buffer.concat([Buffer.alloc(offset), bytes])
    const encoded = padded.toString('base64')
    const fragment = encoded.slice(Math.ceil((8 * offset) / 6), Math.floor((8 * padded.length) / 6))
    if (fragment.length >= MIN_FRAGMENT) {
      forms.push(fragment, fragment.replace(/\+/g, '-').replace(/\//g, '_'))
    }
  }
  return forms
}

/** Every text form of a secret that must never reach a log. */
export function secretForms(secret: string): string[] {
  const forms = new Set<string>([secret, encodeURIComponent(secret), encodeURI(secret), ...base64Forms(secret)])
  return [...forms].filter((form) => form.length > 0).sort((a, b) => b.length - a.length)
}

export class Redactor {
  private readonly secrets = new Set<string>()
  private pattern: RegExp | null = null

  /** Registers a secret (e.g. the API key when it is loaded or entered). Shorter than 4 characters is refused. */
  addSecret(secret: string): void {
    if (typeof secret !== 'string' || secret.trim().length < 4) {
      throw new TypeError('A secret to redact must be a string of at least 4 characters; refusing to register it.')
    }
    this.secrets.add(secret)
    this.rebuild()
  }

  /** Forgets a secret (e.g. after the key was removed from the keychain). */
  removeSecret(secret: string): void {
    if (this.secrets.delete(secret)) this.rebuild()
  }

  private rebuild(): void {
    const forms = [...this.secrets].flatMap(secretForms).sort((a, b) => b.length - a.length)
    this.pattern = forms.length > 0 ? new RegExp(forms.map(escapeRegExp).join('|'), 'g') : null
  }

  /** Redacts one string. */
  text(input: string): string {
    let output = this.pattern ? input.replace(this.pattern, REDACTED) : input
    output = output.replace(HEADER_PATTERN, (_match, prefix: string) => `${prefix}${REDACTED}`)
    const token = (_match: string, scheme: string, gap: string) => `${scheme}${gap}${REDACTED}`
    output = output.replace(BEARER_PATTERN, token).replace(BASIC_PATTERN, token)
    return output
  }

  /** Redacts any value into plain JSON-safe data (strings, numbers, booleans, null, arrays, objects). */
  value(input: unknown): unknown {
    return this.walk(input, 0, new WeakSet())
  }

  private walk(input: unknown, depth: number, seen: WeakSet<object>): unknown {
    if (typeof input === 'string') return this.text(input)
    if (input === null || typeof input === 'number' || typeof input === 'boolean') return input
    if (typeof input === 'undefined') return undefined
    if (typeof input === 'bigint') return input.toString()
    if (typeof input === 'symbol' || typeof input === 'function') return this.text(String(input))
    if (seen.has(input)) return '[Circular]'
    if (depth >= MAX_DEPTH) return '[Too deep]'
    seen.add(input)
    try {
      if (input instanceof Error) return this.error(input, depth, seen)
      if (input instanceof Uint8Array || input instanceof ArrayBuffer) return `[${input.byteLength} bytes]`
      if (input instanceof Date) return Number.isNaN(input.getTime()) ? 'Invalid Date' : input.toISOString()
      if (input instanceof URL) return this.text(input.href)
      if (typeof Headers !== 'undefined' && input instanceof Headers) {
        return this.entries([...input.entries()], depth, seen)
      }
      if (input instanceof Map)
        return this.entries(
          [...input.entries()].map(([k, v]) => [String(k), v]),
          depth,
          seen,
        )
      if (input instanceof Set) return [...input].map((item) => this.walk(item, depth + 1, seen))
      if (Array.isArray(input)) return input.map((item) => this.walk(item, depth + 1, seen))
      return this.entries(Object.entries(input), depth, seen)
    } finally {
      seen.delete(input)
    }
  }

  private entries(pairs: Array<[string, unknown]>, depth: number, seen: WeakSet<object>): Record<string, unknown> {
    const output: Record<string, unknown> = {}
    for (const [key, value] of pairs) {
      const safeKey = this.text(key)
      output[safeKey] =
        SECRET_KEYS.has(normalizeKey(key)) && value != null ? REDACTED : this.walk(value, depth + 1, seen)
    }
    return output
  }

  private error(error: Error, depth: number, seen: WeakSet<object>): Record<string, unknown> {
    const output: Record<string, unknown> = { name: this.text(error.name), message: this.text(error.message) }
    if (error.stack) output.stack = this.text(error.stack)
    for (const [key, value] of Object.entries(error)) {
      if (key in output) continue
      output[this.text(key)] =
        SECRET_KEYS.has(normalizeKey(key)) && value != null ? REDACTED : this.walk(value, depth + 1, seen)
    }
    if (error.cause !== undefined) output.cause = this.walk(error.cause, depth + 1, seen)
    return output
  }
}
