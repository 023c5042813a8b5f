/**
 * The sandbox's bearer keys: building them from options, minting a demo key, and resolving a request's
 * `Authorization: Bearer <token>` header. Key format and issuing are not shown in the API reference; the sandbox
 * takes any RFC 6750 token of 8..512 characters.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { SandboxKey } from '../seam'

/** Every scope the API reference names (the bearer security scheme in resources/api/talent-v1.yaml). */
export const TALENT_SCOPES = [
  'jobs:read',
  'jobs:write',
  'deliveries:read',
  'deliveries:write',
  'attachments:read',
  'earnings:read',
  'account:read',
  'account:write',
  'consent:write',
] as const

export interface KeyOption {
  token: string
  scopes: string[] | '*'
  expiresAt?: number | null
}

const TOKEN_RE = /^[A-Za-z0-9._~+/-]+=*$/

export function checkToken(token: string): void {
  if (token.length < 8 || token.length > 512) throw new Error('An API key token must be 8 to 512 characters long.')
  if (!TOKEN_RE.test(token)) {
    throw new Error('An API key token may hold only letters, digits and . _ ~ + / - (with = padding at the end).')
  }
}

function expandScopes(scopes: string[] | '*'): string[] {
  if (scopes === '*') return [...TALENT_SCOPES]
  const out: string[] = []
  for (const s of scopes) {
    if (s === '*') return [...TALENT_SCOPES]
    if (!(TALENT_SCOPES as readonly string[]).includes(s)) {
      throw new Error(`Unknown scope "${s}"; known scopes are ${TALENT_SCOPES.join(', ')} (or * for all).`)
    }
    if (!out.includes(s)) out.push(s)
  }
  return out
}

/** Turn key options into SandboxKeys with ids 1, 2, 3... ; throws one human sentence on bad input. */
export function buildKeys(options: KeyOption[]): SandboxKey[] {
  const seen = new Set<string>()
  return options.map((opt, i) => {
    checkToken(opt.token)
    if (seen.has(opt.token)) throw new Error('The same API key token is given twice.')
    seen.add(opt.token)
    const expiresAt = opt.expiresAt ?? null
    if (expiresAt !== null && !(Number.isInteger(expiresAt) && expiresAt >= 0)) {
      throw new Error('A key expiry must be a timestamp in milliseconds, or null.')
    }
    return { keyId: String(i + 1), token: opt.token, scopes: expandScopes(opt.scopes), expiresAt }
  })
}

/** A fresh random demo key with every scope. */
export function mintDemoKeyOption(): KeyOption {
  return {
    token: `booth_demo_${randomBytes(24)
      .toString('base64url')
      .replace(/[^A-Za-z0-9]/g, 'x')}`,
    scopes: '*',
  }
}

function digest(token: string): Buffer {
  return createHash('sha256').update(token).digest()
}

/** Resolves bearer tokens to keys; compares digests in constant time. */
export class KeyRing {
  private readonly entries: Array<{ digest: Buffer; key: SandboxKey }>

  constructor(readonly keys: SandboxKey[]) {
    this.entries = keys.map((key) => ({ digest: digest(key.token), key }))
  }

  /** The key for an Authorization header value, or null when missing, malformed, unknown or expired. */
  resolve(authorization: string | undefined, now: number): SandboxKey | null {
    const m = /^Bearer +(\S+) *$/i.exec(authorization ?? '')
    if (!m?.[1]) return null
    const token = m[1]
    if (token.length > 512 || !TOKEN_RE.test(token)) return null
    const d = digest(token)
    let found: SandboxKey | null = null
    for (const e of this.entries) if (timingSafeEqual(e.digest, d)) found = e.key
    if (!found) return null
    if (found.expiresAt !== null && found.expiresAt <= now) return null
    return found
  }
}
