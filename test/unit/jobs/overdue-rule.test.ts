/**
 * One rule for "overdue" (shared/job-due.ts isOverdue): a job counts as overdue, and is listed under the
 * "Overdue" filter (main/jobs/due-counts.ts), exactly when its row shows an overdue label
 * (renderer/src/ui/format/due-state.ts). fast-check holds the rule to the label over arbitrary jobs.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isOverdue } from '../../../shared/job-due'
import { describeDue } from '../../../renderer/src/ui/format/due-state'
import { withBoothOverdue } from '../../../main/jobs/due-counts'
import { DEFAULT_JOB_LIST_QUERY, type JobListView, type JobSummary } from '../../../shared/bridge'
import { jobSummary } from '../../support/conforming-answers'

/** Noon UTC on 2026-03-10 in London: "today" is 2026-03-10 for both the rule and the label. */
const clock = { now: Date.UTC(2026, 2, 10, 12), zone: 'Europe/London' }
const TODAY = '2026-03-10'

const STATUS = ['pending', 'completed', 'declined', 'unknown'] as const
const STAGES = [
  'sent',
  'viewed',
  'accepted',
  'changes_requested',
  'delivered',
  'completed',
  'approved',
  'declined',
  'unknown',
] as const
const DUE_STATES = ['none', 'later', 'soon', 'today', 'overdue', 'stale', 'unknown'] as const
const date = fc.oneof(
  fc.constant(null),
  fc.integer({ min: -40, max: 40 }).map((d) => new Date(Date.UTC(2026, 2, 10 + d)).toISOString().slice(0, 10)),
  fc.constantFrom('2026-02-30', 'tomorrow', ''),
)
const job = fc.record({
  status: fc.constantFrom(...STATUS),
  stage: fc.constantFrom(...STAGES),
  due_state: fc.constantFrom(...DUE_STATES),
  spot_cancelled: fc.boolean(),
  due_date: date,
  changes_due: date,
})

const showsOverdue = (j: Parameters<typeof describeDue>[0]) =>
  /^(Changes overdue|Overdue)/.test(describeDue(j, clock).label)

describe('the overdue rule', () => {
  it('is the row label: overdue exactly when the row says "Overdue" (fast-check)', () => {
    fc.assert(
      fc.property(job, (j) => {
        expect(isOverdue(j, TODAY)).toBe(showsOverdue(j))
      }),
      { numRuns: 3000 },
    )
  })

  it('a job the service calls stale with no date, or a date still ahead, is not overdue (its row shows no overdue label)', () => {
    const owed = { status: 'pending', stage: 'viewed', spot_cancelled: false, changes_due: null } as const
    expect(isOverdue({ ...owed, due_state: 'stale', due_date: null }, TODAY)).toBe(false)
    expect(isOverdue({ ...owed, due_state: 'stale', due_date: '2026-03-20' }, TODAY)).toBe(false)
    expect(isOverdue({ ...owed, due_state: 'stale', due_date: '2026-02-01' }, TODAY)).toBe(true)
    expect(isOverdue({ ...owed, stage: 'delivered', due_state: 'overdue', due_date: '2026-03-01' }, TODAY)).toBe(false)
  })
})

describe('the "Overdue" filter', () => {
  const summary = (id: string, fields: Partial<JobSummary>): JobSummary => ({
    ...(jobSummary(id) as unknown as JobSummary),
    ...fields,
  })
  const jobs = [
    summary('1', { stage: 'accepted', due_state: 'overdue', due_date: '2026-03-08' }),
    summary('2', { stage: 'viewed', due_state: 'stale', due_date: null }),
    summary('3', { stage: 'accepted', due_state: 'later', due_date: '2026-03-30' }),
    summary('4', { stage: 'sent', due_state: 'stale', due_date: '2026-01-02' }),
  ]
  const view = (items: JobSummary[], filter: JobListView['query']['filter']): JobListView => ({
    query: { ...DEFAULT_JOB_LIST_QUERY, filter },
    total: items.length,
    items,
    unreadable: [],
    today: TODAY,
    source: 'live',
    fetchedAt: 0,
    customers: [],
    voices: [],
    counts: {
      pending: 4,
      to_record: 0,
      due_today: 0,
      overdue: 3,
      due_soon: 0,
      stale: 2,
      accepted: 2,
      changes_requested: 0,
      unopened: 0,
      completed: 0,
      delivered: 0,
      declined: 0,
    },
  })

  it('counts the jobs whose row says overdue, from the whole pending list', () => {
    expect(withBoothOverdue(view(jobs, 'all'), null).counts.overdue).toBe(2)
  })

  it('lists only those, and counts them from the latest whole pending list when the page is filtered', () => {
    const filtered = withBoothOverdue(view([jobs[0], jobs[1], jobs[3]] as JobSummary[], 'overdue'), {
      items: jobs,
      today: TODAY,
    })
    expect(filtered.items.map((j) => j.job_id)).toEqual(['1', '4'])
    expect(filtered.total).toBe(2)
    expect(filtered.counts.overdue).toBe(2)
  })

  it("keeps the service's count when Booth does not have every pending job", () => {
    const page = { ...view(jobs.slice(0, 2), 'all'), total: 40 }
    expect(withBoothOverdue(page, null).counts.overdue).toBe(3)
    // A whole list of another day is not used.
    expect(withBoothOverdue(page, { items: jobs, today: '2026-03-09' }).counts.overdue).toBe(3)
  })
})
