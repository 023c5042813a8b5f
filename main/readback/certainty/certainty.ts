/**
 * How sure the read-back is of each finding the first hearing gives (a word changed, skipped or added),
 * from a second hearing of the same take that does not lean toward the script (engine.ts, CrossHearing):
 * - the second hearing heard the script's words there as written: the two hearings disagree, "unsure";
 * - both heard the same other reading (by value for a number), the second hearing heard nothing more
 *   between the script words it placed on either side, and its lattice gives the reading at least
 *   SHARE_SURE of the probability over its stretch: "sure";
 * - a number both hearings heard as the same other value (read right by neither, numbers heard in a row
 *   joined): "sure"; each heard some other value, but not the same: "unsure";
 * - both missed the script's words there and heard nothing, or each heard something else there, but not
 *   the same thing: "sure" for a skip (both agree the words were not said; for a short one, the second
 *   hearing heard no word in their place) and for a long changed stretch (LONG_STRETCH_WORDS or more: a
 *   sentence skipped or mumbled over, where the second hearing read none of its words as written),
 *   "unsure" for a shorter change.
 * - a change to a reading that only sounds like the script's words (sound-alike.ts; not for a number,
 *   which the value rules above judge): "unsure", whatever the hearings agree on.
 * The second hearing's false starts are taken out as the first's are (compare.ts) before the two are compared.
 * Without a second hearing (turned off, an engine without one) every finding is "sure", as the one hearing
 * that leans toward the script still heard something else.
 * A finding's certainty never removes it: a changed number, name or negation is at least "Listen here".
 */
import type { Certainty } from '../../../shared/readback/certainty'
import { align, type AlignOp } from '../alignment/align'
import type { CrossHearing, Sounds } from '../engine'
import { heardWords, type HeardWord } from '../alignment/heard-words'
import { findRestarts } from '../alignment/restarts'
import type { ScriptModel, ScriptWord } from '../script/script-model'
import { sameWord } from '../script/words'
import { mid, overlapsHalfShorter } from '../alignment/time-spans'
import { soundsAlike } from './sound-alike'
import { CERTAINTY_EDGE_S as EDGE_S, LONG_STRETCH_WORDS, SHARE_SURE } from '../tuning'

/** Judges one finding: its kind, the script words it concerns (indices) and the words the first hearing gave there. */
export type CertaintyJudge = (
  kind: 'missing' | 'changed' | 'extra',
  scriptIndices: readonly number[],
  got: readonly HeardWord[],
) => Certainty

const alwaysSure: CertaintyJudge = () => 'sure'

/** The same words in the same order (numbers by value). */
export function sameReading(a: readonly HeardWord[], b: readonly HeardWord[]): boolean {
  return a.length === b.length && a.every((w, k) => sameWord(w, b[k] as HeardWord))
}

/** The share of the lattice the word holds over its stretch (the most it holds there, up to 1). */
export function latticeShare(cross: CrossHearing, word: HeardWord): number {
  const lattice = cross.lattice ?? []
  // A heard word may be a group ("ninety nine"): each of its recognised words must be in the lattice.
  const parts = word.text.toLowerCase().split(/\s+/).filter(Boolean)
  let least = 1
  for (const part of parts) {
    const p = lattice
      .filter((l) => l.word.toLowerCase() === part && overlapsHalfShorter(l, word))
      .reduce((sum, l) => sum + l.posterior, 0)
    least = Math.min(least, p)
  }
  return Math.min(1, least)
}

const digits = (v: string) => v.replace(/\D/g, '')

/** The values of the numbers heard, in order (each a set of readings). */
function heardValues(heard: readonly HeardWord[]): Array<Set<string>> {
  return heard.flatMap((w) => (w.values ? [w.values] : []))
}

/**
 * The hearing reads the script's number: one heard number has its value, or numbers heard one after the
 * other join into it with the words between them taken out ("555-0188" heard as "five hundred fifty five
 * best zero one eight eight": a junk word inside a number read right, not another number).
 */
export function readsNumber(number: ScriptWord, heard: readonly HeardWord[]): boolean {
  const want = new Set([...(number.values ?? [])].map(digits).filter(Boolean))
  const values = heardValues(heard)
  for (let i = 0; i < values.length; i++) {
    let joined = ['']
    for (let j = i; j < values.length; j++) {
      joined = joined.flatMap((head) => [...(values[j] as Set<string>)].map((v) => head + digits(v))).slice(0, 64)
      if (joined.some((v) => want.has(v))) return true
    }
  }
  return false
}

/**
 * The script's numbers here, heard by both hearings as the same other value: each hearing reads none of them,
 * and both heard the same numbers (by value, in order). Two hearings that each heard some other value, but
 * not the same one, heard the recogniser's trouble with the number, not a number said: that is "unsure".
 */
function otherValue(
  expected: readonly ScriptWord[],
  first: readonly HeardWord[],
  second: readonly HeardWord[],
): boolean {
  const a = heardValues(first)
  const b = heardValues(second)
  if (expected.length === 0 || a.length === 0 || a.length !== b.length) return false
  if (expected.some((n) => readsNumber(n, first) || readsNumber(n, second))) return false
  return a.every((v, k) => [...v].some((x) => (b[k] as Set<string>).has(x)))
}

/**
 * The second hearing as the comparison takes the first: its false starts (their stretches, s) and its words
 * with them taken out (compare.ts), so a false start both hearings heard does not count as the second hearing
 * reading the script's words there; and those words aligned with the script. Made once per comparison.
 */
export interface SecondHearing {
  restarts: Array<{ from_s: number; to_s: number }>
  words: HeardWord[]
  ops: AlignOp[]
}

export function readSecondHearing(script: ScriptModel, cross: CrossHearing): SecondHearing {
  const all = heardWords(cross.words)
  const found = findRestarts(all, script.words)
  const abandoned = new Set(found.flatMap((r) => Array.from({ length: r.to - r.from }, (_, k) => r.from + k)))
  const words = all.filter((_, i) => !abandoned.has(i))
  const restarts = found.map((r) => ({
    from_s: (all[r.from] as HeardWord).start_s,
    to_s: (all[r.to] as HeardWord).start_s,
  }))
  return { restarts, words, ops: align(script.words, words) }
}

/**
 * The second hearing's words (indices) over a run of script words: those its alignment put on them, and
 * those it heard beside them up to the script words it placed before and after (its own insertions).
 */
export function secondOver(ops: readonly AlignOp[], scriptIndices: readonly number[]): number[] {
  const want = new Set(scriptIndices)
  const at = ops.flatMap((o, k) => ('s' in o && want.has(o.s) ? [k] : []))
  let a = at[0]
  let b = at[at.length - 1]
  if (a === undefined || b === undefined) return []
  while (a > 0 && !('s' in (ops[a - 1] as AlignOp))) a--
  while (b < ops.length - 1 && !('s' in (ops[b + 1] as AlignOp))) b++
  return ops.slice(a, b + 1).flatMap((o) => ('h' in o ? [o.h] : []))
}

/**
 * `sounds`: how the words are said (the engine's dictionary). With it, a change of words that are no number
 * to a reading that only sounds like them ("Offer" heard as "author", sound-alike.ts) is "unsure" even when
 * both hearings agree on it: two hearings of one voice make the same slip between neighbouring sounds.
 */
export function certaintyJudge(
  script: ScriptModel,
  cross: CrossHearing | undefined,
  heard2: SecondHearing | undefined = cross && readSecondHearing(script, cross),
  sounds?: Sounds,
): CertaintyJudge {
  if (!cross || !heard2) return alwaysSure
  const { words: second, ops } = heard2
  const asWritten = new Set<number>()
  // Second-hearing words that read a script word (as written or not): not free to stand for an added word.
  const placed = new Set<number>()
  for (const op of ops) {
    if ((op.op === 'match' || op.op === 'near') && 's' in op && 'h' in op) asWritten.add(op.s)
    if ('s' in op && 'h' in op) placed.add(op.h)
  }
  // The second hearing's words heard where the first gave these (not in a gap between them).
  const inStretch = (got: readonly HeardWord[]) =>
    second.filter((w) => got.some((g) => mid(w) >= g.start_s - EDGE_S && mid(w) <= g.end_s + EDGE_S))
  const heldByLattice = (got: readonly HeardWord[]) =>
    !cross.lattice?.length || got.every((w) => latticeShare(cross, w) >= SHARE_SURE)
  const judge: CertaintyJudge = (kind, scriptIndices, got) => {
    const written = scriptIndices.filter((s) => asWritten.has(s)).length
    // What the second hearing heard over these script words, and beside them up to its neighbours.
    const over = secondOver(ops, scriptIndices).map((h) => second[h] as HeardWord)
    // Skipped: sure when the second hearing did not hear most of these words either; and for a short skip
    // (a word or three), when it heard nothing in their place: a word it heard there ("last" heard as
    // "least", the take's last word) says something was said.
    if (kind === 'missing') {
      if (written * 2 >= scriptIndices.length) return 'unsure'
      return scriptIndices.length >= LONG_STRETCH_WORDS || over.length === 0 ? 'sure' : 'unsure'
    }
    if (kind === 'changed') {
      if (got.length === 0) return 'unsure'
      const there = inStretch(got)
      // A number of the script both hearings heard as the same other value is a changed number, whatever
      // the small words around it did.
      const numbers = scriptIndices.filter((i) => (script.words[i] as ScriptWord).values)
      if (
        numbers.length > 0 &&
        numbers.every((i) => !asWritten.has(i)) &&
        otherValue(
          numbers.map((i) => script.words[i] as ScriptWord),
          got,
          there,
        )
      )
        return 'sure'
      // A long stretch (a sentence skipped, or mumbled over) that the second hearing also missed most of:
      // both agree these words were not said as written, whatever each heard in their place.
      // Only when the second hearing heard none of them as written ("Fares begin at $129" heard as "use and
      // are one hundred and twenty" and as "really feels begin on one hundred and twenty one" is a reading
      // both misheard, not a sentence left out).
      if (scriptIndices.length >= LONG_STRETCH_WORDS && written === 0) return 'sure'
      // The second hearing heard (some of) these script words as written: the hearings disagree.
      if (written > 0) return 'unsure'
      // Both on a reading that only sounds like the script's words: no more than one slip, heard twice.
      if (
        sounds &&
        numbers.length === 0 &&
        soundsAlike(
          scriptIndices.map((i) => (script.words[i] as ScriptWord).key),
          got.map((w) => w.text),
          sounds,
        )
      )
        return 'unsure'
      // The same reading in the stretch, and nothing more between the words the second hearing placed on
      // either side ("checks" heard as "two" by both, the second going on with "as" where "-ecks" was).
      return sameReading(got, there) && sameReading(got, over) && heldByLattice(got) ? 'sure' : 'unsure'
    }
    if (got.length === 0) return 'sure'
    // Words added: the second hearing must have heard the same words there, reading no script word.
    const there = inStretch(got).filter((w) => !placed.has(second.indexOf(w)))
    return sameReading(got, there) && heldByLattice(got) ? 'sure' : 'unsure'
  }
  return judge
}
