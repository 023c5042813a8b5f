/**
 * Where each sentence of the script is in a recording, from its read-back: the script's words
 * (readback/script/script-model.ts) aligned with the words heard (heard-words.ts, align.ts); a sentence spans
 * from the first to the last heard word aligned with one of its words. Its read-back state comes from the
 * check's issues that fall in its characters. Times here are the recogniser's; cut-rules.ts refines the
 * edges with the signal before anything is cut.
 */
import type { ReadbackCheck, ReadbackIssue, TimedWord } from '../../../shared/readback/types'
import { align } from '../alignment/align'
import { compareToScript } from './compare'
import { heardWords } from '../alignment/heard-words'
import { scriptModel } from '../script/script-model'

export interface ScriptSentence {
  /** 0-based, in script order. */
  index: number
  text: string
  /** Characters of the script. */
  from: number
  to: number
  /** How many words the read-back compares in it. */
  words: number
}

export interface ReadSentence {
  index: number
  /** The recogniser's start of its first heard word and end of its last (seconds). */
  startS: number
  endS: number
  /** Script words of the sentence heard as written (or nearly), out of `words`. */
  matched: number
  words: number
  coverage: number
  /** The read-back's issues in this sentence that are not soft. */
  issues: ReadbackIssue[]
  /** Heard words (recogniser times) that belong to it, in order. */
  heard: Array<{ text: string; startS: number; endS: number }>
  /** Positions (0-based, within the sentence) of its first and last word heard as written. */
  firstMatched: number
  lastMatched: number
}

export interface ReadOptions {
  /** The read-back's check of the same words (else it is made here). */
  check?: ReadbackCheck
  /**
   * Only these sentences (first and last index) are compared with the words: a pickup reads one or two
   * sentences, and a global alignment with the whole script would pull its words toward the script's start.
   */
  window?: [number, number]
}

export function scriptSentences(scriptText: string): ScriptSentence[] {
  const model = scriptModel(scriptText)
  const { count } = sentenceWordIndex(model)
  return model.sentences.map((s, index) => ({
    index,
    text: scriptText.slice(s.from, s.to),
    from: s.from,
    to: s.to,
    words: count[index] ?? 0,
  }))
}

/**
 * Each sentence's word count and its first word's index, in one pass over the words: a 100,000-character
 * script has thousands of sentences and words, and a filter per sentence held Booth's main process for
 * tens of seconds (it could not even quit meanwhile).
 */
function sentenceWordIndex(model: { sentences: readonly unknown[]; words: ReadonlyArray<{ sentence: number }> }): {
  count: number[]
  first: number[]
} {
  const count = new Array<number>(model.sentences.length).fill(0)
  const first = new Array<number>(model.sentences.length).fill(-1)
  model.words.forEach((w, i) => {
    if (w.sentence < 0 || w.sentence >= count.length) return
    count[w.sentence] = (count[w.sentence] as number) + 1
    if (first[w.sentence] === -1) first[w.sentence] = i
  })
  return { count, first }
}

/** The sentences of `scriptText` found in a recording whose read-back heard `words` (null: not read in it). */
export function readSentences(
  scriptText: string,
  words: readonly TimedWord[],
  options: ReadOptions = {},
): Array<ReadSentence | null> {
  const model = scriptModel(scriptText)
  const heard = heardWords(words)
  const [lo, hi] = options.window ?? [0, model.sentences.length - 1]
  const offset = model.words.findIndex((w) => w.sentence >= lo)
  const subset = model.words.filter((w) => w.sentence >= lo && w.sentence <= hi)
  const ops = align(subset, heard).map((op) => ('s' in op ? { ...op, s: op.s + Math.max(0, offset) } : op))
  const { count, first: firstWord } = sentenceWordIndex(model)
  const found = model.sentences.map((_, index) => ({
    index,
    matched: 0,
    words: count[index] ?? 0,
    heardIdx: [] as number[],
    first: -1,
    last: -1,
  }))
  let last: number | null = null
  const pendingIns: number[] = []
  for (const op of ops) {
    if (op.op === 'ins') {
      pendingIns.push(op.h)
      continue
    }
    if (op.op === 'del') continue
    const sentence = (model.words[op.s] as { sentence: number }).sentence
    const entry = found[sentence]
    if (!entry) continue
    // Words heard between two words of the same sentence belong to it (a repeat, a slip).
    if (last === sentence) entry.heardIdx.push(...pendingIns)
    pendingIns.length = 0
    entry.heardIdx.push(op.h)
    if (op.op === 'match' || op.op === 'near') {
      entry.matched++
      const at = op.s - (firstWord[sentence] as number)
      if (entry.first < 0) entry.first = at
      entry.last = at
    }
    last = sentence
  }
  const issues = (options.check ?? checkOf(scriptText, words, model.sentences, options.window)).issues.filter(
    (i) => i.severity !== 'soft',
  )
  return found.map((f) => {
    if (f.heardIdx.length === 0 || f.matched === 0) return null
    const hs = [...f.heardIdx].sort((a, b) => a - b).map((i) => heard[i] as (typeof heard)[number])
    const range = model.sentences[f.index] as { from: number; to: number }
    return {
      index: f.index,
      startS: Math.min(...hs.map((h) => h.start_s)),
      endS: Math.max(...hs.map((h) => h.end_s)),
      matched: f.matched,
      words: f.words,
      coverage: f.words === 0 ? 0 : f.matched / f.words,
      issues: issues.filter((i) => issueInSentence(i, range)),
      heard: hs.map((h) => ({ text: h.text, startS: h.start_s, endS: h.end_s })),
      firstMatched: f.first,
      lastMatched: f.last,
    }
  })
}

/** The read-back's check of the words against the script, or against the window's sentences alone (offsets kept). */
function checkOf(
  scriptText: string,
  words: readonly TimedWord[],
  sentences: Array<{ from: number; to: number }>,
  window?: [number, number],
): ReadbackCheck {
  if (!window) return compareToScript(scriptText, words)
  const from = (sentences[window[0]] as { from: number }).from
  const to = (sentences[window[1]] as { to: number }).to
  const check = compareToScript(scriptText.slice(from, to), words)
  const shift = (x: number | null) => (x === null ? null : x + from)
  return {
    ...check,
    issues: check.issues.map((i) => ({ ...i, script_from: shift(i.script_from), script_to: shift(i.script_to) })),
  }
}

/**
 * The run of sentences (at most `maxSentences`) a short recording reads: the window whose alignment with
 * the heard words matches the most script words, less half of its script words left unheard.
 */
export function bestSentenceWindow(
  scriptText: string,
  words: readonly TimedWord[],
  maxSentences = 4,
): [number, number] | null {
  const model = scriptModel(scriptText)
  const heard = heardWords(words)
  if (heard.length === 0) return null
  let best: [number, number] | null = null
  let bestScore = 0
  for (let a = 0; a < model.sentences.length; a++) {
    for (let b = a; b < Math.min(model.sentences.length, a + maxSentences); b++) {
      const subset = model.words.filter((w) => w.sentence >= a && w.sentence <= b)
      if (subset.length === 0) continue
      const matched = align(subset, heard).filter((op) => op.op === 'match' || op.op === 'near').length
      const score = matched - 0.5 * (subset.length - matched)
      if (score > bestScore + 1e-9) {
        bestScore = score
        best = [a, b]
      }
    }
  }
  return best
}

export function issueInSentence(issue: ReadbackIssue, s: { from: number; to: number }): boolean {
  const from = issue.script_from
  const to = issue.script_to
  if (from === null || to === null) return false
  if (to > from) return from < s.to && to > s.from
  // An insertion: where it was inserted (after a sentence's last word counts for that sentence).
  return from > s.from && from <= s.to
}
