/**
 * Where the producer's change request stands, so its notice follows the job (issue 41). The service keeps
 * the job's last `changes_request` after it is answered or the take approved (resources/api/talent-v1.yaml
 * JobDetail); shown as it is, a job approved yesterday would still say "Changes requested … needed by Tue".
 *
 * - closed: no request; the job is no longer pending or its stage is past it (approved, completed,
 *   declined); or a delivery was approved or used since the request. Nothing is shown.
 * - answered: a take was delivered after the request and the producer has not answered yet. The note
 *   stays readable, without a date to meet.
 * - open: the request waits for the talent, with its date.
 */
import type { JobDetail } from '../../../../shared/bridge'

export type ChangesRequestState = 'open' | 'answered' | 'closed'

type JobWithRequest = Pick<JobDetail, 'status' | 'stage' | 'changes_request'> & {
  deliveries_detail: ReadonlyArray<{ status: string; created_at: number; updated_at: number }>
}

const PAST_IT = new Set<string>(['approved', 'completed', 'declined'])

export function changesRequestState(job: JobWithRequest): ChangesRequestState {
  const request = job.changes_request
  if (!request) return 'closed'
  if (job.status !== 'pending' || PAST_IT.has(job.stage)) return 'closed'
  const since = job.deliveries_detail.filter((d) => d.updated_at >= request.at)
  if (since.some((d) => d.status === 'approved' || d.status === 'used')) return 'closed'
  if (job.stage === 'changes_requested') return 'open'
  return job.deliveries_detail.some((d) => d.created_at > request.at) ? 'answered' : 'open'
}
