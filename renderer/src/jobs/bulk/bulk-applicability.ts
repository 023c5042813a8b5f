/**
 * Which ticked jobs a bulk action applies to, from the list's own facts, by the same rules the service
 * uses for a job's `can` flags: accept — pending, sent or viewed, spot not cancelled; decline — pending
 * and not yet delivered. A bulk button offers only those jobs and says how many it leaves out and why.
 * Scripts PDF takes every ticked job: its own answer names the scripts it could not include.
 */
import type { JobSummary } from '../../../../shared/bridge'
import type { BulkAction } from '../../store/check-selection'

type Facts = Pick<JobSummary, 'status' | 'stage' | 'spot_cancelled'>

export function appliesTo(action: BulkAction, job: Facts): boolean {
  const pending = job.status === 'pending'
  switch (action) {
    case 'accept':
      return pending && !job.spot_cancelled && (job.stage === 'sent' || job.stage === 'viewed')
    case 'decline':
      return (
        pending &&
        (job.stage === 'sent' ||
          job.stage === 'viewed' ||
          job.stage === 'accepted' ||
          job.stage === 'changes_requested')
      )
    case 'scriptsPdf':
      return true
  }
}

const LEFT_OUT: Record<BulkAction, string> = {
  accept: 'already accepted or not open to accepting',
  decline: 'already delivered, finished or declined',
  scriptsPdf: '',
}

export interface BulkSplit<T> {
  jobs: T[]
  /** "2 left out: already accepted or not open to accepting", or null when none is. */
  leftOut: string | null
}

export function splitForAction<T extends Facts>(action: BulkAction, checked: readonly T[]): BulkSplit<T> {
  const jobs = checked.filter((j) => appliesTo(action, j))
  const out = checked.length - jobs.length
  return { jobs, leftOut: out === 0 ? null : `${out} left out: ${LEFT_OUT[action]}` }
}
