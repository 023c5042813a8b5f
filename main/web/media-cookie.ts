/**
 * The tab's key for /media/: an <audio src> or a download link cannot send the X-Booth-Token header, so a
 * keyed bridge answer sets a cookie the browser then sends with them — HttpOnly (no script reads it),
 * SameSite=Strict, Path=/media/, named for the port (two Booths on two ports keep apart). Its value is a
 * key of its own, made at start, not the tab key: it opens /media/ and nothing else.
 */
import type { IncomingMessage } from 'node:http'
import { tokenMatches } from './guard'

export function mediaCookieName(port: number): string {
  return `booth-media-${port}`
}

/** The Set-Cookie header a keyed answer carries. */
export function mediaCookie(port: number, key: string): string {
  return `${mediaCookieName(port)}=${key}; Path=/media/; HttpOnly; SameSite=Strict`
}

/** Whether a /media/ request carries the key: the cookie, or the tab key in X-Booth-Token. */
export function mayReadMedia(req: IncomingMessage, port: number, key: string, tabKey: string): boolean {
  const header = req.headers['x-booth-token']
  if (typeof header === 'string' && tokenMatches(header, tabKey)) return true
  const name = `${mediaCookieName(port)}=`
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const pair = part.trim()
    if (pair.startsWith(name) && tokenMatches(pair.slice(name.length), key)) return true
  }
  return false
}
