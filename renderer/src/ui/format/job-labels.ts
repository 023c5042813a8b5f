/** Words for the API's job enums, filters and tabs. */
import type { JobSummary, JobListQuery } from '../../../../shared/bridge'

export const STAGE_LABELS: Record<JobSummary['stage'], string> = {
  sent: 'New',
  viewed: 'Viewed',
  accepted: 'Accepted',
  changes_requested: 'Changes requested',
  delivered: 'Delivered',
  completed: 'Completed',
  approved: 'Approved',
  declined: 'Declined',
  // A stage the API document does not name (main/api/answer-schemas.ts reads it as 'unknown').
  unknown: 'Stage unknown',
}

export const KIND_LABELS: Record<JobSummary['kind'], string> = {
  dry_voice: 'Dry voice',
  finished_spot: 'Finished spot',
  not_set: 'Kind not set',
  unknown: 'Kind unknown',
}

export const TAB_LABELS: Record<JobListQuery['tab'], string> = {
  pending: 'Pending',
  completed: 'Completed',
  declined: 'Declined',
}

export const FILTER_LABELS: Record<JobListQuery['filter'], string> = {
  all: 'All jobs',
  due_today: 'Due today',
  overdue: 'Overdue',
  due_soon: 'Due soon',
  accepted: 'Accepted',
  changes_requested: 'Changes requested',
  unopened: 'Unopened',
  delivered: 'Delivered',
}
