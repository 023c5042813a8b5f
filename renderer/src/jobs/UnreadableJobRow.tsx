/**
 * A job the service sent in a form Booth cannot read (main/api/answer-door.ts): one row with its id and
 * what is wrong, in place of the job, so every other job of the list still works. It cannot be opened,
 * ticked or acted on: Booth knows nothing of it it could trust.
 */
import type { UnreadableJob } from '../../../shared/bridge'

export function unreadableJobTitle(job: Pick<UnreadableJob, 'job_id'>): string {
  return job.job_id ? `Job ${job.job_id}: its details could not be read` : 'A job whose details could not be read'
}

export function UnreadableJobRow({ job }: { job: UnreadableJob }) {
  return (
    <li
      className="job-row job-row-unreadable"
      role="option"
      aria-selected={false}
      aria-disabled="true"
      data-testid="unreadable-job"
    >
      <div className="job-row-body">
        <div className="job-row-top">
          <span className="job-advertiser">{unreadableJobTitle(job)}</span>
        </div>
        <div className="job-row-bottom">
          <span className="muted small">The service sent it in a form Booth cannot read: {job.problem}.</span>
        </div>
      </div>
    </li>
  )
}
