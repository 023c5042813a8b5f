/**
 * Names and numbers the two hearings disagree on. Where the hearing that leans toward the script heard a
 * name or a number as written, and the second hearing (which does not lean toward it, engine.ts
 * CrossHearing) heard other words in its place, the read-back cannot tell which is so: a name changed by one
 * sound ("Marino" read as "Martino") is heard as the script's by a hearing that leans toward it, and the
 * second hearing is then the only sign. Each such word is a doubt, so it is "Listen here", never "matches".
 *
 * The doubts of the engine itself (second-hearing.ts, doubt-filter.ts) are kept only where the other
 * reading is a rival of the word; these are not, for names and numbers only: a misread one is the answer the
 * read-back must never give "matches" over. Not where the second hearing's lattice is sure of the script's
 * word there (the search's slip), unless it heard a number of another value there; and not where it heard
 * nothing there.
 */
import type { Doubt } from '../../../shared/readback/types'
import type { AlignOp } from '../alignment/align'
import { latticeShare, readSecondHearing, type SecondHearing } from './certainty'
import type { CrossHearing } from '../engine'
import type { HeardWord } from '../alignment/heard-words'
import type { ScriptModel, ScriptWord } from '../script/script-model'
import { sameWord } from '../script/words'
import { mid } from '../alignment/time-spans'
import { CROSS_EDGE_S as EDGE_S, SURE } from '../tuning'

export function crossDoubts(
  script: ScriptModel,
  heard: readonly HeardWord[],
  ops: readonly AlignOp[],
  cross: CrossHearing,
  heard2: SecondHearing = readSecondHearing(script, cross),
): Doubt[] {
  const { words: second, ops: secondOps } = heard2
  const agreed = new Set(secondOps.flatMap((o) => (o.op === 'match' ? [o.s] : [])))
  const out: Doubt[] = []
  for (const op of ops) {
    if (op.op !== 'match') continue
    const word = script.words[op.s] as ScriptWord
    if ((!word.name && !word.number) || agreed.has(op.s)) continue
    const got = heard[op.h] as HeardWord
    const there = second.filter((w) => mid(w) >= got.start_s - EDGE_S && mid(w) <= got.end_s + EDGE_S)
    if (there.length === 0 || there.some((w) => sameWord(w, word))) continue
    // A number the second hearing heard as another value is a doubt however sure its lattice is of the
    // script's: its best path and its lattice disagree there ("18" heard as "eighty" with "eighteen" at
    // 0.89), and a number is what the read-back must never answer "matches" over.
    const otherValue = word.number && there.some((w) => w.values !== null)
    if (!otherValue && cross.lattice?.length && latticeShare(cross, got) >= SURE) continue
    out.push({ start_s: got.start_s, end_s: got.end_s, heard: there.map((w) => w.text).join(' ') })
  }
  return out
}

/** The engine's doubts and these, without a second doubt over a word one already covers. */
export function withCrossDoubts(doubts: readonly Doubt[], extra: readonly Doubt[]): Doubt[] {
  const covered = (d: Doubt) => doubts.some((x) => x.start_s < d.end_s && x.end_s > d.start_s)
  return [...doubts, ...extra.filter((d) => !covered(d))]
}
