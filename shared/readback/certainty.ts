/**
 * How sure Booth's read-back is of a finding, in one place for main (the verdict, the bench) and the window
 * (the words, the delivery's question). "Differs" only when sure; "Listen here" when not.
 */
import type { ReadbackIssue } from './types'

export type Certainty = 'sure' | 'unsure'

/** A finding's certainty; a result kept before findings carried one counts an `unsure` confidence as unsure. */
export function issueCertainty(issue: Pick<ReadbackIssue, 'certainty' | 'confidence'>): Certainty {
  return issue.certainty ?? (issue.confidence === 'unsure' ? 'unsure' : 'sure')
}

/** A finding shown as "Differs": sure, and more than a soft slip (a plural, a lone "the", a word said twice). */
export function differs(issue: Pick<ReadbackIssue, 'certainty' | 'confidence' | 'severity'>): boolean {
  return issue.severity !== 'soft' && issueCertainty(issue) === 'sure'
}

/** A finding the talent is asked to hear ("Listen here"): not sure, and more than a soft slip. */
export function listenHere(issue: Pick<ReadbackIssue, 'certainty' | 'confidence' | 'severity'>): boolean {
  return issue.severity !== 'soft' && issueCertainty(issue) === 'unsure'
}
