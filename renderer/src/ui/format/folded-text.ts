/**
 * Finding words in text without building a pattern from the text. Both the text and the words sought are
 * FOLDED the same way, one code point at a time, and a plain substring scan finds the word; a map from
 * each folded character back to the code point it came from gives the place in the original text, so
 * what is marked is always exactly a piece of what was given.
 *
 * Folding: canonical decomposition (so "naïve" typed with a combining diaeresis equals the precomposed
 * one), lower case (Greek final sigma as sigma), curly apostrophes as straight ones, and every run of whitespace as one space. Nothing
 * here throws on any string: lone surrogates, emoji, right-to-left text and control characters are data.
 */

export interface FoldedText {
  /** The folded text. */
  text: string
  /** For each UTF-16 unit of `text`: where its source code point (or whitespace run) starts in the original. */
  from: number[]
  /** For each UTF-16 unit of `text`: where its source code point (or whitespace run) ends in the original. */
  to: number[]
}

const WHITESPACE = /\s/u
const WORD_CHAR = /[\p{L}\p{N}\p{M}_]/u

function foldCodePoint(cp: string): string {
  if (cp === '\u2019' || cp === '\u2018' || cp === '\u02BC') return "'"
  // Greek final sigma is a spelling of sigma: "ΟΔΟΣ" folded one letter at a time ends in σ, "οδός" in ς.
  if (cp === '\u03C2') return '\u03C3'
  return cp.normalize('NFD').toLowerCase()
}

const isAsciiSpace = (c: number) => c === 32 || (c >= 9 && c <= 13)

/** Folds a text and remembers where each folded character came from. */
export function foldText(original: string): FoldedText {
  const parts: string[] = []
  const from: number[] = []
  const to: number[] = []
  let at = 0
  while (at < original.length) {
    const code = original.charCodeAt(at)
    let end: number
    let folded: string
    if (code < 0x80 && !isAsciiSpace(code)) {
      // The common case, without a regular expression or normalisation per character.
      end = at + 1
      folded = code >= 65 && code <= 90 ? String.fromCharCode(code + 32) : (original[at] as string)
    } else {
      const cp = String.fromCodePoint(original.codePointAt(at) ?? 0xfffd)
      // A lone surrogate is one unit; fromCodePoint gives it back as one unit, so `cp.length` is always right.
      end = at + cp.length
      if (isAsciiSpace(code) || WHITESPACE.test(cp)) {
        while (
          end < original.length &&
          (isAsciiSpace(original.charCodeAt(end)) || WHITESPACE.test(original[end] ?? ''))
        )
          end++
        folded = ' '
      } else folded = foldCodePoint(cp)
    }
    for (let i = 0; i < folded.length; i++) {
      from.push(at)
      to.push(end)
    }
    parts.push(folded)
    at = end
  }
  return { text: parts.join(''), from, to }
}

/** The folded form of a word to look for: outer whitespace dropped; empty when nothing is left. */
export function foldNeedle(word: string): string {
  return foldText(word.trim()).text
}

/** Whether the code point that starts at `at` in `text` (or ends just before `at`, looking back) is part of a word. */
function isWordCharAt(text: string, at: number, back: boolean): boolean {
  if (back) {
    if (at <= 0) return false
    const low = text.charCodeAt(at - 1)
    const start = low >= 0xdc00 && low <= 0xdfff && at >= 2 ? at - 2 : at - 1
    return WORD_CHAR.test(String.fromCodePoint(text.codePointAt(start) ?? 0))
  }
  if (at >= text.length) return false
  return WORD_CHAR.test(String.fromCodePoint(text.codePointAt(at) ?? 0))
}

export interface TextRange {
  start: number
  end: number
}

/**
 * Every place the folded `needle` occurs in the folded text as a whole word, as ranges of the ORIGINAL
 * text. An edge of the needle that is a word character must not touch another word character ("Acme"
 * is not found in "Acmeville"); an edge that is punctuation or a symbol needs no such guard (".com", "🍺").
 * A match never starts or ends inside one original code point.
 */
export function findWholeWords(original: string, folded: FoldedText, needle: string): TextRange[] {
  const found: TextRange[] = []
  if (!needle) return found
  const guardStart = isWordCharAt(needle, 0, false)
  const guardEnd = isWordCharAt(needle, needle.length, true)
  const { text, from, to } = folded
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1)) {
    const last = at + needle.length - 1
    const fs = from[at] ?? 0
    const fe = to[last] ?? 0
    // Both ends must fall on the edges of original code points (a folded "e" of "é" is not an "e").
    if (at > 0 && from[at - 1] === fs) continue
    if (last + 1 < text.length && to[last + 1] === fe) continue
    if (guardStart && isWordCharAt(original, fs, true)) continue
    if (guardEnd && isWordCharAt(original, fe, false)) continue
    found.push({ start: fs, end: fe })
  }
  return found
}

/**
 * Every non-overlapping place a search text occurs in `original` (folded alike; any part of a word, as
 * the job search matches), as ranges of the original. A match never starts or ends inside a code point.
 */
export function findSubstrings(original: string, query: string): TextRange[] {
  const needle = foldNeedle(query)
  const found: TextRange[] = []
  if (!needle || !original) return found
  const { text, from, to } = foldText(original)
  let reach = 0
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1)) {
    const last = at + needle.length - 1
    const fs = from[at] ?? 0
    const fe = to[last] ?? 0
    if (fs < reach) continue
    if (at > 0 && from[at - 1] === fs) continue
    if (last + 1 < text.length && to[last + 1] === fe) continue
    found.push({ start: fs, end: fe })
    reach = fe
  }
  return found
}

/** Text cut into plain and matched pieces for showing search hits; joined they give back the text. */
export function splitBySearch(text: string, query: string): Array<{ text: string; hit: boolean }> {
  const pieces: Array<{ text: string; hit: boolean }> = []
  let at = 0
  for (const m of findSubstrings(text, query)) {
    if (m.start > at) pieces.push({ text: text.slice(at, m.start), hit: false })
    pieces.push({ text: text.slice(m.start, m.end), hit: true })
    at = m.end
  }
  if (at < text.length || pieces.length === 0) pieces.push({ text: text.slice(at), hit: false })
  return pieces
}
