/** Build job and take records (used by the seeded world and by the simulated producer's new jobs). */
import { createHash } from 'node:crypto'
import { addDays } from './calendar'
import { planCheck } from './audio-check'
import { htmlToText } from './html-text'
import type { StoredRate } from './money'
import type { Rng } from './rng'
import { OTHER_TALENT, type CustomerSeed, type SpotSeed } from './seed-catalog'
import { takeFacts } from './take-facts'
import { suggestedStem } from './job-rules'
import {
  nextId,
  type DeliveryRecord,
  type DeliveryStatus,
  type JobRecord,
  type TakeLabel,
  type WorldState,
} from './state'

const BASE_RATE_USD: Record<number, number> = { 10: 150, 15: 200, 20: 250, 30: 350, 60: 500 }
const CURRENCY_FACTOR: Record<string, number> = { USD: 1, EUR: 0.9, GBP: 0.75 }

export function rateFor(rng: Rng, lengthS: number, currency: string): StoredRate {
  const base = (BASE_RATE_USD[lengthS] ?? 300) * (CURRENCY_FACTOR[currency] ?? 1)
  const units = Math.round(base / 25) + rng.int(-2, 4)
  return { cents: Math.max(4, units) * 2500, currency }
}

export function keyNumber(rng: Rng, code: string, lengthS: number): string {
  return `${code}-${rng.int(1000, 9999)}-${lengthS}`
}

export interface NewJob {
  spot: SpotSeed
  customerId: string
  customer: CustomerSeed
  voiceId: string
  requestedAt: number
  today: string
  dueInDays: number | null
  rate: StoredRate | null
}

/** A job as the producer sends it: stage sent, unopened, one "sent" timeline entry. */
export function newJob(state: WorldState, rng: Rng, spec: NewJob): JobRecord {
  const jobId = nextId(state)
  const text = htmlToText(spec.spot.html)
  const due = spec.dueInDays === null ? null : addDays(spec.today, spec.dueInDays)
  const withTraffic = rng.next() < 0.6 && due !== null
  return {
    job_id: jobId,
    customer_id: spec.customerId,
    voice_id: spec.voiceId,
    key_number: keyNumber(rng, spec.spot.code, spec.spot.length_s),
    advertiser: spec.spot.advertiser,
    length_s: spec.spot.length_s,
    kind: spec.spot.kind,
    live_read: false,
    reference: rng.next() < 0.7 ? `PO-${rng.int(20000, 89999)}` : null,
    requested_at: spec.requestedAt,
    due_date: due,
    changes_due: null,
    status: 'pending',
    stage: 'sent',
    spot_cancelled: false,
    unopened: true,
    rate: spec.rate,
    producer: spec.customer.producer,
    flight_start: due ? addDays(due, 3) : null,
    traffic:
      withTraffic && due
        ? [{ cart_id: `CART ${rng.int(1000, 9999)}`, start_date: addDays(due, 3), end_date: addDays(due, 31) }]
        : [],
    other_talent: rng.next() < 0.25 ? [rng.pick(OTHER_TALENT)] : [],
    agency: spec.customer.agency,
    script: {
      kind: 'typed',
      revision_id: nextId(state),
      revised_at: spec.requestedAt,
      html: spec.spot.html,
      text,
      document: null,
    },
    directions: { html: spec.spot.directions, text: htmlToText(spec.spot.directions) },
    pronunciations: spec.spot.pronunciations.filter((p) => text.includes(p.word)),
    script_change: null,
    changes_request: null,
    decline: null,
    completion: null,
    timeline: [
      { at: spec.requestedAt, actor: 'producer', kind: 'sent', label: `Sent by ${spec.customer.producer.name}` },
    ],
    deliveries: [],
    attachments: [],
  }
}

/** A take that was delivered in the past (seeded), with a real tone WAV and an audio check already done. */
export function pastDelivery(
  state: WorldState,
  job: JobRecord,
  opts: {
    label: TakeLabel
    at: number
    status: DeliveryStatus
    lengthS: number
    note?: string | null
    force?: 'check'
  },
): DeliveryRecord {
  const deliveryId = nextId(state)
  const takeNumber = job.deliveries.filter((d) => d.take_label === opts.label).length + 1
  const audio = {
    kind: 'wav' as const,
    seconds: opts.lengthS,
    sampleRate: 8000,
    channels: 1,
    hz: 220 + (Number(deliveryId) % 7) * 40,
  }
  const wav = { channels: 1, sampleRate: 8000, bitsPerSample: 16, durationS: opts.lengthS }
  const facts = takeFacts(wav, null, job.length_s)
  const digest = createHash('sha256').update(`${state.seed}:${job.job_id}:${deliveryId}`).digest()
  const planned = planCheck(
    job.script.text,
    digest,
    [job.advertiser, ...job.pronunciations.map((p) => p.word)],
    opts.force,
  )
  const name = `${suggestedStem(job)}_${opts.label}${takeNumber}.wav`
  return {
    delivery_id: deliveryId,
    handle: null,
    audio,
    take_label: opts.label,
    take_number: takeNumber,
    file_name: name,
    original_name: `${job.advertiser.split(' ')[0]} ${opts.label} take ${takeNumber}.wav`,
    size_bytes: 44 + Math.round(opts.lengthS * 8000) * 2,
    status: opts.status,
    created_at: opts.at,
    updated_at: opts.at + 3000,
    note: opts.note ?? null,
    preflight: null,
    facts,
    planned_facts: facts,
    check: {
      state: planned.verdict === null ? 'skipped' : 'done',
      verdict: planned.verdict,
      coverage: planned.coverage,
      summary: planned.summary,
      issues: planned.issues,
      checked_at: opts.at + 6000,
      can_retry: false,
    },
    planned_check: planned,
  }
}
