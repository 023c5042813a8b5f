/**
 * The producer asked for changes: their note, who asked, and by when — one line over the script until opened.
 * Shown only while the request stands (changes-request-state.ts); once a take was delivered after it, it says so
 * instead of a date to meet.
 */
import type { JobDetail } from '../../../../shared/bridge'
import type { ChangesRequestState } from './changes-request-state'
import { formatCalendarDate, formatTimestamp } from '../../ui/format/calendar-dates'
import { FoldedNote } from '../../ui/FoldedNote'

export function ChangesRequestNote({
  request,
  state,
  today,
}: {
  request: NonNullable<JobDetail['changes_request']>
  state: Exclude<ChangesRequestState, 'closed'>
  today: string
}) {
  return (
    <FoldedNote
      label="Changes requested"
      tone={state === 'open' ? 'warning' : 'muted'}
      title={
        <>
          Changes requested{request.by ? ` by ${request.by}` : ''}
          {state === 'answered' ? (
            <> — a take was delivered since; waiting for the producer</>
          ) : (
            request.needed_by && <> — needed by {formatCalendarDate(request.needed_by, today)}</>
          )}
        </>
      }
      gist={request.note}
    >
      <p className="pre-wrap">{request.note}</p>
      <p className="muted small">Asked {formatTimestamp(request.at)}</p>
    </FoldedNote>
  )
}
