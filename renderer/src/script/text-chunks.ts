/**
 * Long plain scripts are shown in blocks of about CHUNK_CHARS characters, each cut just after a line
 * break inside unmarked text (never inside a mark), so the browser can skip laying out the blocks that
 * are off screen (`content-visibility: auto`) and a 100,000-character script opens without a long task.
 * In pre-wrap text a block that ends with its line break looks exactly like the unbroken text. Pure.
 */
import type { TextPiece } from './pronunciation-matches'

export const CHUNK_CHARS = 4_000

export function chunkPieces(pieces: readonly TextPiece[], size = CHUNK_CHARS): TextPiece[][] {
  const chunks: TextPiece[][] = []
  let current: TextPiece[] = []
  let length = 0
  for (const piece of pieces) {
    let rest: TextPiece | null = piece
    while (rest) {
      const cut: number = rest.say === null && length + rest.text.length > size ? rest.text.indexOf('\n', Math.max(0, size - length - 1)) : -1
      if (cut === -1 || cut === rest.text.length - 1) {
        current.push(rest)
        length += rest.text.length
        rest = null
        if (length >= size && piece.say === null && current[current.length - 1]?.text.endsWith('\n')) {
          chunks.push(current)
          current = []
          length = 0
        }
      } else {
        current.push({ text: rest.text.slice(0, cut + 1), say: null })
        chunks.push(current)
        current = []
        length = 0
        rest = { text: rest.text.slice(cut + 1), say: null }
      }
    }
  }
  if (current.length || chunks.length === 0) chunks.push(current)
  return chunks
}
