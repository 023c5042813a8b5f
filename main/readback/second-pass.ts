/**
 * Doubts from two hearings of one take: one leaning toward the script (what the read-back reports) and
 * one that does not lean toward it. Where they disagree, the script-leaning hearing may have been pulled
 * onto the script's words: each such stretch is a doubt naming what the other hearing heard there.
 * The two word sequences are lined up with the read-back's own word alignment.
 */
import type { Doubt, TimedWord } from '../../shared/readback/types'
import { align } from './align'
import { heardWords, type HeardWord } from './heard-words'
import { inflectedForm } from './words'

export function doubtsBetween(leaning: readonly TimedWord[], plain: readonly TimedWord[]): Doubt[] {
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
    // Words the read-back counts as near ("Brightwater", "Brightwood") are still two readings here: the
    // doubt filter decides whether the other is a misread the model offered; only an ending added is not.
    if (op.op === 'match' || (op.op === 'near' && inflectedForm(a[op.s] as HeardWord, b[op.h] as HeardWord))) {
      flush()
      continue
    }
    if ('s' in op) run.a.push(a[op.s] as HeardWord)
    if ('h' in op) run.b.push(b[op.h] as HeardWord)
  }
  flush()
  return doubts
}
