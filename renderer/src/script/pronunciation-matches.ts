/**
 * Where the words of a job's pronunciation list occur in script text.
 *
 * Rules: case-insensitive; whole words only, with Unicode word edges (a letter, digit or combining mark
 * next to the match means it is part of a longer word, so "Brümmer" matches in "Café Brümmer." but not in
 * "Brümmerhaus"); any run of whitespace in the text matches a space in a multi-word entry; punctuation
 * around a word is not part of it ("Vigoro's" marks "Vigoro"). Overlaps: the earliest match wins, and
 * of two starting together the longer ("New York City" over "New York"). The first entry of a word that
 * is listed twice wins. Entries that are empty or only spaces are ignored.
 *
 * No pattern is built from an entry: entries and text are folded alike and scanned (ui/format/folded-text.ts), so
 * "Coca-Cola", "Dr. O'Neil", "$9.99", "(a+)+", "🍺", "שלום" and "naïve" are all just words to find.
 */
import { findWholeWords, foldNeedle, foldText } from '../ui/format/folded-text'

export interface Pronunciation {
  word: string
  say: string
}

export interface PronunciationMatch {
  start: number
  end: number
  word: string
  say: string
}

export function findPronunciationMatches(text: string, list: readonly Pronunciation[]): PronunciationMatch[] {
  if (!text || !list.length) return []
  const folded = foldText(text)
  const seen = new Set<string>()
  const found: Array<PronunciationMatch & { order: number }> = []
  list.forEach((entry, order) => {
    const needle = foldNeedle(entry.word)
    if (!needle || seen.has(needle)) return
    seen.add(needle)
    for (const m of findWholeWords(text, folded, needle)) found.push({ ...m, word: entry.word, say: entry.say, order })
  })
  found.sort((a, b) => a.start - b.start || b.end - b.start - (a.end - a.start) || a.order - b.order)
  const chosen: PronunciationMatch[] = []
  let reach = 0
  for (const m of found) {
    if (m.start < reach) continue
    chosen.push({ start: m.start, end: m.end, word: m.word, say: m.say })
    reach = m.end
  }
  return chosen
}

export type TextPiece = { text: string; say: null } | { text: string; say: string; word: string }

/** Text cut into plain pieces and marked pieces, in order; joined they give back the text. */
export function splitByPronunciations(text: string, list: readonly Pronunciation[]): TextPiece[] {
  const pieces: TextPiece[] = []
  let at = 0
  for (const m of findPronunciationMatches(text, list)) {
    if (m.start > at) pieces.push({ text: text.slice(at, m.start), say: null })
    pieces.push({ text: text.slice(m.start, m.end), say: m.say, word: m.word })
    at = m.end
  }
  if (at < text.length) pieces.push({ text: text.slice(at), say: null })
  return pieces
}
