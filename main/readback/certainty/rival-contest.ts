/**
 * The rival contest: a "Differs" on a changed word must hold up when the take is heard once more on that
 * stretch alone. Two hearings of one voice can agree on the same wrong word ("Harbor" heard as "Harper",
 * "midnight" as "we") on a voice the acoustic model fits badly, so agreeing is no proof. Where the first
 * comparison found a sure change of a few script words, the stretch (with the word heard on each side as an
 * anchor) is heard again twice under a grammar that allows only one reading: the script's words (any way
 * of saying them), and what was heard in their place (nothing, for a skip). The acoustic model alone decides: the rival's reading
 * must beat the script's by CONTEST_MARGIN per frame for the finding to stay "Differs"; otherwise it is
 * "Listen here" (never removed: a contest only ever lowers certainty).
 *
 * This file holds what the comparison asks for and how it reads the answers; the engine runs the hearing
 * (engines/pocketsphinx/contest-hearing.ts).
 */
export type { Contest, ContestResult } from '../engine'
import type { KeptContest, ReadbackCheck, TimedWord } from '../../../shared/readback/types'
import { differs } from '../../../shared/readback/certainty'
import { parseWrittenNumber } from '../script/number-words'
import { scriptModel, type ScriptWord } from '../script/script-model'
import type { CertaintyJudge } from './certainty'
import type { Contest, ContestResult } from '../engine'
import { CONTEST_EDGE_S, CONTEST_MARGIN, CONTEST_MAX_WORDS } from '../tuning'

const MAX_FORMS = 8

/** The ways a script word is said, or null when the contest cannot say it (a phone number's digit group). */
function saidAs(word: ScriptWord): string[][] | null {
  const n = parseWrittenNumber(word.text)
  if (n && n.spoken.length) return n.spoken
  const plain = word.text
    .toLowerCase()
    .replace(/’/g, "'")
    .replace(/[^a-z']/g, ' ')
    .trim()
  if (!plain || /\d/.test(word.text)) return null
  return [plain.split(/\s+/)]
}

/**
 * The contests for a check's sure changes and skips (a "Differs" of kind changed or missing, at most
 * CONTEST_MAX_WORDS script words), placed by the first hearing's words (`first`, the words the check was made from, with times).
 */
export function contestsFor(scriptText: string, check: ReadbackCheck, first: readonly TimedWord[]): Contest[] {
  const words = scriptModel(scriptText).words
  const out: Contest[] = []
  for (const issue of check.issues) {
    // A change, or a skip (heard as nothing in the script's words' place).
    const skip = issue.kind === 'missing' && !issue.heard
    if (!differs(issue) || issue.restart || !(skip || (issue.kind === 'changed' && issue.heard))) continue
    if (issue.script_from === null || issue.script_to === null) continue
    const from = issue.script_from
    const to = issue.script_to
    const exp = words.filter((w) => w.from >= from && w.to <= to)
    if (exp.length === 0 || exp.length > CONTEST_MAX_WORDS) continue
    let script: string[][] = [[]]
    for (const w of exp) {
      const forms = saidAs(w)
      if (!forms) {
        script = []
        break
      }
      script = script.flatMap((head) => forms.map((f) => [...head, ...f])).slice(0, MAX_FORMS)
    }
    const count = (issue.heard ?? '').split(/\s+/).filter(Boolean).length
    const atS = issue.at_s ?? -1
    // A change starts at its first word heard; a skip at the end of the word heard before it.
    const at = skip
      ? first.findIndex((w) => Math.abs(w.end_s - atS) < 0.0015) + 1
      : first.findIndex((w) => Math.abs(w.start_s - atS) < 0.0015)
    if (script.length === 0 || at < 0 || (skip && at === 0) || at + count > first.length) continue
    const got = first.slice(at, at + count)
    const before = first[at - 1] ?? null
    const after = first[at + count] ?? null
    if (!before && !after) continue
    const start = (before ?? got[0])?.start_s ?? 0
    const end = (after ?? got[got.length - 1] ?? before)?.end_s ?? start
    out.push({
      script_from: from,
      script_to: to,
      from_s: Math.max(0, start - CONTEST_EDGE_S),
      to_s: end + CONTEST_EDGE_S,
      before: before?.word.toLowerCase() ?? null,
      after: after?.word.toLowerCase() ?? null,
      script,
      rival: got.map((w) => w.word.toLowerCase()),
    })
  }
  return out
}

/** The engine's results as a take keeps them: with the script's words they judged and where in the audio. */
export function keptContests(
  scriptText: string,
  asked: readonly Contest[],
  results: readonly ContestResult[],
): KeptContest[] {
  return results.flatMap((r) => {
    const c = asked.find((a) => a.script_from === r.script_from && a.script_to === r.script_to)
    if (!c) return []
    const text = scriptText.slice(r.script_from, r.script_to)
    return [
      { script_from: r.script_from, script_to: r.script_to, text, start_s: c.from_s, end_s: c.to_s, margin: r.margin },
    ]
  })
}

/**
 * The judge, with the contests heard: a sure change whose contest the rival did not win clearly is unsure.
 * A change with no contest (none was asked for, or the engine holds none) is judged as before. A kept
 * contest counts only where the script still has its words at its place (`text`): a revision that moved
 * them leaves the change judged as before.
 */
export function withContests(
  judge: CertaintyJudge,
  words: readonly ScriptWord[],
  results: readonly (ContestResult | KeptContest)[],
  scriptText?: string,
): CertaintyJudge {
  if (results.length === 0) return judge
  return (kind, scriptIndices, got) => {
    const certainty = judge(kind, scriptIndices, got)
    if (certainty !== 'sure' || kind === 'extra' || scriptIndices.length === 0) return certainty
    const from = words[scriptIndices[0] as number]?.from
    const to = words[scriptIndices[scriptIndices.length - 1] as number]?.to
    const result = results.find(
      (r) =>
        r.script_from === from &&
        r.script_to === to &&
        (!('text' in r) || scriptText === undefined || scriptText.slice(from, to) === r.text),
    )
    if (!result) return certainty
    return result.margin !== null && result.margin >= CONTEST_MARGIN ? 'sure' : 'unsure'
  }
}
