/**
 * Bridge call and event for the deliveries of the job on screen: the renderer says which job it shows
 * (watchDeliveries), main refreshes that job's deliveries on its own schedule and pushes each fresh list
 * as a `deliveries` event. Main is the one owner of refreshing; the page only subscribes.
 * Merged into the one contract by shared/bridge.ts.
 */
import { apiId, nullable, obj, type Check } from './check'
import type { components } from './api/talent-v1'
import type { AsRead } from './api-read'

export type Delivery = AsRead<components['schemas']['Delivery']>

/**
 * How often main re-reads the watched job's deliveries while one is still on its way (storing,
 * processing, or its audio check pending or running): a take moves along within seconds, and the API's
 * rate limit (120 requests a minute per key, shared with everything else Booth does) allows this one 15.
 * Otherwise they are re-read with every regular poll, and at once when Booth delivers a take of that job.
 */
export const DELIVERY_MOTION_REFRESH_MS = 4000

/** Whether a delivery is still on its way, so its job's deliveries are re-read every few seconds. */
export function deliveryInMotion(d: Pick<Delivery, 'status' | 'check'>): boolean {
  return (
    d.status === 'storing' || d.status === 'processing' || d.check.state === 'pending' || d.check.state === 'running'
  )
}

export const deliveryCalls = {
  /** The job whose deliveries are on screen (null: none). Answers null; the lists come as `deliveries` events. */
  watchDeliveries: obj({ jobId: nullable(apiId) }),
} satisfies Record<string, Check<unknown>>

/** One fresh list of a job's deliveries, as the service answered it (GET /jobs/{job_id}/deliveries). */
export interface DeliveriesView {
  jobId: string
  deliveries: Delivery[]
  /** When main read it (ms since epoch). */
  fetchedAt: number
  /** Whether one is still on its way, so main reads again in DELIVERY_MOTION_REFRESH_MS. */
  inMotion: boolean
}

export interface DeliveryResults {
  watchDeliveries: null
}

export interface DeliveryEvents {
  deliveries: DeliveriesView
}

export const DELIVERY_EVENT_NAMES: { [E in keyof DeliveryEvents]: true } = { deliveries: true }
