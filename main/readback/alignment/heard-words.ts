/**
 * The recogniser's words as the aligner sees them: fillers and noise marks dropped, contractions opened,
 * runs of number words joined, digit groups joined as the script joins them, each with the time span it
 * was heard in.
 */
import type { TimedWord } from '../../../shared/readback/types'
import { digitGroupRuns, groupNumberWords, isUnreadToken, pieces, pieceWords, type Word } from '../script/words'

export interface HeardWord extends Word {
  text: string
  start_s: number
  end_s: number
  /** What stood between this word and the one before it (inside one recognised word, or a space between two). */
  gap: string
}

export function heardWords(words: readonly TimedWord[]): HeardWord[] {
  const flat: HeardWord[] = []
  let pending = ''
  for (const w of words) {
    // An alternative-pronunciation mark, "word(2)". parsePocketsphinxTimes drops pocketsphinx's own; this
    // is for words from any other engine (the vocabulary of a sherpa model, or an engine handed in).
    const clean = w.word.replace(/(?<=[A-Za-z'])\(\d+\)$/, '').trim()
    if (!clean || isUnreadToken(clean)) continue
    let end = -1
    for (const part of pieces(clean)) {
      const gap = end < 0 ? pending + clean.slice(0, part.from) : clean.slice(end, part.from)
      for (const word of pieceWords(part.text))
        flat.push({ ...word, text: part.text, start_s: w.start_s, end_s: w.end_s, gap })
      end = part.to
    }
    pending = end < 0 ? `${pending}${clean} ` : `${clean.slice(end)} `
  }
  const grouped = groupNumberWords(flat).map(({ word, members }) => {
    const a = flat[members[0] as number] as HeardWord
    const b = flat[members[members.length - 1] as number] as HeardWord
    return members.length === 1 && word === a
      ? a
      : {
          ...word,
          text: members.map((i) => (flat[i] as HeardWord).text).join(' '),
          start_s: a.start_s,
          end_s: b.end_s,
          gap: a.gap,
        }
  })
  return joinHeardDigitGroups(grouped)
}

/** Digit groups heard one after another ("1 800 555 1212" from an engine that writes digits) are one number, as in the script. */
function joinHeardDigitGroups(words: HeardWord[]): HeardWord[] {
  return digitGroupRuns(
    words,
    (w) => w.text,
    (_, b) => b.gap,
  ).map((run) => {
    const first = run[0] as HeardWord
    const last = run[run.length - 1] as HeardWord
    if (run.length === 1) return first
    const text = run.map((w, k) => (k === 0 ? w.text : `${w.gap}${w.text}`)).join('')
    return { ...first, key: text, text, end_s: last.end_s, values: new Set([text.replace(/\D/g, '')]) }
  })
}
