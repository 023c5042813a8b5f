/** How a finished job ended: who declined it and why, or the completion note. */
import type { JobDetail } from '../../../../shared/bridge'
import { formatTimestamp } from '../../ui/format/calendar-dates'

export function OutcomeInfo({ job }: { job: JobDetail }) {
  return (
    <>
      {job.decline && (
        <div className="notice notice-muted" role="note">
          <strong className="notice-title">
            Declined by {job.decline.by === 'talent' ? 'you' : 'the producer'}
            {job.decline.at !== null && <span className="muted"> · {formatTimestamp(job.decline.at)}</span>}
          </strong>
          <p>{job.decline.reason ? <q>{job.decline.reason}</q> : 'No reason was given.'}</p>
        </div>
      )}
      {job.completion && (
        <div className="notice notice-success" role="note">
          <strong className="notice-title">
            Marked complete
            {job.completion.at !== null && <span className="muted"> · {formatTimestamp(job.completion.at)}</span>}
          </strong>
          {job.completion.note && <p className="pre-wrap">{job.completion.note}</p>}
        </div>
      )}
    </>
  )
}
