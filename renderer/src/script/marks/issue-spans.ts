/**
 * Where each check's issues lie in a script text, as character spans for mark-layers.ts.
 *
 * Booth's read-back says it itself (script_from / script_to, shared/readback/types.ts): a span is used
 * when both ends are whole numbers inside the text, snapped outwards to whole code points (a mark never
 * splits an emoji); anything else is "not placed" and listed beside the script, never dropped. Inserted
 * and repeated words are points; a restart (a false start read again) is ONE point where the reading
 * started again, however many words it read twice.
 * The platform's audio check has no positions (resources/api/talent-v1.yaml, CheckIssue): its issues are
 * found by their expected words and context (takes/check-placement.ts). Pure.
 */
import type { ReadbackIssue } from '../../../../shared/readback/types'
import { locateIssue, scriptWords, type CheckIssue } from '../../takes/check-placement'
import type { IssueSpan } from './mark-layers'

export interface PlacedSpans {
  spans: IssueSpan[]
  /** Issues (by index) that could not be placed on the text. */
  unplaced: number[]
}

const isHigh = (c: number) => c >= 0xd800 && c <= 0xdbff
const isLow = (c: number) => c >= 0xdc00 && c <= 0xdfff

/** Moves an offset that falls between the two halves of a surrogate pair back (start) or forward (end). */
function snap(text: string, at: number, forward: boolean): number {
  if (at <= 0 || at >= text.length) return at
  if (isHigh(text.charCodeAt(at - 1)) && isLow(text.charCodeAt(at))) return forward ? at + 1 : at - 1
  return at
}

/** A read-back issue that is a point on the script rather than a stretch of it. */
export function isPointIssue(issue: Pick<ReadbackIssue, 'script_from' | 'script_to' | 'restart'>): boolean {
  return issue.restart !== undefined || issue.script_from === issue.script_to
}

export function readbackSpans(text: string, issues: readonly ReadbackIssue[]): PlacedSpans {
  const spans: IssueSpan[] = []
  const unplaced: number[] = []
  issues.forEach((issue, n) => {
    const { script_from: from, script_to: to } = issue
    if (
      from === null ||
      to === null ||
      !Number.isInteger(from) ||
      !Number.isInteger(to) ||
      from < 0 ||
      to < from ||
      to > text.length
    ) {
      unplaced.push(n)
      return
    }
    if (isPointIssue(issue)) {
      const at = snap(text, from, false)
      spans.push({ issue: n, from: at, to: at })
    } else spans.push({ issue: n, from: snap(text, from, false), to: snap(text, to, true) })
  })
  return { spans, unplaced }
}

/** The words of the last script placed on (a read-back arriving re-places the platform's issues on the same text). */
let lastWords: { text: string; words: ReturnType<typeof scriptWords> } | null = null

export function platformSpans(text: string, issues: readonly CheckIssue[]): PlacedSpans {
  if (issues.length === 0) return { spans: [], unplaced: [] }
  if (lastWords?.text !== text) lastWords = { text, words: scriptWords(text) }
  const words = lastWords.words
  const spans: IssueSpan[] = []
  const unplaced: number[] = []
  issues.forEach((issue, n) => {
    const at = locateIssue(words, issue)
    const first = at ? words[at.from] : undefined
    const last = at ? words[at.to - 1] : undefined
    if (!first || !last) unplaced.push(n)
    else spans.push({ issue: n, from: first.start, to: last.end })
  })
  return { spans, unplaced }
}
