/**
 * How a job's due state reads in the list and the job view. Overdue and today stand out in colour AND in
 * words (the label always says it), so nobody has to tell red from green.
 */
import type { JobSummary } from '../../../shared/bridge'
import { dayNumber, formatCalendarDate } from './calendar-dates'

export type DueTone = 'danger' | 'warning' | 'attention' | 'calm' | 'muted'

export interface DueLabel {
  /** Short words shown on the badge: "Overdue 2 days", "Due today", "Due soon". */
  label: string
  /** The date in words, or '' when there is none. */
  date: string
  tone: DueTone
  /** The whole sentence for screen readers and tooltips. */
  sentence: string
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`
}

export function describeDue(job: Pick<JobSummary, 'due_state' | 'due_date'>, today: string): DueLabel {
  const date = job.due_date ? formatCalendarDate(job.due_date, today) : ''
  const dueDay = job.due_date ? dayNumber(job.due_date) : null
  const todayDay = dayNumber(today)
  const daysLeft = dueDay !== null && todayDay !== null ? dueDay - todayDay : null
  switch (job.due_state) {
    case 'overdue': {
      const late = daysLeft !== null && daysLeft < 0 ? -daysLeft : null
      const label = late ? `Overdue ${plural(late, 'day')}` : 'Overdue'
      return { label, date, tone: 'danger', sentence: date ? `${label}: was due ${date}` : label }
    }
    case 'today':
      return { label: 'Due today', date, tone: 'warning', sentence: 'Due today' }
    case 'soon': {
      const label = daysLeft === 1 ? 'Due tomorrow' : daysLeft !== null && daysLeft > 1 ? `Due in ${plural(daysLeft, 'day')}` : 'Due soon'
      return { label, date, tone: 'attention', sentence: date ? `${label}: ${date}` : label }
    }
    case 'later':
      return { label: 'Due', date, tone: 'calm', sentence: date ? `Due ${date}` : 'Due later' }
    case 'stale':
      return { label: 'Stale', date, tone: 'muted', sentence: date ? `Stale: was due ${date} and has not moved` : 'Stale: has not moved for a long time' }
    case 'none':
    default:
      return { label: 'No due date', date: '', tone: 'muted', sentence: 'No due date' }
  }
}
