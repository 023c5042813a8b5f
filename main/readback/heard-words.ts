/**
 * The recogniser's words as the aligner sees them: fillers and noise marks dropped, contractions opened,
 * runs of number words joined, each with the time span it was heard in.
 */
import type { TimedWord } from '../../shared/readback/types'
import { groupNumberWords, pieces, pieceWords, type Word } from './words'

export interface HeardWord extends Word {
  text: string
  start_s: number
  end_s: number
}

const FILLERS = new Set(['um', 'uh', 'ah', 'er', 'erm', 'hmm', 'mm'])

export function heardWords(words: readonly TimedWord[]): HeardWord[] {
  const flat: HeardWord[] = []
  for (const w of words) {
    const clean = w.word.replace(/\(\d+\)$/, '').trim()
    if (!clean || /^(?:<[^>]*>|\[[^\]]*\]|\+\+[^+]*\+\+)$/.test(clean) || FILLERS.has(clean.toLowerCase())) continue
    for (const part of pieces(clean)) {
      for (const word of pieceWords(part.text)) flat.push({ ...word, text: part.text, start_s: w.start_s, end_s: w.end_s })
    }
  }
  return groupNumberWords(flat).map(({ word, members }) => {
    const a = flat[members[0] as number] as HeardWord
    const b = flat[members[members.length - 1] as number] as HeardWord
    return members.length === 1 && word === a ? a : { ...word, text: members.map((i) => (flat[i] as HeardWord).text).join(' '), start_s: a.start_s, end_s: b.end_s }
  })
}
