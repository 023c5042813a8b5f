/**
 * due_state, derived from the job's dates against "today" in the talent's time zone. The rule:
 *
 * - none: the job is not pending (completed/declined), its work is handed in (stage delivered, approved,
 *   completed), the spot is cancelled, or it has no due date.
 * - The date that counts is `changes_due` while changes are requested (when set), else `due_date`.
 * - stale: the due date passed more than STALE_AFTER_DAYS days ago, or the job was never accepted
 *   (stage sent/viewed) and nothing happened on it for UNTOUCHED_DAYS days (with or without a due date).
 * - overdue: the due date is before today (1..14 days ago).
 * - today: due today.
 * - soon: due within SOON_DAYS days (tomorrow or the day after).
 * - later: due after that.
 */
import { daysBetween } from './calendar'
import type { JobRecord } from './state'

export type DueState = 'none' | 'later' | 'soon' | 'today' | 'overdue' | 'stale'

export const SOON_DAYS = 2
export const STALE_AFTER_DAYS = 14
export const UNTOUCHED_DAYS = 30
const DAY_MS = 86_400_000

export function effectiveDueDate(job: JobRecord): string | null {
  if (job.stage === 'changes_requested' && job.changes_due) return job.changes_due
  return job.due_date
}

function lastActivity(job: JobRecord): number {
  return job.timeline.reduce((max, e) => Math.max(max, e.at), job.requested_at)
}

export function dueState(job: JobRecord, today: string, now: number): DueState {
  if (job.status !== 'pending' || job.spot_cancelled) return 'none'
  if (job.stage === 'delivered' || job.stage === 'approved' || job.stage === 'completed') return 'none'
  if ((job.stage === 'sent' || job.stage === 'viewed') && now - lastActivity(job) > UNTOUCHED_DAYS * DAY_MS) {
    return 'stale'
  }
  const due = effectiveDueDate(job)
  if (!due) return 'none'
  const days = daysBetween(today, due)
  if (days < -STALE_AFTER_DAYS) return 'stale'
  if (days < 0) return 'overdue'
  if (days === 0) return 'today'
  if (days <= SOON_DAYS) return 'soon'
  return 'later'
}
