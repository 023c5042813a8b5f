/**
 * Where the words of a job's pronunciation list occur in script text.
 *
 * Rules: case-insensitive; whole words only, with Unicode word edges (a letter, digit or combining mark
 * next to the match means it is part of a longer word, so "Brümmer" matches in "Café Brümmer." but not in
 * "Brümmerhaus"); any run of whitespace in the text matches a space in a multi-word entry; punctuation
 * around a word is not part of it ("Vigoro's" marks "Vigoro"). Overlaps: the earliest match wins, and
 * of two starting together the longer ("New York City" over "New York"). The first entry of a word that
 * is listed twice wins. Entries that are empty or only spaces are ignored.
 */
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

const WORD_CHAR = String.raw`[\p{L}\p{N}\p{M}_]`

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&')
}

/** The regular expression that finds one entry as a whole word, or null when the entry is blank. */
export function pronunciationPattern(word: string): RegExp | null {
  const parts = word.trim().split(/\s+/).filter(Boolean)
  if (!parts.length) return null
  const body = parts.map(escapeRegExp).join(String.raw`\s+`)
  const first = parts[0] ?? ''
  const last = parts[parts.length - 1] ?? ''
  // Only guard an edge that is itself a word character: "A&W" needs edges, ".com" needs none at its start.
  const startsWord = new RegExp(`^${WORD_CHAR}`, 'u').test(first)
  const endsWord = new RegExp(`${WORD_CHAR}$`, 'u').test(last)
  return new RegExp(`${startsWord ? `(?<!${WORD_CHAR})` : ''}${body}${endsWord ? `(?!${WORD_CHAR})` : ''}`, 'giu')
}

export function findPronunciationMatches(text: string, list: readonly Pronunciation[]): PronunciationMatch[] {
  const seen = new Set<string>()
  const found: Array<PronunciationMatch & { order: number }> = []
  list.forEach((entry, order) => {
    const key = entry.word.trim().toLocaleLowerCase().replace(/\s+/g, ' ')
    if (!key || seen.has(key)) return
    seen.add(key)
    const re = pronunciationPattern(entry.word)
    if (!re) return
    for (const m of text.matchAll(re)) {
      found.push({ start: m.index, end: m.index + m[0].length, word: entry.word, say: entry.say, order })
    }
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
