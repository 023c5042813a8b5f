/**
 * Why a take cannot be delivered now, in words the page shows beside a disabled Deliver (and says when `d`
 * is pressed): about the job (it takes no delivery now, and what Booth can see of why) or about the take
 * (recording, recovered, not measured, already on its way). Pure, so every case is tested without a DOM.
 */
import type { JobDetail } from '../../../../shared/bridge'
import type { DeliveryQueueEntry, TakeView } from '../../../../shared/bridge-takes'

type JobFacts = Pick<JobDetail, 'can' | 'status' | 'stage' | 'spot_cancelled' | 'deliver_notice'>

/** Why the job takes no delivery now, or null when it does. */
export function jobDeliverOff(job: JobFacts): string | null {
  if (job.can.deliver) return null
  if (job.status === 'declined' || job.deliver_notice === 'declined') return 'this job was declined.'
  if (job.status === 'completed') return 'this job is complete.'
  if (job.spot_cancelled) return 'the producer cancelled this spot.'
  if (job.stage === 'sent' || job.stage === 'viewed')
    return 'the job is not accepted yet, and the service takes no delivery for it now.'
  return 'the service takes no delivery for this job now.'
}

/** Why this take cannot be delivered now (null: it can), not counting the job. */
export function takeDeliverOff(take: TakeView, queued: DeliveryQueueEntry | null): string | null {
  if (take.state === 'recording') return take.saving ? 'it is still being saved.' : 'it is still recording.'
  if (take.delivery.status !== 'none' || queued) return 'it is already on its way to the producer.'
  if (take.state === 'recovered') return 'it was recovered after Booth closed; keep it (or discard it) first.'
  if (take.preflight === null) return 'Booth has not measured it, and a take is delivered with its measurement.'
  return null
}

/** The one reason to give, the take's own first. */
export function deliverOff(job: JobFacts, take: TakeView, queued: DeliveryQueueEntry | null): string | null {
  return takeDeliverOff(take, queued) ?? jobDeliverOff(job)
}
