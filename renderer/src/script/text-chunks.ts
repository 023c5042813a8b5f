/**
 * Long plain scripts are shown in blocks of about CHUNK_CHARS characters, each cut just after a line
 * break inside unmarked text (never inside a mark), so the browser can skip laying out the blocks that
 * are off screen (`content-visibility: auto`) and a 100,000-character script opens without a long task.
 * In pre-wrap text a block that ends with its line break looks exactly like the unbroken text. Pure.
 */
import type { TextPiece } from './pronunciation-matches'

export const CHUNK_CHARS = 4_000

/** How chunkBy reads and cuts the pieces of one kind of marked text. */
export interface ChunkRules<P> {
  /** Whether the piece is unmarked text, which may be cut. */
  plain(piece: P): boolean
  text(piece: P): string
  /** The piece cut in two at `at` (only plain pieces are cut). */
  split(piece: P, at: number): [P, P]
}

export function chunkBy<P>(pieces: readonly P[], rules: ChunkRules<P>, size = CHUNK_CHARS): P[][] {
  const chunks: P[][] = []
  let current: P[] = []
  let length = 0
  for (const piece of pieces) {
    let rest: P | null = piece
    while (rest) {
      const text = rules.text(rest)
      const plain = rules.plain(rest)
      const cut: number = plain && length + text.length > size ? text.indexOf('\n', Math.max(0, size - length - 1)) : -1
      if (cut === -1 || cut === text.length - 1) {
        current.push(rest)
        length += text.length
        rest = null
        if (length >= size && plain && text.endsWith('\n')) {
          chunks.push(current)
          current = []
          length = 0
        }
      } else {
        const [head, tail] = rules.split(rest, cut + 1)
        current.push(head)
        chunks.push(current)
        current = []
        length = 0
        rest = tail
      }
    }
  }
  if (current.length || chunks.length === 0) chunks.push(current)
  return chunks
}

const PIECE_RULES: ChunkRules<TextPiece> = {
  plain: (p) => p.say === null,
  text: (p) => p.text,
  split: (p, at) => [
    { text: p.text.slice(0, at), say: null },
    { text: p.text.slice(at), say: null },
  ],
}

export function chunkPieces(pieces: readonly TextPiece[], size = CHUNK_CHARS): TextPiece[][] {
  return chunkBy(pieces, PIECE_RULES, size)
}
