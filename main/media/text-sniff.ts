/**
 * Tells a text file (a script, notes, a web page saved as .wav) from binary data by its first bytes, so
 * it is refused as "a text file, not audio" rather than with a vague "cannot be read".
 */

const UTF16_BOM = [
  [0xff, 0xfe],
  [0xfe, 0xff],
] as const

/** True when `head` (the first bytes of a file) is text: UTF-8 (or UTF-16 with a byte-order mark) without control bytes. */
export function looksLikeText(head: Uint8Array): boolean {
  if (head.length === 0) return false
  if (UTF16_BOM.some(([a, b]) => head[0] === a && head[1] === b)) return true
  // A multi-byte character may be cut at the end of the sample: drop up to 3 trailing bytes of one.
  let end = head.length
  for (let i = 0; i < 3 && end > 0 && ((head[end - 1] ?? 0) & 0xc0) === 0x80; i++) end--
  if (end > 0 && ((head[end - 1] ?? 0) & 0xc0) === 0xc0) end--
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, end))
  } catch {
    return false
  }
  // Tab, line feed, form feed and carriage return are text; other control bytes (NUL above all) are binary.
  // eslint-disable-next-line no-control-regex
  return text.length > 0 && !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text)
}
