/** The producer asked for changes: their note, who asked, and by when — one line over the script until opened. */
import type { JobDetail } from '../../../../shared/bridge'
import { formatCalendarDate, formatTimestamp } from '../../ui/format/calendar-dates'
import { FoldedNote } from '../../ui/FoldedNote'

export function ChangesRequestNote({ request, today }: { request: NonNullable<JobDetail['changes_request']>; today: string }) {
  return (
    <FoldedNote
      label="Changes requested"
      tone="warning"
      title={
        <>
          Changes requested{request.by ? ` by ${request.by}` : ''}
          {request.needed_by && <> — needed by {formatCalendarDate(request.needed_by, today)}</>}
        </>
      }
      gist={request.note}
    >
      <p className="pre-wrap">{request.note}</p>
      <p className="muted small">Asked {formatTimestamp(request.at)}</p>
    </FoldedNote>
  )
}
