/**
 * The due date as words AND colour, in the talent's time zone: "Overdue by 2 days", "Due in 3 h",
 * "Due tomorrow", "Due Tue, Mar 12", "Changes due tomorrow". A job without a due date, or one that owes
 * nothing any more (finished, delivered, declined, cancelled), shows no badge.
 */
import { describeDue, type DueJob } from '../ui/format/due-state'
import { useTalentClock } from './use-talent-clock'

export function DueBadge({ job, long = false }: { job: DueJob; long?: boolean }) {
  const due = describeDue(job, useTalentClock())
  if (!due.label) return null
  const showDate = due.date && (long || due.tone === 'calm' || due.tone === 'attention' || due.tone === 'muted')
  return (
    <span className={`due due-${due.tone}`} title={due.sentence}>
      {/* The icon and the words stay together; only the date moves under them when the row is tight. */}
      <span className="due-main">
        {(due.tone === 'danger' || due.tone === 'warning') && (
          <span className="due-icon" aria-hidden="true">
            {due.tone === 'danger' ? '!' : '●'}
          </span>
        )}
        <span className="due-label">{due.label}</span>
      </span>
      {showDate && <span className="due-date">{due.date}</span>}
    </span>
  )
}
