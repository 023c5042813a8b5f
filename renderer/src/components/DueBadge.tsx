/** The due state as words AND colour: "Overdue 2 days", "Due today", "Due tomorrow", "Due Tue, Mar 12". */
import type { JobSummary } from '../../../shared/bridge'
import { describeDue } from '../format/due-state'

export function DueBadge({ job, today, long = false }: { job: Pick<JobSummary, 'due_state' | 'due_date'>; today: string; long?: boolean }) {
  const due = describeDue(job, today)
  const showDate = due.date && (long || due.tone === 'calm' || due.tone === 'attention' || due.tone === 'muted')
  return (
    <span className={`due due-${due.tone}`} title={due.sentence}>
      {(due.tone === 'danger' || due.tone === 'warning') && <span className="due-icon" aria-hidden="true">{due.tone === 'danger' ? '!' : '●'}</span>}
      <span className="due-label">{due.label}</span>
      {showDate && due.label !== 'No due date' && <span className="due-date">{due.date}</span>}
    </span>
  )
}
