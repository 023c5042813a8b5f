/**
 * The "Overdue" filter by Booth's own rule (shared/job-due.ts, isOverdue), so its count and the rows it
 * lists are the jobs whose row shows an overdue label, whatever a service counts as overdue (the sandbox,
 * for one, also counts a job left untouched with no due date, "stale", whose row shows no due label):
 * - the count comes from every pending job, when Booth has them all (the list itself, or the latest whole
 *   pending list of the poll, of the same day); otherwise the service's count stays;
 * - a list filtered to overdue jobs keeps only those.
 */
import type { JobListView, JobSummary } from '../../shared/bridge'
import { isOverdue } from '../../shared/job-due'

/** A whole list of pending jobs (every one on one page), with the day it was read on. */
export interface PendingJobs {
  items: readonly JobSummary[]
  today: string
}

/** The list's own jobs, when they are every pending job (no filter, no search, one page holds them all). */
export function wholePendingList(view: JobListView): PendingJobs | null {
  const q = view.query
  const everyJob =
    q.tab === 'pending' && q.filter === 'all' && q.customer_id === null && q.voice_id === null && !q.q && q.page === 1
  const unreadable = view.unreadable?.length ?? 0
  return everyJob && view.items.length + unreadable >= view.total ? { items: view.items, today: view.today } : null
}

/** The view with its overdue count (and, filtered to overdue, its rows) by Booth's rule. */
export function withBoothOverdue(view: JobListView, pending: PendingJobs | null): JobListView {
  if (view.query.tab !== 'pending') return view
  const all = wholePendingList(view) ?? (pending && pending.today === view.today ? pending : null)
  const counts = all
    ? { ...view.counts, overdue: all.items.filter((job) => isOverdue(job, all.today)).length }
    : view.counts
  if (view.query.filter !== 'overdue') return { ...view, counts }
  const items = view.items.filter((job) => isOverdue(job, view.today))
  return { ...view, counts, items, total: Math.max(items.length, view.total - (view.items.length - items.length)) }
}
