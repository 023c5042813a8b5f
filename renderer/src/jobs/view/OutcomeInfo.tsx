/** How a finished job ended: who declined it and why, or the completion note — one line each until opened. */
import type { JobDetail } from '../../../../shared/bridge'
import { formatTimestamp } from '../../ui/format/calendar-dates'
import { FoldedNote } from '../../ui/FoldedNote'

export function OutcomeInfo({ job }: { job: JobDetail }) {
  return (
    <>
      {job.decline && (
        <FoldedNote
          label="Declined"
          tone="muted"
          title={
            <>
              Declined by {job.decline.by === 'talent' ? 'you' : 'the producer'}
              {job.decline.at !== null && <span className="muted"> · {formatTimestamp(job.decline.at)}</span>}
            </>
          }
          gist={job.decline.reason ?? 'No reason was given.'}
        >
          <p>{job.decline.reason ? <q>{job.decline.reason}</q> : 'No reason was given.'}</p>
        </FoldedNote>
      )}
      {job.completion && (
        <FoldedNote
          label="Marked complete"
          tone="success"
          title={
            <>
              Marked complete
              {job.completion.at !== null && <span className="muted"> · {formatTimestamp(job.completion.at)}</span>}
            </>
          }
          gist={job.completion.note ?? undefined}
        >
          {job.completion.note ? (
            <p className="pre-wrap">{job.completion.note}</p>
          ) : (
            <p className="muted small">No note was given.</p>
          )}
        </FoldedNote>
      )}
    </>
  )
}
