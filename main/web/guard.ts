/**
 * Who may drive the web host. Booth's web host listens on 127.0.0.1 only, and every bridge request must:
 * - name this host in Host (127.0.0.1:PORT or localhost:PORT), which defeats DNS rebinding;
 * - come from this origin when it carries an Origin header (a browser always sends one on POST/fetch),
 *   so no other page can drive it;
 * - carry the secret tab key (made afresh at every start, never written down), so no other local process
 *   (or page) that guessed the port can. Before the tab sends it, the host proves it holds it (host-proof.ts).
 */
import { timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'

export interface GuardVerdict {
  ok: boolean
  status: number
  reason: string
}

export function allowedHosts(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`]
}

export function checkHostAndOrigin(req: IncomingMessage, port: number): GuardVerdict {
  const host = (req.headers.host ?? '').toLowerCase()
  if (!allowedHosts(port).includes(host))
    return { ok: false, status: 421, reason: 'Booth answers only on its own loopback address.' }
  const origin = req.headers.origin
  if (origin !== undefined && origin !== `http://${host}`) {
    return { ok: false, status: 403, reason: 'Requests from other pages are refused.' }
  }
  const site = req.headers['sec-fetch-site']
  if (site !== undefined && site !== 'same-origin' && site !== 'none') {
    return { ok: false, status: 403, reason: 'Requests from other sites are refused.' }
  }
  return { ok: true, status: 200, reason: '' }
}

export function tokenMatches(given: string | undefined, expected: string): boolean {
  if (!given) return false
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}
