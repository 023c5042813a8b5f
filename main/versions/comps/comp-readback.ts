/**
 * A take's stored read-back (the check the talent sees: names and the recogniser's doubts weighed) made
 * ready to judge its comp cells (comp-plan.ts). The check is against the script the take was read
 * against; the comp's cells are the comp script's sentences. When the two differ (a take of an older
 * revision), each finding of a sentence the revision kept unchanged is moved onto that sentence of the
 * comp script (revision-map.ts); findings of sentences changed or removed since are dropped, since the
 * comp offers no reading of those from this take anyway. Pure.
 */
import type { ReadbackCheck, ReadbackIssue } from '../../../shared/readback/types'
import { revisionMap } from '../revisions/revision-map'
import { issueInSentence, scriptSentences } from '../../readback/index'

export interface CheckOnScript {
  check: ReadbackCheck
  script: string
}

const clamp = (x: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, x))

/** The stored check seen against `compScript`: the same when the take was checked against it. */
export function readbackThrough(stored: CheckOnScript, compScript: string): CheckOnScript {
  if (stored.script === compScript) return stored
  const map = revisionMap(stored.script, compScript)
  const oldRanges = scriptSentences(stored.script)
  const newRanges = scriptSentences(compScript)
  const issues: ReadbackIssue[] = []
  for (const issue of stored.check.issues) {
    const o = oldRanges.findIndex((r) => issueInSentence(issue, r))
    const fate = o < 0 ? null : map.old[o]
    if (!fate || fate.fate !== 'unchanged' || fate.next === null) continue
    const from = oldRanges[o] as { from: number; to: number }
    const to = newRanges[fate.next] as { from: number; to: number }
    const shift = (x: number | null, lo: number) => (x === null ? null : clamp(x - from.from + to.from, lo, to.to))
    const insertion = issue.script_from !== null && issue.script_to !== null && issue.script_to <= issue.script_from
    // An insertion counts for the sentence it stands after the start of; a span keeps an overlap with it.
    const lo = insertion ? to.from + 1 : to.from
    const a = shift(issue.script_from, lo)
    const b = insertion ? a : shift(issue.script_to, lo)
    issues.push({ ...issue, script_from: a, script_to: b })
  }
  return { check: { ...stored.check, issues }, script: compScript }
}
