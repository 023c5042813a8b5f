/**
 * The simulated producer. Each step does one plausible thing, chosen with the world's own seeded
 * generator: approve a delivered take (~30%), request changes on one (~15%), change a script (~20%) or
 * send a new job (~35%). When the chosen action has nothing to act on, the next possible one is taken;
 * new jobs stop arriving while MAX_UNOPENED sent jobs are still unopened, so a demo left running for days
 * does not pile up work. Each action is also a function of its own, so tests can trigger it directly.
 */
import { addDays, dateInZone } from './calendar'
import { htmlToText } from './html-text'
import { newJob, rateFor } from './job-factory'
import type { Rng } from './rng'
import { CHANGE_NOTES, CUSTOMERS, PRICE_CHANGES, SPOTS } from './seed-catalog'
import { nextId, type JobRecord, type WorldState } from './state'
import { addTimeline } from './timeline'

export type ProducerAction = 'approve' | 'request_changes' | 'change_script' | 'send_job'
export interface ProducerEvent {
  action: ProducerAction
  job_id: string
}

export const MAX_UNOPENED = 6

function producerName(job: JobRecord): string {
  return job.producer?.name ?? 'Producer'
}

function pickJob(
  state: WorldState,
  rng: Rng,
  jobId: string | undefined,
  ok: (job: JobRecord) => boolean,
): JobRecord | null {
  if (jobId !== undefined) {
    const job = state.jobs.find((j) => j.job_id === jobId)
    return job && ok(job) ? job : null
  }
  const candidates = state.jobs.filter(ok)
  return candidates.length > 0 ? rng.pick(candidates) : null
}

const awaitingProducer = (job: JobRecord): boolean =>
  job.status === 'pending' && job.stage === 'delivered' && job.deliveries.some((d) => d.status === 'delivered')

function latestDelivered(job: JobRecord) {
  return [...job.deliveries].reverse().find((d) => d.status === 'delivered')
}

export function approveTake(state: WorldState, rng: Rng, now: number, jobId?: string): ProducerEvent | null {
  const job = pickJob(state, rng, jobId, awaitingProducer)
  const take = job && latestDelivered(job)
  if (!job || !take) return null
  take.status = 'approved'
  take.updated_at = now
  job.stage = 'approved'
  job.status = 'completed'
  addTimeline(
    job,
    now,
    'producer',
    'approved',
    `${producerName(job)} approved ${take.take_label} take ${take.take_number}`,
  )
  return { action: 'approve', job_id: job.job_id }
}

export function requestChanges(state: WorldState, rng: Rng, now: number, jobId?: string): ProducerEvent | null {
  const job = pickJob(state, rng, jobId, awaitingProducer)
  const take = job && latestDelivered(job)
  if (!job || !take) return null
  const neededBy = addDays(dateInZone(now, state.time_zone), 2)
  take.status = 'changes_requested'
  take.updated_at = now
  job.stage = 'changes_requested'
  job.changes_request = { note: rng.pick(CHANGE_NOTES), at: now, by: producerName(job), needed_by: neededBy }
  job.changes_due = neededBy
  addTimeline(
    job,
    now,
    'producer',
    'changes_requested',
    `Changes requested by ${producerName(job)} on ${take.take_label} take ${take.take_number}`,
  )
  return { action: 'request_changes', job_id: job.job_id }
}

const changeable = (job: JobRecord): boolean =>
  job.status === 'pending' &&
  !job.unopened &&
  !job.spot_cancelled &&
  job.script.kind === 'typed' &&
  job.script.html !== null

export function changeScript(state: WorldState, rng: Rng, now: number, jobId?: string): ProducerEvent | null {
  const job = pickJob(state, rng, jobId, changeable)
  if (!job || job.script.html === null) return null
  const before = job.script.text
  let html = job.script.html
  const swap = PRICE_CHANGES.find(([pattern]) => pattern.test(html))
  if (swap) html = html.replace(swap[0], swap[1])
  else html += '<p><i>Now open Sundays.</i></p>'
  job.script.html = html
  job.script.text = htmlToText(html)
  job.script.revision_id = nextId(state)
  job.script.revised_at = now
  const since = job.stage === 'sent' || job.stage === 'viewed' ? 'seen' : 'accepted'
  job.script_change = {
    since,
    previous_text: before,
    current_text: job.script.text,
    directions_changed: false,
    document_replaced: false,
    changed_at: now,
  }
  addTimeline(
    job,
    now,
    'producer',
    'script_changed',
    `${producerName(job)} changed the script (revision ${job.script.revision_id})`,
  )
  return { action: 'change_script', job_id: job.job_id }
}

export function sendJob(state: WorldState, rng: Rng, now: number): ProducerEvent | null {
  const unopened = state.jobs.filter((j) => j.status === 'pending' && j.unopened).length
  if (unopened >= MAX_UNOPENED) return null
  const ci = rng.int(0, CUSTOMERS.length - 1)
  const customer = CUSTOMERS[ci]!
  const customerRecord = state.customers.find((c) => c.name === customer.name) ?? state.customers[0]
  if (!customerRecord) return null
  const spot = rng.pick(SPOTS)
  const job = newJob(state, rng, {
    spot,
    customerId: customerRecord.id,
    customer,
    voiceId: rng.pick(state.voices).id,
    requestedAt: now,
    today: dateInZone(now, state.time_zone),
    dueInDays: rng.int(1, 7),
    rate: rateFor(rng, spot.length_s, customer.currency),
  })
  state.jobs.push(job)
  return { action: 'send_job', job_id: job.job_id }
}

const ORDER: ProducerAction[] = ['approve', 'request_changes', 'change_script', 'send_job']

/** One step of the producer; null when nothing was possible. */
export function producerStep(state: WorldState, rng: Rng, now: number): ProducerEvent | null {
  const roll = rng.next()
  const first = roll < 0.3 ? 0 : roll < 0.45 ? 1 : roll < 0.65 ? 2 : 3
  let event: ProducerEvent | null = null
  for (let k = 0; k < ORDER.length && !event; k++) {
    const action = ORDER[(first + k) % ORDER.length]
    if (action === 'approve') event = approveTake(state, rng, now)
    else if (action === 'request_changes') event = requestChanges(state, rng, now)
    else if (action === 'change_script') event = changeScript(state, rng, now)
    else event = sendJob(state, rng, now)
  }
  return event
}
