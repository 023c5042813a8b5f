/**
 * Words left out that the first hearing heard anyway. The hearing that leans toward the script, finding no
 * sound for a word, may still place it: squeezed into the pause between its neighbours at the least length
 * the recogniser can give it (each of its phones held for the fewest frames). A word heard that short was
 * most likely not said; it is "Listen here" (may have been left out), never "Differs": a fast talker can
 * clip a word too. The small words whose slip is not worth a check (doubts.ts SLIGHT) are left alone.
 */
import type { ReadbackIssue } from '../../../shared/readback/types'
import type { AlignOp } from '../alignment/align'
import type { HeardWord } from '../alignment/heard-words'
import { SLIGHT_DOUBT_WORDS } from '../script/word-classes'
import type { Sounds } from '../engine'
import { NEGATION_WORDS } from '../script/negation-words'
import type { ScriptModel, ScriptWord } from '../script/script-model'
import { SQUEEZED_S_PER_PHONE, SQUEEZED_SLACK_S } from '../tuning'

/** The fewest phones the word can be said with, or null when its sounds are unknown. */
function phones(word: string, sounds: Sounds): number | null {
  const ways = sounds.get(word.toLowerCase())
  if (!ways?.length) return null
  return Math.min(...ways.map((w) => w.split(/\s+/).filter(Boolean).length))
}

export function squeezedIssues(
  script: ScriptModel,
  heard: readonly HeardWord[],
  ops: readonly AlignOp[],
  sounds: Sounds,
): Array<{ issue: ReadbackIssue; beforeHeard: number }> {
  const out: Array<{ issue: ReadbackIssue; beforeHeard: number }> = []
  for (const op of ops) {
    if (op.op !== 'match') continue
    const word = script.words[op.s] as ScriptWord
    const got = heard[op.h] as HeardWord
    // One recognised word only (a number heard as a group is judged by its value) that is not a small word.
    if (SLIGHT_DOUBT_WORDS.has(word.key) || /\s/.test(got.text)) continue
    const n = phones(got.text, sounds)
    if (n === null || got.end_s - got.start_s > n * SQUEEZED_S_PER_PHONE + SQUEEZED_SLACK_S) continue
    const weighty = word.name || word.number || word.legal || NEGATION_WORDS.has(word.key)
    out.push({
      beforeHeard: op.h,
      issue: {
        kind: 'missing',
        severity: weighty ? 'high' : 'normal',
        certainty: 'unsure',
        legal: word.legal,
        name: word.name,
        number: word.number,
        expected: word.text,
        heard: null,
        context: script.text
          .slice(Math.max(0, word.from - 40), Math.min(script.text.length, word.to + 40))
          .replace(/\s+/g, ' ')
          .trim(),
        at_s: Math.round(got.start_s * 1000) / 1000,
        script_from: word.from,
        script_to: word.to,
      },
    })
  }
  return out
}
