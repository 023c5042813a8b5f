/**
 * Turns an alignment into the check object (resources/api/talent-v1.yaml, Check / CheckIssue) plus
 * times and script positions. Runs of differences become issues: missing (script words not heard),
 * changed, extra (heard, not in the script) and repeated (a word or phrase said again). Numbers, names
 * and legal lines weigh more: missing or changing one is high severity.
 */
import type { ReadbackCheck, ReadbackIssue } from '../../../shared/readback/types'
import { issueCertainty } from '../../../shared/readback/certainty'
import type { AlignOp } from '../alignment/align'
import type { CertaintyJudge } from '../certainty/certainty'
import type { HeardWord } from '../alignment/heard-words'
import { NEGATION_WORDS } from '../script/negation-words'
import type { ScriptModel, ScriptWord } from '../script/script-model'
import { sameWord } from '../script/words'
import { SOFT_SLIP_WORDS } from '../script/word-classes'
import {
  CONTEXT_WORDS,
  HIGH_MISSING_WORDS,
  MAX_ISSUES,
  MUMBLE_MIN_WORDS,
  MUMBLE_RATIO,
  SOFT_EXTRA_WORDS,
} from '../tuning'

/** A stretch of ops between matches, and where its first op stands in the whole list. */
interface Run {
  ops: AlignOp[]
  firstOp: number
}

/**
 * The runs of differences between matches. A change never crosses a sentence of the script: "days. Forty"
 * heard as "do use fifty" is one finding in each sentence, so each is marked, and fixed (punched in,
 * picked up, comped), in its own sentence. A run is split only where every piece has heard words of its
 * own; a passage heard as nothing, or as a word or two, stays one finding.
 */
function runsOf(ops: AlignOp[], words: readonly ScriptWord[]): Run[] {
  const runs: Run[] = []
  let cur: Run = { ops: [], firstOp: 0 }
  ops.forEach((op, k) => {
    if (op.op === 'match') {
      if (cur.ops.length) runs.push(cur)
      cur = { ops: [], firstOp: k + 1 }
    } else cur.ops.push(op)
  })
  if (cur.ops.length) runs.push(cur)
  return runs.flatMap((run) => bySentence(run, words))
}

function bySentence(run: Run, words: readonly ScriptWord[]): Run[] {
  const pieces: Run[] = []
  let cur: Run = { ops: [], firstOp: run.firstOp }
  let sentence: number | null = null
  run.ops.forEach((op, k) => {
    const here = 's' in op ? (words[op.s]?.sentence ?? null) : null
    if (here !== null && sentence !== null && here !== sentence && cur.ops.length) {
      pieces.push(cur)
      cur = { ops: [], firstOp: run.firstOp + k }
    }
    if (here !== null) sentence = here
    cur.ops.push(op)
  })
  if (cur.ops.length) pieces.push(cur)
  return pieces.length > 1 && pieces.every((p) => p.ops.some((o) => 'h' in o)) ? pieces : [run]
}

export interface BuildOptions {
  /** ms since epoch, for checked_at. */
  now: number
  /**
   * Issues found beside the alignment, each placed before a heard word (index into `heard`): false starts
   * (restarts.ts) before the word where the new reading begins, words the engine was unsure of (doubts.ts)
   * at the word itself.
   */
  added?: Array<{ issue: ReadbackIssue; beforeHeard: number }>
  /** How sure each finding of the alignment is (certainty.ts); without it, every one is sure. */
  certainty?: CertaintyJudge
}

export function buildCheck(
  script: ScriptModel,
  heard: HeardWord[],
  ops: AlignOp[],
  options: BuildOptions,
): ReadbackCheck {
  const words = script.words
  const issues: Array<ReadbackIssue & { order: number }> = []
  for (const run of runsOf(ops, words)) {
    const issue = issueOf(run, script, heard, ops, options.certainty)
    if (issue) issues.push(issue)
  }
  for (const { issue, beforeHeard } of options.added ?? []) {
    const k = ops.findIndex((o) => 'h' in o && o.h >= beforeHeard)
    // Just before the op of the new reading's first word: runs are ordered by their first op.
    issues.push({ ...issue, certainty: issueCertainty(issue), order: (k < 0 ? ops.length : k) - 0.5 })
  }
  issues.sort((a, b) => a.order - b.order)
  const matched = ops.filter((o) => o.op === 'match' || o.op === 'near').length
  const coverage = words.length === 0 ? (heard.length === 0 ? 1 : 0) : round(matched / words.length)
  const rank = { high: 0, normal: 1, soft: 2 } as const
  const kept = [...issues]
    .sort((a, b) => rank[a.severity] - rank[b.severity] || a.order - b.order)
    .slice(0, MAX_ISSUES)
    .sort((a, b) => a.order - b.order)
  // "Differs from the script" only where Booth is sure of an important finding; one it is not sure of is
  // still a "check", never "matches".
  const verdict = issues.some((i) => i.severity === 'high' && i.certainty === 'sure')
    ? 'mismatch'
    : issues.some((i) => i.severity !== 'soft')
      ? 'check'
      : 'matches'
  return {
    state: 'done',
    verdict: heard.length === 0 && words.length > 0 ? 'mismatch' : verdict,
    coverage,
    summary: summarise(issues, coverage, heard.length, issues.length - kept.length),
    issues: kept.map(({ order: _order, ...rest }) => rest),
    checked_at: options.now,
    can_retry: true,
  }
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000
}

function issueOf(
  { ops: run, firstOp }: Run,
  script: ScriptModel,
  heard: HeardWord[],
  all: AlignOp[],
  judge?: CertaintyJudge,
): (ReadbackIssue & { order: number }) | null {
  const s = run.flatMap((o) => ('s' in o ? [o.s] : []))
  const h = run.flatMap((o) => ('h' in o ? [o.h] : []))
  const exp = s.map((i) => script.words[i] as ScriptWord)
  const got = h.map((i) => heard[i] as HeardWord)
  const flags = {
    legal: exp.some((w) => w.legal),
    name: exp.some((w) => w.name),
    number: exp.some((w) => w.number) || got.some((w) => w.values !== null),
  }
  const onlyNear = run.every((o) => o.op === 'near')
  if (s.length > 0 && h.length === 0 && unitSaidWithNumber(exp, all[firstOp - 1], heard)) return null
  const kind: ReadbackIssue['kind'] =
    exp.length === 0
      ? isRepeat(got, run, firstOp, script, heard, all)
        ? 'repeated'
        : 'extra'
      : mostlyUnheard(exp.length, got.length)
        ? 'missing'
        : 'changed'
  // A negation dropped, added or turned around changes what the spot promises.
  const negation = [...exp, ...got].some((w) => NEGATION_WORDS.has(w.key))
  const weighty = flags.legal || flags.name || exp.some((w) => w.number) || negation
  let severity: ReadbackIssue['severity']
  if (kind === 'repeated') severity = 'soft'
  else if (kind === 'extra')
    severity =
      negation || got.some((w) => w.values)
        ? 'high'
        : got.every((w) => SOFT_SLIP_WORDS.has(w.key)) && got.length <= SOFT_EXTRA_WORDS
          ? 'soft'
          : 'normal'
  else if (weighty) severity = onlyNear && !flags.number ? 'normal' : 'high'
  else if (kind === 'missing')
    severity =
      exp.length >= HIGH_MISSING_WORDS || wholeSentence(exp, script)
        ? 'high'
        : exp.every((w) => SOFT_SLIP_WORDS.has(w.key))
          ? 'soft'
          : 'normal'
  else severity = onlyNear || (exp.length === 1 && exp.every((w) => SOFT_SLIP_WORDS.has(w.key))) ? 'soft' : 'normal'
  // Where: the first word heard in the run, or for a skip the end of the word heard just before it.
  let at: number | null = got[0]?.start_s ?? null
  if (at === null) {
    const before = lastHeardBefore(all, firstOp)
    at = before !== null ? (heard[before] as HeardWord).end_s : (firstHeardAfter(all, firstOp, heard) ?? 0)
  }
  const from = exp[0]?.from ?? insertionPoint(all, firstOp, script)
  const to = exp[exp.length - 1]?.to ?? from
  const certainty = kind === 'repeated' || !judge ? 'sure' : judge(kind, s, got)
  return {
    kind,
    severity,
    ...flags,
    certainty,
    expected: exp.length ? script.text.slice(from, to) : null,
    heard: got.length ? got.map((w) => w.text).join(' ') : null,
    context: context(script, s[0] ?? null, s[s.length - 1] ?? null, from),
    at_s: round(at),
    script_from: from,
    script_to: to,
    order: firstOp,
  }
}

/** Currency and measure words a spoken number takes in ("forty five dollars", "twenty percent"). */
const UNIT_WORDS = new Set([
  'dollar',
  'dollars',
  'pound',
  'pounds',
  'euro',
  'euros',
  'cent',
  'cents',
  'pence',
  'percent',
])

/**
 * "45 dollars" (or "ninety-nine pounds") in the script, heard as one spoken number "forty five dollars": the
 * number matched and took the unit word in with it, which is then not missing but said.
 */
function unitSaidWithNumber(
  exp: readonly ScriptWord[],
  before: AlignOp | undefined,
  heard: readonly HeardWord[],
): boolean {
  if (!before || before.op === 'del' || !('h' in before) || before.op === 'sub' || before.op === 'ins') return false
  const said = (heard[before.h] as HeardWord).text.toLowerCase().split(/\s+/)
  return exp.every((w) => UNIT_WORDS.has(w.key) && said.includes(w.key))
}

/**
 * A run is a skip, not a change, when nothing was heard in its place or far too little to be a reading of
 * it: a sentence of MUMBLE_MIN_WORDS (5) or more words that came out as a quarter as many (MUMBLE_RATIO): a
 * mumble, a breath or a tone taken for a word. The few words heard stay on the issue.
 */
function mostlyUnheard(expected: number, heardCount: number): boolean {
  return heardCount === 0 || (expected >= MUMBLE_MIN_WORDS && heardCount * MUMBLE_RATIO <= expected)
}

function wholeSentence(exp: ScriptWord[], script: ScriptModel): boolean {
  const first = exp[0]
  if (!first) return false
  const inSentence = script.words.filter((w) => w.sentence === first.sentence)
  return inSentence.length > 0 && inSentence.every((w) => exp.includes(w))
}

/** A word or phrase said twice in a row: what was inserted equals what was heard just before, or what comes next. */
function isRepeat(
  got: HeardWord[],
  run: AlignOp[],
  firstOp: number,
  script: ScriptModel,
  heard: HeardWord[],
  all: AlignOp[],
): boolean {
  const firstH = (run[0] as { h: number }).h
  const lastH = firstH + got.length - 1
  const before = heard.slice(Math.max(0, firstH - got.length), firstH)
  const after = heard.slice(lastH + 1, lastH + 1 + got.length)
  const eq = (xs: HeardWord[]) => xs.length === got.length && xs.every((x, k) => sameWord(x, got[k] as HeardWord))
  if (eq(before) || eq(after)) return true
  const next = all.slice(firstOp + run.length).find((o) => 's' in o)
  const nextS = next && 's' in next ? next.s : null
  return (
    nextS !== null &&
    got.every((g, k) => {
      const w = script.words[nextS + k]
      return w !== undefined && sameWord(w, g)
    })
  )
}

function lastHeardBefore(all: AlignOp[], index: number): number | null {
  for (let k = index - 1; k >= 0; k--) {
    const o = all[k] as AlignOp
    if ('h' in o) return o.h
  }
  return null
}

function firstHeardAfter(all: AlignOp[], index: number, heard: HeardWord[]): number | null {
  for (let k = index; k < all.length; k++) {
    const o = all[k] as AlignOp
    if ('h' in o) return (heard[o.h] as HeardWord).start_s
  }
  return null
}

function insertionPoint(all: AlignOp[], index: number, script: ScriptModel): number {
  for (let k = index - 1; k >= 0; k--) {
    const o = all[k] as AlignOp
    if ('s' in o) return (script.words[o.s] as ScriptWord).to
  }
  return 0
}

function context(script: ScriptModel, first: number | null, last: number | null, at: number): string {
  const words = script.words
  let a = first
  let b = last
  if (a === null || b === null) {
    const next = words.findIndex((w) => w.from >= at)
    a = next === -1 ? words.length : next
    b = a - 1
  }
  const from = words[Math.max(0, a - CONTEXT_WORDS)]?.from ?? 0
  const to = words[Math.min(words.length - 1, b + CONTEXT_WORDS)]?.to ?? script.text.length
  const text = script.text.slice(from, Math.max(from, to)).replace(/\s+/g, ' ').trim()
  return text.length > 200 ? `${text.slice(0, 199)}…` : text
}

function summarise(issues: ReadbackIssue[], coverage: number, heardCount: number, dropped: number): string {
  if (heardCount === 0) return 'Booth heard no words in this take.'
  const pct = `${Math.round(coverage * 100)}%`
  if (issues.length === 0) return `Booth heard the whole script as written (${pct} of its words).`
  // A finding Booth is not sure of (a word heard as written but doubted, or heard otherwise by one hearing
  // only) is not "changed": it is counted as one it is not sure of.
  const sure = issues.filter((i) => issueCertainty(i) === 'sure')
  const count = (k: ReadbackIssue['kind']) => sure.filter((i) => i.kind === k).length
  const restarts = sure.filter((i) => i.restart).length
  const unsure = issues.length - sure.length
  const parts = [
    [count('missing'), 'missing'],
    [count('changed'), 'changed'],
    [count('extra'), 'extra'],
    [count('repeated') - restarts, 'repeated'],
    [restarts, restarts === 1 ? 'restart' : 'restarts'],
    [unsure, 'it is not sure of'],
  ]
    .filter(([n]) => (n as number) > 0)
    .map(([n, k]) => `${n} ${k}`)
  const high = issues.filter((i) => i.severity === 'high').length
  const more = dropped > 0 ? `; ${dropped} smaller ones not listed` : ''
  return `Booth heard ${pct} of the script's words: ${parts.join(', ')}${high ? ` (${high} important)` : ''}${more}.`
}
