/**
 * How a job's due date reads, in the talent's time zone: "Overdue by 2 days", "Due in 3 h", "Due today",
 * "Due tomorrow", "Due in 4 days", "Due Tue, Mar 12"; while changes are requested, the date the changes are
 * due by ("Changes due tomorrow"). The words come from the date itself (the day ends at midnight in the
 * talent's zone), so a job 20 days late never reads "Stale" and a past date never reads "Due soon". A job
 * that owes nothing (completed, approved, delivered, declined, spot cancelled: shared/job-due.ts) or has
 * no due date shows no label at all. Overdue and today stand out in colour AND in words.
 */
import type { JobSummary } from '../../../../shared/bridge'
import { dateThatCounts, owesAudio } from '../../../../shared/job-due'
import { dayNumber, formatCalendarDate } from './calendar-dates'
import { dateInZone, endOfDayInZone } from './zone-time'

export type DueTone = 'danger' | 'warning' | 'attention' | 'calm' | 'muted'

export interface DueLabel {
  /** Short words shown on the badge; '' when the job has no due date (nothing is shown). */
  label: string
  /** The date in words, or '' when there is none. */
  date: string
  tone: DueTone
  /** The whole sentence for screen readers and tooltips. */
  sentence: string
}

export interface TalentClock {
  /** Now, in ms since the epoch. */
  now: number
  /** The talent's IANA time zone (their preference, else the computer's). */
  zone: string
}

/** Within this many hours of the end of the due day, the badge counts hours ("Due in 3 h"). */
export const HOURS_SHOWN_BELOW = 6

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`
}

/** The job fields a due label reads. */
export type DueJob = Pick<JobSummary, 'due_state' | 'due_date' | 'status' | 'stage'> &
  Partial<Pick<JobSummary, 'changes_due' | 'spot_cancelled'>>

const NO_LABEL: DueLabel = { label: '', date: '', tone: 'muted', sentence: '' }

export function describeDue(job: DueJob, clock: TalentClock): DueLabel {
  if (!owesAudio(job)) return NO_LABEL
  const today = dateInZone(clock.now, clock.zone)
  const due = dateThatCounts(job)
  const dueDay = due ? dayNumber(due.date) : null
  const todayDay = dayNumber(today)
  if (!due || dueDay === null || todayDay === null) {
    // Without a date the service's word is all there is; "none" shows nothing.
    if (job.due_state === 'overdue') return { label: 'Overdue', date: '', tone: 'danger', sentence: 'Overdue' }
    if (job.due_state === 'today') return { label: 'Due today', date: '', tone: 'warning', sentence: 'Due today' }
    return NO_LABEL
  }
  const date = formatCalendarDate(due.date, today)
  // While changes are requested, the words say the date is the changes' one.
  const Due = due.changes ? 'Changes due' : 'Due'
  const daysLeft = dueDay - todayDay
  if (daysLeft < 0) {
    const label = `${due.changes ? 'Changes overdue' : 'Overdue'} by ${plural(-daysLeft, 'day')}`
    return { label, date, tone: 'danger', sentence: `${label}: ${due.changes ? 'they were' : 'was'} due ${date}` }
  }
  if (daysLeft === 0) {
    const end = endOfDayInZone(due.date, clock.zone) ?? clock.now
    const hours = Math.max(1, Math.ceil((end - clock.now) / 3_600_000))
    const label = hours <= HOURS_SHOWN_BELOW ? `${Due} in ${hours} h` : `${Due} today`
    return {
      label,
      date,
      tone: 'warning',
      sentence: `${Due} today, by the end of the day (${hours} h left, ${clock.zone} time)`,
    }
  }
  if (daysLeft === 1) return { label: `${Due} tomorrow`, date, tone: 'attention', sentence: `${Due} tomorrow: ${date}` }
  if (daysLeft < 7) {
    const label = `${Due} in ${plural(daysLeft, 'day')}`
    return { label, date, tone: 'attention', sentence: `${label}: ${date}` }
  }
  const stale = job.due_state === 'stale'
  return {
    label: Due,
    date,
    tone: stale ? 'muted' : 'calm',
    sentence: stale ? `${Due} ${date}; nothing has moved on this job for a long time` : `${Due} ${date}`,
  }
}
