/**
 * What of a script-change diff is put on screen, so showing it stays cheap however long the script is:
 * - an unchanged run longer than twice UNCHANGED_CONTEXT_CHARS keeps only that much on each side of
 *   the changes around it, the middle replaced by a note of how many words are unchanged there;
 * - at most DIFF_SHOWN_CHARS characters are shown until the person asks for the whole change.
 * Cuts fall on whitespace where there is some nearby, never inside a surrogate pair. Pure.
 */
import type { DiffSegment } from './word-diff'

export const UNCHANGED_CONTEXT_CHARS = 160
export const DIFF_SHOWN_CHARS = 30_000

export type ShownPiece = DiffSegment | { kind: 'elided'; words: number }

/** A cut near `at` that is on whitespace (looking back up to 40 characters) and not inside a surrogate pair. */
function cutNear(text: string, at: number, forward: boolean): number {
  if (at <= 0 || at >= text.length) return Math.max(0, Math.min(at, text.length))
  for (let i = 0; i < 40; i++) {
    const p = forward ? at + i : at - i
    if (p <= 0 || p >= text.length) break
    if (/\s/.test(text[p - 1] ?? '')) return p
  }
  const low = text.charCodeAt(at)
  return low >= 0xdc00 && low <= 0xdfff ? at - 1 : at
}

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length

export function diffForDisplay(
  segments: readonly DiffSegment[],
  showAll: boolean,
): { pieces: ShownPiece[]; hiddenChars: number } {
  const pieces: ShownPiece[] = []
  segments.forEach((s, i) => {
    if (s.kind !== 'same' || s.text.length <= 2 * UNCHANGED_CONTEXT_CHARS + 40) {
      pieces.push(s)
      return
    }
    const keepHead = i > 0 ? cutNear(s.text, UNCHANGED_CONTEXT_CHARS, true) : 0
    const keepTail =
      i < segments.length - 1 ? cutNear(s.text, s.text.length - UNCHANGED_CONTEXT_CHARS, false) : s.text.length
    if (keepHead > 0) pieces.push({ kind: 'same', text: s.text.slice(0, keepHead) })
    pieces.push({ kind: 'elided', words: wordCount(s.text.slice(keepHead, keepTail)) })
    if (keepTail < s.text.length) pieces.push({ kind: 'same', text: s.text.slice(keepTail) })
  })
  if (showAll) return { pieces, hiddenChars: 0 }
  const shown: ShownPiece[] = []
  let used = 0
  let hiddenChars = 0
  for (const p of pieces) {
    if (p.kind === 'elided') {
      if (used < DIFF_SHOWN_CHARS) shown.push(p)
      continue
    }
    const room = DIFF_SHOWN_CHARS - used
    if (room <= 0) hiddenChars += p.text.length
    else if (p.text.length <= room) {
      shown.push(p)
      used += p.text.length
    } else {
      const cut = cutNear(p.text, room, false)
      shown.push({ kind: p.kind, text: p.text.slice(0, cut) })
      hiddenChars += p.text.length - cut
      used = DIFF_SHOWN_CHARS
    }
  }
  return { pieces: shown, hiddenChars }
}
