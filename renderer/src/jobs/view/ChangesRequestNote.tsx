/** The producer asked for changes: their note, who asked, and by when. */
import type { JobDetail } from '../../../../shared/bridge'
import { formatCalendarDate, formatTimestamp } from '../../ui/format/calendar-dates'

export function ChangesRequestNote({ request, today }: { request: NonNullable<JobDetail['changes_request']>; today: string }) {
  return (
    <div className="notice notice-warning" role="note" aria-label="Changes requested">
      <strong className="notice-title">
        Changes requested{request.by ? ` by ${request.by}` : ''}
        {request.needed_by && <> — needed by {formatCalendarDate(request.needed_by, today)}</>}
      </strong>
      <p className="pre-wrap">{request.note}</p>
      <p className="muted small">Asked {formatTimestamp(request.at)}</p>
    </div>
  )
}
