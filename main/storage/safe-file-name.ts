/**
 * A file name from elsewhere (a dropped file, an attachment, a save dialog's suggestion from the service or
 * the window), made safe for every file system: joined to a folder, it names a file in that folder.
 */

/** Characters no file name may hold on Windows (and `/` nowhere), besides the control characters. */
const RESERVED_CHARACTERS = '<>:"/\\|?*'
/** Names Windows keeps for devices, with or without an extension (`CON`, `nul.txt`, `COM1.wav`). */
const DEVICE_NAME = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])(\..*)?$/i
/** At most this many bytes (UTF-8): below every common file system's 255, with room for a suffix. */
export const MAX_FILE_NAME_BYTES = 200

function isUnsafe(char: string): boolean {
  const code = char.codePointAt(0) ?? 0
  // C0 and C1 controls, DEL, and a lone surrogate (not a character; no file system stores it faithfully).
  return (
    code < 32 ||
    (code >= 0x7f && code <= 0x9f) ||
    (code >= 0xd800 && code <= 0xdfff) ||
    RESERVED_CHARACTERS.includes(char)
  )
}

/** The longest start of `text` that is at most `max` bytes in UTF-8, cut between characters. */
function capBytes(text: string, max: number): string {
  let bytes = 0
  let out = ''
  for (const char of text) {
    bytes += Buffer.byteLength(char)
    if (bytes > max) break
    out += char
  }
  return out
}

/**
 * Its last part only (after any `/` or `\`), control and reserved characters replaced by `_`, no leading
 * dots or spaces (no hidden file, no `..`), no trailing dot or space (Windows drops them), a device name
 * prefixed with `_`, at most 200 bytes; `fallback` (itself safe) when nothing is left.
 */
export function safeFileName(rawName: string, fallback = 'dropped-file'): string {
  const last = String(rawName).split(/[\\/]/).pop() ?? ''
  const chars = [...last].map((c) => (isUnsafe(c) ? '_' : c))
  let name = capBytes(chars.join('').replace(/^[.\s]+/u, ''), MAX_FILE_NAME_BYTES).replace(/[.\s]+$/u, '')
  if (DEVICE_NAME.test(name)) name = capBytes(`_${name}`, MAX_FILE_NAME_BYTES).replace(/[.\s]+$/u, '')
  return name || fallback
}
