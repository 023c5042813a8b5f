/**
 * Doubts from two hearings of one take: one leaning toward the script (what the read-back reports) and
 * one that does not lean toward it. Where they disagree, the script-leaning hearing may have been pulled
 * onto the script's words: each such stretch is a doubt naming what the other hearing heard there.
 * The two word sequences are lined up with the read-back's own word alignment.
 */
import type { Doubt, TimedWord } from '../../../shared/readback/types'
import { align } from '../alignment/align'
import { heardWords, type HeardWord } from '../alignment/heard-words'
import { inflectedForm } from '../script/words'

export interface DoubtsBetweenOptions {
  /**
   * 'closed' (pocketsphinx: every word is a dictionary word): two words that only start alike are two
   * readings ("brightwater", "brightwood"). 'open' (the default; sherpa-onnx spells what it hears piece by
   * piece): they are one reading spelled two ways ("Brightwater", "Brightwatter"). Either way a word with an
   * ending added ("harbors") is the same reading.
   */
  vocabulary?: 'closed' | 'open'
}

export function doubtsBetween(
  leaning: readonly TimedWord[],
  plain: readonly TimedWord[],
  options: DoubtsBetweenOptions = {},
): Doubt[] {
  const closed = options.vocabulary === 'closed'
  const a = heardWords(leaning)
  const b = heardWords(plain)
  const ops = align(a, b)
  const doubts: Doubt[] = []
  let run: { a: HeardWord[]; b: HeardWord[] } = { a: [], b: [] }
  const flush = () => {
    // Only stretches where the leaning hearing gave words and the other heard something else instead.
    const first = run.a[0]
    const last = run.a[run.a.length - 1]
    if (first && last && run.b.length > 0) {
      doubts.push({ start_s: first.start_s, end_s: last.end_s, heard: run.b.map((w) => w.text).join(' ') })
    }
    run = { a: [], b: [] }
  }
  for (const op of ops) {
    // In a closed vocabulary, words the read-back counts as near ("Brightwater", "Brightwood") are still two
    // readings: the doubt filter decides whether the other is a misread the model offered.
    if (
      op.op === 'match' ||
      (op.op === 'near' && (!closed || inflectedForm(a[op.s] as HeardWord, b[op.h] as HeardWord)))
    ) {
      flush()
      continue
    }
    if ('s' in op) run.a.push(a[op.s] as HeardWord)
    if ('h' in op) run.b.push(b[op.h] as HeardWord)
  }
  flush()
  return doubts
}
