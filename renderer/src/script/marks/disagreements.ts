/**
 * Where Booth's read-back and the platform's audio check of the SAME take disagree about the same words,
 * in sentences: "The platform’s check heard “Sunday” here; Booth’s read-back heard “Saturday”." Neither
 * check is taken as right; the talent hears the place and decides. A word a check did not flag was heard
 * as written by it. Minor (soft) issues and inserted words are not compared: only words of the script.
 * Both checks' spans are on the same text (the current script). Pure.
 */
import type { ReadbackIssue } from '../../../../shared/readback/types'
import type { CheckIssue } from '../../takes/check-placement'
import type { IssueSpan } from './mark-layers'

export interface Disagreement {
  /** The script's words concerned. */
  words: string
  /** Where on the script (current text) the words are. */
  from: number
  to: number
  /** Booth's issue here (index), or null when Booth heard the words as written. */
  readback: number | null
  /** The platform's issue here (index), or null when it heard the words as written. */
  platform: number | null
  sentence: string
}

const q = (s: string | null | undefined) => `“${(s ?? '').trim()}”`
const fold = (s: string | null) =>
  (s ?? '')
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}%$]+/gu, ' ')
    .trim()

function platformSaid(i: CheckIssue, words: string): string {
  if (i.kind === 'missing') return `did not hear ${q(i.expected ?? words)}`
  if (i.kind === 'changed') return `heard ${q(i.heard)}`
  if (i.kind === 'repeated') return `heard ${q(i.expected ?? i.heard)} twice`
  return `heard ${q(i.heard)} added`
}

function boothSaid(i: ReadbackIssue, words: string): string {
  if (i.kind === 'missing') return `did not hear ${q(words)}`
  if (i.confidence === 'unsure')
    return i.heard ? `may have heard ${q(i.heard)}` : `could not tell ${q(words)} from another reading`
  if (i.kind === 'changed') return `heard ${q(i.heard)}`
  if (i.kind === 'repeated') return `heard ${q(words)} twice`
  return `heard ${q(i.heard)} added`
}

/** Two issues on the same words that say the same thing. */
function agree(b: ReadbackIssue, p: CheckIssue): boolean {
  if (b.kind !== p.kind) return false
  if (b.kind === 'changed') return b.confidence !== 'unsure' && fold(b.heard) === fold(p.heard)
  return true
}

const overlaps = (a: IssueSpan, b: IssueSpan) => a.from < b.to && b.from < a.to

export function findDisagreements(
  text: string,
  readback: { issues: readonly ReadbackIssue[]; spans: readonly IssueSpan[] },
  platform: { issues: readonly CheckIssue[]; spans: readonly IssueSpan[] },
): Disagreement[] {
  const out: Disagreement[] = []
  const rbStretches = readback.spans.filter((s) => s.to > s.from && readback.issues[s.issue])
  const pfStretches = platform.spans.filter((s) => s.to > s.from && platform.issues[s.issue])
  for (const ps of pfStretches) {
    const p = platform.issues[ps.issue] as CheckIssue
    const words = text.slice(ps.from, ps.to)
    const here = rbStretches.filter((bs) => overlaps(bs, ps))
    if (here.length === 0) {
      if (p.severity !== 'soft')
        out.push({
          words,
          from: ps.from,
          to: ps.to,
          readback: null,
          platform: ps.issue,
          sentence: `The platform’s check ${platformSaid(p, words)} here; Booth’s read-back heard ${q(words)}.`,
        })
      continue
    }
    const first = here[0] as IssueSpan
    const b = readback.issues[first.issue] as ReadbackIssue
    if (!here.some((bs) => agree(readback.issues[bs.issue] as ReadbackIssue, p))) {
      const boothWords = text.slice(first.from, first.to)
      out.push({
        words,
        from: Math.min(ps.from, first.from),
        to: Math.max(ps.to, first.to),
        readback: first.issue,
        platform: ps.issue,
        sentence: `The platform’s check ${platformSaid(p, words)} here; Booth’s read-back ${boothSaid(b, boothWords)}.`,
      })
    }
  }
  for (const bs of rbStretches) {
    const b = readback.issues[bs.issue] as ReadbackIssue
    if (b.severity === 'soft' || pfStretches.some((ps) => overlaps(bs, ps))) continue
    const words = text.slice(bs.from, bs.to)
    out.push({
      words,
      from: bs.from,
      to: bs.to,
      readback: bs.issue,
      platform: null,
      sentence: `Booth’s read-back ${boothSaid(b, words)} here; the platform’s check heard ${q(words)}.`,
    })
  }
  return out.sort((a, b) => a.from - b.from || a.to - b.to)
}
