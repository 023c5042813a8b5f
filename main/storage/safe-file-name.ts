/** A file name from elsewhere (a dropped file, an attachment), made safe for every file system. */
import { basename } from 'node:path'

/** Its last part only (no folders), control and reserved characters replaced, no leading dots, ≤ 200 characters. */
export function safeFileName(rawName: string): string {
  const chars = [...basename(rawName.replace(/\\/g, '/'))].map((c) => (c.charCodeAt(0) < 32 || '/:*?"<>|'.includes(c) ? '_' : c))
  const name = chars.join('').replace(/^\.+/, '').slice(0, 200)
  return name || 'dropped-file'
}
