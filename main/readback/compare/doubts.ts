/**
 * Words the engine was not sure of. Where a script word was heard as written but the engine also heard
 * another reading there (doubts: another word of the lattice nearly as likely, or a second pass that does not
 * lean toward the script), the read-back never answers "matches" over it: it is a "check" issue, marked
 * unsure, naming the other reading ("may have been read as 'Lane'").
 */
import type { Doubt, ReadbackIssue } from '../../../shared/readback/types'
import type { AlignOp } from '../alignment/align'
import { heardWords, type HeardWord } from '../alignment/heard-words'
import { RIVAL_RULES } from '../rivals/rival-rules'
import type { ScriptModel, ScriptWord } from '../script/script-model'
import { inflectedForm, sameWord } from '../script/words'
import { overlapsHalfShorter } from '../alignment/time-spans'
import { SLIGHT_DOUBT_WORDS } from '../script/word-classes'

/** One issue per doubt that falls on script words heard as written and names something else. */
export function unsureIssues(
  script: ScriptModel,
  heard: readonly HeardWord[],
  ops: readonly AlignOp[],
  doubts: readonly Doubt[],
): Array<{ issue: ReadbackIssue; beforeHeard: number }> {
  const out: Array<{ issue: ReadbackIssue; beforeHeard: number }> = []
  for (const doubt of doubts) {
    const other = heardWords([{ word: doubt.heard, start_s: doubt.start_s, end_s: doubt.end_s }])
    if (other.length === 0) continue
    const matched = ops
      .filter((o): o is Extract<AlignOp, { s: number; h: number }> => o.op === 'match' || o.op === 'near')
      .filter((o) => {
        const h = heard[o.h] as HeardWord
        return overlapsHalfShorter(h, doubt, 0)
      })
    const words = matched.map((o) => script.words[o.s] as ScriptWord)
    if (words.length === 0 || words.every((w) => SLIGHT_DOUBT_WORDS.has(w.key))) continue
    // The other reading says the same thing (another way of saying a number, an ending added): no doubt.
    // A word that only starts the same ("Brightwood" for "Brightwater") is another word: a doubt naming one
    // comes from a hearing whose own rule already kept it (doubts-between.ts).
    if (
      words.length === other.length &&
      words.every((w, k) => sameWord(w, other[k] as HeardWord) || inflectedForm(w, other[k] as HeardWord))
    )
      continue
    // Heard as some of these very words: an echo of the script, unless what is missing matters to a rival rule
    // (a negation; rivals/rival-rules.ts).
    const dropsNegation = words.some(
      (w) => RIVAL_RULES.some((rule) => rule.leftOutMatters?.(w.key) ?? false) && !other.some((o) => sameWord(w, o)),
    )
    if (!dropsNegation && other.every((o) => words.some((w) => sameWord(w, o)))) continue
    const first = words[0] as ScriptWord
    const last = words[words.length - 1] as ScriptWord
    out.push({
      beforeHeard: (matched[0] as { h: number }).h,
      issue: {
        kind: 'changed',
        severity: 'normal',
        confidence: 'unsure',
        legal: words.some((w) => w.legal),
        name: words.some((w) => w.name),
        number: words.some((w) => w.number),
        expected: script.text.slice(first.from, last.to),
        heard: other.map((w) => w.text).join(' '),
        context: script.text
          .slice(Math.max(0, first.from - 40), Math.min(script.text.length, last.to + 40))
          .replace(/\s+/g, ' ')
          .trim(),
        at_s: Math.round((heard[(matched[0] as { h: number }).h] as HeardWord).start_s * 1000) / 1000,
        script_from: first.from,
        script_to: last.to,
      },
    })
  }
  return out
}
