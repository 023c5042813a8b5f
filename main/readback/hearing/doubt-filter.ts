/**
 * Which of the second hearing's doubts are worth a check. The second hearing (second-hearing.ts) hears
 * every take with a model that lets each script word be heard as its rivals (model-rivals.ts) and also as the
 * commonest words of English; on a synthetic or plain clean read it hears plenty of the latter ("Doctor"
 * as "october", "available" as "family little"), and a doubt from each turned clean reads into "check".
 * A doubt is kept only where:
 * - what it heard stands in the place of a word the first hearing gave as one of that word's rivals (the
 *   other day, month or number, a sound-alike, a negation dropped or turned), or as a number of another
 *   value over a number;
 * - it is not a run of more words than it doubts (filler heard in a long word), nor a word boundary put
 *   elsewhere ("one unforgettable" as "one forgettable", boundary-slip.ts);
 * - the lattice does not rule it out: a rival only in the lattice (the best path kept the first hearing's
 *   word) needs RIVAL_SHARE of the probability there; a rival on the second hearing's best path (a
 *   disagreement with the first hearing, doubts-between.ts) is kept however little it holds, since the
 *   misreads the model exists for ("Harbor" read as "Harper") often hold little, unless the lattice is
 *   SURE of the first hearing's word where they differ ("here" as "fear" at 0.93 against 0.06, "10th" as
 *   "eighth" at 0.94 against 0.02: the search's slip).
 * Measured on the read-back bench (docs/measurements.md): the clean reads that matched before the second hearing match
 * again, and no planted misread is answered "matches".
 */
import type { Doubt, TimedWord } from '../../../shared/readback/types'
import { RIVAL_RULES } from '../rivals/rival-rules'
import type { LatticeWord } from '../engine'
import { isBoundarySlip, type Say } from '../rivals/boundary-slip'
import { isRival, type Rivals } from '../language-model/model-rivals'
import { overlapsHalfShorter, type Span } from '../alignment/time-spans'
import { RIVAL_SHARE, SURE } from '../tuning'

export interface DoubtEvidence {
  /** The first hearing's words: what the read-back reports, leaning toward the script. */
  first: readonly TimedWord[]
  rivals: Rivals
  /** The second hearing's lattice (lattice-doubts.ts), for how far it leans toward a rival. */
  lattice: readonly LatticeWord[]
  /** Pronunciations, to tell a rival that only moves a word boundary (boundary-slip.ts). */
  say?: Say
}

/** The first hearing's words the doubt lies over. */
function doubted(doubt: Doubt, first: readonly TimedWord[]): TimedWord[] {
  return first.filter((w) => overlapsHalfShorter(w, doubt))
}

/** Whether the heard words name a rival of a doubted word, or a number of another value over a number. */
export function namesRival(words: readonly string[], heard: readonly string[], rivals: Rivals): boolean {
  if (words.some((w) => heard.some((h) => isRival(rivals, w, h)))) return true
  // Words the model may leave out ("not", the "two" of "four point two five"), left out and nothing else changed.
  if (heard.length < words.length && leftOut(words, heard).every((w) => isRival(rivals, w, ''))) return true
  // A rule's own reading of the doubt (a number of another value over a number; rivals/rival-rules.ts).
  return RIVAL_RULES.some((rule) => rule.namedBy?.(words, heard) ?? false)
}

/** The words of `words` missing from `heard` when `heard` is `words` with some left out; else `words` itself. */
function leftOut(words: readonly string[], heard: readonly string[]): string[] {
  const missing: string[] = []
  let h = 0
  for (const w of words) {
    if (h < heard.length && heard[h] === w) h++
    else missing.push(w)
  }
  return h === heard.length ? missing : [...words]
}

/** The probability the lattice gives each of `words` over the span (the most of any one of them). */
function mass(lattice: readonly LatticeWord[], span: Span, words: readonly string[]): number {
  let best = 0
  for (const word of new Set(words)) {
    const p = lattice
      .filter((l) => l.word === word && overlapsHalfShorter(l, span))
      .reduce((sum, l) => sum + l.posterior, 0)
    best = Math.max(best, p)
  }
  return Math.min(1, best)
}

/** How far the lattice leans toward the doubt's reading over the words the first hearing gave there. */
export function leanOf(doubt: Doubt, evidence: DoubtEvidence): { own: number; other: number } {
  const words = doubted(doubt, evidence.first).map((w) => w.word.toLowerCase())
  const heard = doubt.heard.toLowerCase().split(/\s+/).filter(Boolean)
  // Only the words that differ: "four point two five" heard as "four point five" is about the "two".
  const differ = (a: string[], b: string[]) => {
    const d = a.filter((w) => !b.includes(w))
    return d.length ? d : a
  }
  return (
    doubt.posterior ?? {
      own: mass(evidence.lattice, doubt, differ(words, heard)),
      other: mass(evidence.lattice, doubt, differ(heard, words)),
    }
  )
}

/** One word heard as a rival that is only that word with a sound its neighbour already has. */
function slipsBoundary(doubt: Doubt, heard: readonly string[], evidence: DoubtEvidence): boolean {
  const at = evidence.first.findIndex((w) => overlapsHalfShorter(w, doubt))
  const word = evidence.first[at]
  if (!evidence.say || !word || heard.length !== 1 || doubted(doubt, evidence.first).length !== 1) return false
  const near = (k: number) => evidence.first[k]?.word.toLowerCase() ?? null
  return isBoundarySlip(evidence.say, word.word.toLowerCase(), heard[0] as string, near(at - 1), near(at + 1))
}

/** The doubts worth a check (see the module's comment), each with the lattice's lean as its posterior. */
export function tellingDoubts(doubts: readonly Doubt[], evidence: DoubtEvidence): Doubt[] {
  const kept: Doubt[] = []
  for (const doubt of doubts) {
    const words = doubted(doubt, evidence.first).map((w) => w.word.toLowerCase())
    const heard = doubt.heard.toLowerCase().split(/\s+/).filter(Boolean)
    if (words.length === 0 || heard.length === 0 || heard.length > words.length) continue
    if (!namesRival(words, heard, evidence.rivals) || slipsBoundary(doubt, heard, evidence)) continue
    const posterior = leanOf(doubt, evidence)
    // Only a lattice doubt comes with posteriors: its rival was not on the best path.
    const onBestPath = doubt.posterior === undefined
    if (!onBestPath && posterior.other / Math.max(1e-6, posterior.own + posterior.other) < RIVAL_SHARE) continue
    // A best path through a word the lattice is sure of is the search's slip.
    if (onBestPath && posterior.own >= SURE) continue
    kept.push({ ...doubt, posterior })
  }
  return kept
}
