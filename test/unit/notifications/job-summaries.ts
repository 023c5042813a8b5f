/** A pending job summary as the notification rules see it, for the notification tests. */
import type { JobSummaryLike } from '../../../main/notifications/notification-rules'

export function job(id: string, fields: Partial<JobSummaryLike> = {}): JobSummaryLike {
  return {
    job_id: id,
    advertiser: `Advertiser ${id}`,
    key_number: `KN-${id}`,
    due_state: 'later',
    status: 'pending',
    stage: 'accepted',
    script_changed: false,
    unopened: false,
    customer: { name: 'Acme Audio' },
    due_date: '2026-05-20',
    ...fields,
  }
}
