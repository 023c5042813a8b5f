/**
 * A pickup checked as a pickup: it reads a sentence or a few, not the spot, so its read-back compares its
 * words with those sentences only (the run of sentences it reads best: sentence-spans.ts
 * bestSentenceWindow) — the read-back's own compare (readback/compare/compare.ts) on that stretch of the script,
 * its issues placed back on the whole script's characters. The rest of the script is not "missing" from a
 * pickup. A pickup that reads no sentence at all is compared with the whole script (it says what it heard).
 */
import type { CompareOptions } from './compare'
import { compareToScript } from './compare'
import { scriptModel } from '../script/script-model'
import type { ReadbackCheck, TimedWord } from '../../../shared/readback/types'
import { bestSentenceWindow } from './sentence-spans'

export interface PickupCheck {
  check: ReadbackCheck
  /** The sentences compared (1-based, first and last) and their characters in the script; null: the whole script. */
  sentences: { first: number; last: number; from: number; to: number } | null
}

export function pickupCheck(
  scriptText: string,
  words: readonly TimedWord[],
  options: CompareOptions = {},
): PickupCheck {
  const window = bestSentenceWindow(scriptText, words)
  if (!window) return { check: compareToScript(scriptText, words, options), sentences: null }
  const sentences = scriptModel(scriptText).sentences
  const from = (sentences[window[0]] as { from: number }).from
  const to = (sentences[window[1]] as { to: number }).to
  const check = compareToScript(scriptText.slice(from, to), words, options)
  const shift = (x: number | null) => (x === null ? null : x + from)
  return {
    check: {
      ...check,
      issues: check.issues.map((i) => ({ ...i, script_from: shift(i.script_from), script_to: shift(i.script_to) })),
    },
    sentences: { first: window[0] + 1, last: window[1] + 1, from, to },
  }
}
