/**
 * Words for job actions: what each per-job outcome means, why a script is missing from a scripts PDF,
 * how a job is named in a list, and who is told about an accept or decline.
 */
import type { JobSummary, ScriptsPdfResult } from '../../../../shared/bridge'

const OUTCOMES: Record<string, string> = {
  accepted: 'accepted',
  already_accepted: 'already accepted',
  declined: 'declined',
  completed: 'marked complete',
}

/** "accepted", "already accepted"…; an outcome Booth does not know is shown as the API wrote it. */
export function outcomeWords(outcome: string): string {
  return OUTCOMES[outcome] ?? outcome.replace(/_/g, ' ')
}

export const MISSING_REASONS: Record<ScriptsPdfResult['missing'][number]['reason'], string> = {
  no_script: 'no script yet',
  no_pdf: 'script has no PDF',
  not_mergeable: 'PDF could not be merged',
  unknown: 'reason unknown',
}

export function missingReasonWords(reason: string): string {
  return (MISSING_REASONS as Record<string, string>)[reason] ?? reason.replace(/_/g, ' ')
}

/** "Acme Hardware (ACMH-3498-30)". */
export function jobName(job: Pick<JobSummary, 'advertiser' | 'key_number'>): string {
  return `${job.advertiser} (${job.key_number})`
}

/** One producer per job: named when known, else "the producer at <client>". */
function producerOf(job: Pick<JobSummary, 'producer_name' | 'customer'>): string {
  return job.producer_name ? `${job.producer_name} (${job.customer.name})` : `the producer at ${job.customer.name}`
}

/** "A, B and C" — the distinct producers of these jobs, at most `max` named, then "and N others". */
export function producersLine(jobs: ReadonlyArray<Pick<JobSummary, 'producer_name' | 'customer'>>, max = 4): string {
  const names = [...new Set(jobs.map(producerOf))]
  if (names.length === 0) return 'nobody'
  const shown = names.slice(0, max)
  const rest = names.length - shown.length
  if (rest > 0) return `${shown.join(', ')} and ${rest} other producer${rest === 1 ? '' : 's'}`
  if (shown.length === 1) return shown[0] as string
  return `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`
}

/** "1 job", "3 jobs". */
export function jobCount(n: number): string {
  return `${n} job${n === 1 ? '' : 's'}`
}
