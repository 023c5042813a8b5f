/** A take's delivery and upload state, and a delivered take's status and facts, in words. Pure. */
import type { DeliveryQueueEntry, TakeView, UploadProgress } from '../../../../shared/bridge-takes'
import type { Delivery } from '../../../../shared/bridge-deliveries'
import { formatSpotLength } from '../../ui/format/spot-length'
import { formatTakeLength } from '../take-numbers'

export type { Delivery }

export interface StateWords {
  text: string
  tone: 'muted' | 'info' | 'success' | 'warning' | 'danger'
}

/** What the takes list says about a take's way to the producer. */
export function takeDeliveryWords(
  take: TakeView,
  queued: DeliveryQueueEntry | null,
  online: boolean,
): StateWords | null {
  if (take.state === 'recording')
    return take.saving ? { text: 'Saving…', tone: 'muted' } : { text: 'Recording…', tone: 'danger' }
  const d = take.delivery
  if (d.status === 'delivered') return { text: 'Delivered', tone: 'success' }
  if (queued?.status === 'failed' || d.status === 'failed')
    return { text: queued?.message ?? 'Delivery failed', tone: 'danger' }
  if (queued?.status === 'paused' || take.upload.status === 'paused') return { text: 'Upload paused', tone: 'warning' }
  if (queued && !online) return { text: 'Queued, will send when online', tone: 'info' }
  if (queued?.status === 'waiting')
    return { text: queued.message ? `Queued: ${queued.message}` : 'Queued, sending soon', tone: 'info' }
  if (queued?.status === 'sending' || d.status === 'sending') return { text: 'Sending…', tone: 'info' }
  if (d.status === 'queued')
    return { text: online ? 'Queued, sending soon' : 'Queued, will send when online', tone: 'info' }
  return null
}

/**
 * What the takes list says once Booth has handed a take over: the service's own status for its delivery
 * (storing, processing, delivered, approved, changes requested…), never Booth's "sent" read as delivered.
 */
export function takeStatusWords(
  take: TakeView,
  queued: DeliveryQueueEntry | null,
  online: boolean,
  service: Delivery | null,
): StateWords | null {
  if (take.delivery.status === 'delivered')
    return service
      ? DELIVERY_STATUS_WORDS[service.status]
      : { text: 'Sent, waiting for the service’s answer', tone: 'info' }
  return takeDeliveryWords(take, queued, online)
}

export function uploadPercent(p: UploadProgress | null): number | null {
  if (!p || p.bytesTotal <= 0) return null
  return Math.max(0, Math.min(100, Math.floor((p.bytesSent / p.bytesTotal) * 100)))
}

export const DELIVERY_STATUS_WORDS: Record<Delivery['status'], StateWords> = {
  storing: { text: 'Storing', tone: 'info' },
  stalled: { text: 'Upload stalled', tone: 'warning' },
  processing: { text: 'Processing', tone: 'info' },
  delivered: { text: 'Delivered', tone: 'success' },
  approved: { text: 'Approved', tone: 'success' },
  used: { text: 'Used in the spot', tone: 'success' },
  superseded: { text: 'Superseded', tone: 'muted' },
  withdrawn: { text: 'Withdrawn', tone: 'muted' },
  changes_requested: { text: 'Changes requested', tone: 'warning' },
  unknown: { text: 'Status unknown', tone: 'muted' },
}

/** "31.4 s for a :30 spot — runs long". */
export function factsWords(facts: Delivery['facts']): StateWords | null {
  if (!facts) return null
  const spot = facts.spot_length_s > 0 ? ` for a ${formatSpotLength(facts.spot_length_s)} spot` : ''
  const base = `${formatTakeLength(facts.length_s)}${spot}`
  switch (facts.length_verdict) {
    case 'pass':
      return { text: `${base} — length fits`, tone: 'success' }
    case 'long':
      return { text: `${base} — runs long`, tone: 'warning' }
    case 'short':
      return { text: `${base} — runs short`, tone: 'warning' }
    case 'unknown':
      return { text: `${base} — length not judged`, tone: 'muted' }
  }
}

export const CHECK_STATE_WORDS: Record<Delivery['check']['state'], string> = {
  pending: 'Audio check waiting',
  running: 'Audio check listening…',
  done: 'Audio check done',
  unavailable: 'Audio check unavailable',
  skipped: 'Audio check skipped',
  unknown: 'Audio check state unknown',
}

export const VERDICT_WORDS: Record<NonNullable<Delivery['check']['verdict']>, StateWords> = {
  matches: { text: 'Matches the script', tone: 'success' },
  check: { text: 'Worth a listen', tone: 'warning' },
  mismatch: { text: 'Does not match the script', tone: 'danger' },
  unknown: { text: 'Verdict unknown', tone: 'muted' },
}
