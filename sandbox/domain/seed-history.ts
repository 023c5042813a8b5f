/**
 * Past work for the earnings chart: about 20 months of finished jobs, several a month, across every
 * customer (so USD, EUR and GBP), mostly approved, some completed, a few declined, and about one in
 * twelve without a rate (those count as unrated_jobs).
 */
import { addDays, dateInZone } from './calendar'
import { newJob, pastDelivery, rateFor } from './job-factory'
import type { Rng } from './rng'
import { CUSTOMERS, SPOTS } from './seed-catalog'
import type { WorldState } from './state'
import { addTimeline } from './timeline'

const DAY = 86_400_000
export const HISTORY_MONTHS = 20

export function seedHistory(state: WorldState, rng: Rng, now: number): void {
  for (let m = HISTORY_MONTHS; m >= 1; m--) {
    const perMonth = rng.int(3, 7)
    for (let k = 0; k < perMonth; k++) {
      const requestedAt = now - m * 30 * DAY + rng.int(0, 28) * DAY + rng.int(8, 18) * 3_600_000
      const ci = rng.int(0, CUSTOMERS.length - 1)
      const customer = CUSTOMERS[ci]!
      const spot = rng.pick(SPOTS)
      const today = dateInZone(requestedAt, state.time_zone)
      const rate = rng.next() < 0.08 ? null : rateFor(rng, spot.length_s, customer.currency)
      const job = newJob(state, rng, {
        spot,
        customerId: state.customers[ci]!.id,
        customer,
        voiceId: state.voices[rng.int(0, 1)]!.id,
        requestedAt,
        today,
        dueInDays: rng.int(1, 4),
        rate,
      })
      job.unopened = false
      job.flight_start = job.due_date ? addDays(job.due_date, 2) : null
      addTimeline(job, requestedAt + 2 * 3_600_000, 'talent', 'viewed', 'Opened')
      const roll = rng.next()
      if (roll < 0.07) {
        job.status = 'declined'
        job.stage = 'declined'
        job.decline = { reason: 'Not available on those dates', at: requestedAt + 3 * 3_600_000, by: 'talent' }
        addTimeline(job, requestedAt + 3 * 3_600_000, 'talent', 'declined', 'Declined: Not available on those dates')
      } else {
        const deliveredAt = requestedAt + rng.int(4, 30) * 3_600_000
        addTimeline(job, requestedAt + 3 * 3_600_000, 'talent', 'accepted', 'Accepted')
        const take = pastDelivery(state, job, {
          label: 'main',
          at: deliveredAt,
          status: 'approved',
          lengthS: Math.max(1, job.length_s - rng.int(0, 15) / 10),
        })
        job.deliveries.push(take)
        addTimeline(job, deliveredAt, 'talent', 'delivered', `Delivered main take ${take.take_number}`)
        job.status = 'completed'
        if (roll < 0.8) {
          job.stage = 'approved'
          take.status = 'approved'
          addTimeline(job, deliveredAt + DAY, 'producer', 'approved', `${customer.producer.name} approved main take 1`)
        } else {
          job.stage = 'completed'
          take.status = 'delivered'
          job.completion = { note: null, at: deliveredAt + DAY }
          addTimeline(job, deliveredAt + DAY, 'talent', 'completed', 'Marked complete')
        }
      }
      state.jobs.push(job)
    }
  }
}
