/**
 * The job list: tabs, filters, search, paging and the counts.
 *
 * Counts are over ALL of the talent's jobs (no query parameter changes them), so badges stay stable:
 * - pending: status pending; completed: status completed; declined: status declined
 * - to_record: pending, spot not cancelled, stage accepted or changes_requested (work still to record)
 * - due_today / due_soon / stale: due_state today / soon / stale
 * - overdue: due_state overdue OR stale (a stale job is overdue too)
 * - accepted / changes_requested / delivered: pending with that stage
 * - unopened: pending and its detail never read
 * Filters use the same definitions, inside the chosen tab. Pending jobs sort by the date that counts
 * (changes_due while changes are requested, else due_date; none last), then newest first; other tabs
 * newest first.
 */
import { dueState, effectiveDueDate, type DueState } from './due-state'
import { jobSummary } from './job-view'
import type { JobRecord, JobStatus } from './state'
import type { ViewContext } from './view-context'

export type JobFilter =
  'all' | 'due_today' | 'overdue' | 'due_soon' | 'accepted' | 'changes_requested' | 'unopened' | 'delivered'

export interface JobQuery {
  tab: JobStatus
  filter: JobFilter
  customer_id: string | null
  voice_id: string | null
  q: string | null
  page: number
  page_size: number
}

export interface JobCounts {
  pending: number
  to_record: number
  due_today: number
  overdue: number
  due_soon: number
  stale: number
  accepted: number
  changes_requested: number
  unopened: number
  completed: number
  delivered: number
  declined: number
}

function matchesFilter(job: JobRecord, due: DueState, filter: JobFilter): boolean {
  switch (filter) {
    case 'all':
      return true
    case 'due_today':
      return due === 'today'
    case 'overdue':
      return due === 'overdue' || due === 'stale'
    case 'due_soon':
      return due === 'soon'
    case 'accepted':
      return job.stage === 'accepted'
    case 'changes_requested':
      return job.stage === 'changes_requested'
    case 'unopened':
      return job.unopened
    case 'delivered':
      return job.stage === 'delivered'
  }
}

export function jobCounts(jobs: JobRecord[], vc: ViewContext): JobCounts {
  const c: JobCounts = {
    pending: 0,
    to_record: 0,
    due_today: 0,
    overdue: 0,
    due_soon: 0,
    stale: 0,
    accepted: 0,
    changes_requested: 0,
    unopened: 0,
    completed: 0,
    delivered: 0,
    declined: 0,
  }
  for (const job of jobs) {
    if (job.status === 'completed') c.completed++
    if (job.status === 'declined') c.declined++
    if (job.status !== 'pending') continue
    c.pending++
    const due = dueState(job, vc.today, vc.now)
    if (!job.spot_cancelled && (job.stage === 'accepted' || job.stage === 'changes_requested')) c.to_record++
    if (due === 'today') c.due_today++
    if (due === 'overdue' || due === 'stale') c.overdue++
    if (due === 'soon') c.due_soon++
    if (due === 'stale') c.stale++
    if (job.stage === 'accepted') c.accepted++
    if (job.stage === 'changes_requested') c.changes_requested++
    if (job.stage === 'delivered') c.delivered++
    if (job.unopened) c.unopened++
  }
  return c
}

function matchesSearch(job: JobRecord, q: string, vc: ViewContext): boolean {
  const needle = q.trim().toLowerCase()
  if (!needle) return true
  const hay = [job.advertiser, job.key_number, vc.customers.get(job.customer_id)?.name ?? '', job.reference ?? '']
  return hay.some((h) => h.toLowerCase().includes(needle))
}

function compareJobs(tab: JobStatus): (a: JobRecord, b: JobRecord) => number {
  return (a, b) => {
    if (tab === 'pending') {
      const da = effectiveDueDate(a)
      const db = effectiveDueDate(b)
      if (da !== db) {
        if (da === null) return 1
        if (db === null) return -1
        return da < db ? -1 : 1
      }
    }
    return b.requested_at - a.requested_at || Number(b.job_id) - Number(a.job_id)
  }
}

export function listJobs(jobs: JobRecord[], query: JobQuery, vc: ViewContext) {
  const selected = jobs
    .filter((job) => job.status === query.tab)
    .filter((job) => query.customer_id === null || job.customer_id === query.customer_id)
    .filter((job) => query.voice_id === null || job.voice_id === query.voice_id)
    .filter((job) => query.q === null || matchesSearch(job, query.q, vc))
    .filter((job) => matchesFilter(job, dueState(job, vc.today, vc.now), query.filter))
    .sort(compareJobs(query.tab))
  const start = (query.page - 1) * query.page_size
  return {
    tab: query.tab,
    filter: query.filter,
    page: query.page,
    page_size: query.page_size,
    total: selected.length,
    items: selected.slice(start, start + query.page_size).map((job) => jobSummary(job, vc)),
    counts: jobCounts(jobs, vc),
    today: vc.today,
  }
}
