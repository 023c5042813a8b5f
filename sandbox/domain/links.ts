/**
 * Short-lived links: an unguessable random token per link, valid for LINK_TTL_MS. Held in memory only
 * (a relaunch forgets them, as a real service's signed URLs would expire anyway). Expired tokens are
 * remembered for a while so the HTTP layer can say "expired" rather than "unknown".
 */
import { randomBytes } from 'node:crypto'
import type { LinkedFile } from '../seam'

export const LINK_TTL_MS = 10 * 60 * 1000
const FORGET_AFTER_MS = 60 * 60 * 1000

export interface IssuedLink {
  url: string
  expires_at: number
}

export class LinkRegistry {
  private readonly links = new Map<string, { file: LinkedFile | (() => LinkedFile); expiresAt: number }>()

  /** Register a file (or a function producing it when opened) and return its URL and expiry (ms). */
  issue(file: LinkedFile | (() => LinkedFile), baseUrl: string, now: number, ttlMs = LINK_TTL_MS): IssuedLink {
    this.prune(now)
    const token = randomBytes(24).toString('base64url')
    const expiresAt = now + ttlMs
    this.links.set(token, { file, expiresAt })
    return { url: `${baseUrl}/files/${token}`, expires_at: expiresAt }
  }

  open(token: string, now: number): LinkedFile | null | 'expired' {
    const link = this.links.get(token)
    if (!link) return null
    if (now >= link.expiresAt) return 'expired'
    return typeof link.file === 'function' ? link.file() : link.file
  }

  get size(): number {
    return this.links.size
  }

  private prune(now: number): void {
    for (const [token, link] of this.links) {
      if (now - link.expiresAt > FORGET_AFTER_MS) this.links.delete(token)
    }
  }
}
