/**
 * How long a script word takes to say, in syllables, for the prompter's pacing: a written number as it is
 * read ("$499" is "four hundred ninety nine"), an acronym letter by letter ("FDIC"), any other word by its
 * vowel groups (a silent final "e" is not one). An estimate: the pacing learns the talent's rate from the
 * words the recogniser placed, so a steady error per word cancels out.
 */
import { spokenSentences, type ScriptWord } from '../readback'

/** Syllables of one plain English word, at least one. */
export function plainSyllables(word: string): number {
  const w = word.toLowerCase().replace(/[^a-z]/g, '')
  if (!w) return 1
  let trimmed = w
  if (w.length > 3) {
    // "makes": the ending is no syllable of its own; "boxes": it is.
    if (/[^aeiouy]es$/.test(w) && !/[sxzcg]es$/.test(w)) trimmed = w.slice(0, -1)
    if (/[^aeiouyl]e$/.test(trimmed)) trimmed = trimmed.slice(0, -1)
  }
  const groups = trimmed.match(/[aeiouy]+/g)?.length ?? 0
  return Math.max(1, groups)
}

function letterSyllables(letters: string): number {
  let n = 0
  for (const c of letters.toLowerCase()) n += c === 'w' ? 3 : 1
  return n
}

export function wordSyllables(word: Pick<ScriptWord, 'text' | 'number'>): number {
  const text = word.text
  if (word.number || /\d/.test(text)) {
    const spoken = spokenSentences(text)[0]
    if (spoken?.length) return spoken.reduce((n, w) => n + plainSyllables(w), 0)
  }
  if (/^[A-Z]{2,5}s?$/.test(text) && !/[AEIOU][^AEIOU]*[AEIOU]/.test(text.replace(/s$/, '')))
    return letterSyllables(text.replace(/s$/, ''))
  return text.split(/[-'’]/).reduce((n, part) => n + (part ? plainSyllables(part) : 0), 0) || 1
}
