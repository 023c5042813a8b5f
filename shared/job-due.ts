/**
 * The one rule for when a job is due, which the due labels (renderer), the due notifications and the
 * dock/taskbar badge (main) all follow, whatever `due_state` a service sends (resources/api/talent-v1.yaml,
 * JobSummary: status, stage, spot_cancelled, due_date, changes_due):
 *
 * - A job is due only while the talent still owes its audio: status pending, stage sent, viewed, accepted
 *   or changes_requested, and the spot not cancelled. A completed, approved, delivered (waiting for the
 *   producer), declined or cancelled job shows no "Overdue" or "Due in" and counts in no badge.
 * - While changes are requested, the date that counts is the one the changes are due by (`changes_due`,
 *   the request's `needed_by`) when the service gives one; otherwise the job's `due_date`.
 */
import { dayNumber } from './format/calendar-date'

/** A status or stage the API document does not name reads as 'unknown' (answers are checked at the door): never due. */
export type JobStatusWord = 'pending' | 'completed' | 'declined' | 'unknown'
export type JobStageWord =
  'sent' | 'viewed' | 'accepted' | 'changes_requested' | 'delivered' | 'completed' | 'approved' | 'declined' | 'unknown'

export interface DueFacts {
  status: JobStatusWord
  stage: JobStageWord
  spot_cancelled?: boolean
  due_date?: string | null
  changes_due?: string | null
}

const OWES_AUDIO: ReadonlySet<JobStageWord> = new Set(['sent', 'viewed', 'accepted', 'changes_requested'])

/** Whether the talent still owes this job its audio (so a due date means something). */
export function owesAudio(job: DueFacts): boolean {
  return job.status === 'pending' && OWES_AUDIO.has(job.stage) && job.spot_cancelled !== true
}

export interface DueDate {
  /** YYYY-MM-DD */
  date: string
  /** True when it is the date requested changes are due by, not the job's own due date. */
  changes: boolean
}

/** The date the job is due by, or null when it owes nothing or has no date. */
export function dateThatCounts(job: DueFacts): DueDate | null {
  if (!owesAudio(job)) return null
  if (job.stage === 'changes_requested' && job.changes_due) return { date: job.changes_due, changes: true }
  return job.due_date ? { date: job.due_date, changes: false } : null
}

/** The job fields the overdue rule reads. */
export type OverdueFacts = DueFacts & { due_state: string }

/**
 * The one rule for "overdue", which the row's "Overdue by …" label (renderer/src/ui/format/due-state.ts),
 * the "Overdue" filter's count and the rows it lists (main/jobs/due-counts.ts) all follow: the job still
 * owes its audio, and the date that counts is before `today` (YYYY-MM-DD, in the talent's time zone);
 * without a date, only when the service itself calls it overdue. A job the service calls "stale" (left
 * untouched, or long past its date) is overdue only when its date has passed, so one with no date or a
 * date still ahead, whose row shows no overdue label, is not counted.
 */
export function isOverdue(job: OverdueFacts, today: string): boolean {
  if (!owesAudio(job)) return false
  const due = dateThatCounts(job)
  const dueDay = due ? dayNumber(due.date) : null
  const todayDay = dayNumber(today)
  // A date that cannot be read is no date: the service's word is all there is (as on the row).
  if (dueDay === null || todayDay === null) return job.due_state === 'overdue'
  return dueDay < todayDay
}
