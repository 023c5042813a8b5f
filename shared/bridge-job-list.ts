/**
 * The bridge contract's job list: a job as read, the query a list is asked with (checked where it enters
 * main), the query a window opens on and the one main polls with. shared/bridge.ts re-exports all of it.
 */
import { apiId, int, nullable, obj, oneOf, str, type Checked } from './check'
import type { components } from './api/talent-v1'
import type { AsRead, LeftOutNotes } from './api-read'

type Schemas = components['schemas']
/** A job as read: with Booth's notes of the parts it left out (shared/api-read.ts), when it left any out. */
export type JobSummary = AsRead<Schemas['JobSummary']> & LeftOutNotes
export type JobDetail = AsRead<Schemas['JobDetail']> & LeftOutNotes
export type JobCounts = AsRead<Schemas['JobCounts']>

export const JOB_TABS = ['pending', 'completed', 'declined'] as const
export const JOB_FILTERS = [
  'all',
  'due_today',
  'overdue',
  'due_soon',
  'accepted',
  'changes_requested',
  'unopened',
  'delivered',
] as const

export const jobListQuery = obj({
  tab: oneOf(JOB_TABS),
  filter: oneOf(JOB_FILTERS),
  customer_id: nullable(apiId),
  voice_id: nullable(apiId),
  q: nullable(str({ max: 100 })),
  page: int({ min: 1, max: 1000 }),
  page_size: oneOf([25, 50, 100] as const),
})
export type JobListQuery = Checked<typeof jobListQuery>

/** The job list a window opens on: pending jobs, no filter, the first page of 25. */
export const DEFAULT_JOB_LIST_QUERY: Readonly<JobListQuery> = Object.freeze({
  tab: 'pending',
  filter: 'all',
  customer_id: null,
  voice_id: null,
  q: null,
  page: 1,
  page_size: 25,
})

/** Every pending job on one page (100, the API's largest): what main polls for notifications and the badge. */
export const ALL_PENDING_JOBS_QUERY: Readonly<JobListQuery> = Object.freeze({
  ...DEFAULT_JOB_LIST_QUERY,
  page_size: 100,
})

/** Whether two job list queries ask the same thing (field by field; key order and q's null/undefined do not matter). */
export function sameJobListQuery(a: JobListQuery, b: JobListQuery): boolean {
  return (
    a.tab === b.tab &&
    a.filter === b.filter &&
    a.customer_id === b.customer_id &&
    a.voice_id === b.voice_id &&
    (a.q ?? null) === (b.q ?? null) &&
    a.page === b.page &&
    a.page_size === b.page_size
  )
}
