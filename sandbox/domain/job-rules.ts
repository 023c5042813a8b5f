/**
 * What a job allows, derived from its status and stage (the API reference shows the flags, not the rules; these
 * are Booth's sandbox rules):
 *
 * - accept: pending, stage sent or viewed, spot not cancelled.
 * - decline: pending and not yet delivered (stage sent, viewed, accepted or changes_requested).
 * - complete: pending, stage accepted, delivered or changes_requested.
 * - deliver: pending, stage accepted, changes_requested or delivered, spot not cancelled.
 * - attach: same as deliver (no operation exists; the flag only reports the state).
 * - ack_script: pending with an unacknowledged script change (no operation exists either).
 *
 * script_changed: a script change exists and no take was delivered after it (delivering a take is the
 * talent's acknowledgement that they recorded the current script).
 */
import type { JobRecord } from './state'

export interface CanFlags {
  accept: boolean
  decline: boolean
  complete: boolean
  deliver: boolean
  attach: boolean
  ack_script: boolean
}

export function scriptChanged(job: JobRecord): boolean {
  const change = job.script_change
  if (!change) return false
  const since = change.changed_at ?? 0
  return !job.deliveries.some((d) => d.created_at >= since)
}

export function canFlags(job: JobRecord): CanFlags {
  const pending = job.status === 'pending'
  const s = job.stage
  const deliver = pending && !job.spot_cancelled && (s === 'accepted' || s === 'changes_requested' || s === 'delivered')
  return {
    accept: pending && !job.spot_cancelled && (s === 'sent' || s === 'viewed'),
    decline: pending && (s === 'sent' || s === 'viewed' || s === 'accepted' || s === 'changes_requested'),
    complete: pending && (s === 'accepted' || s === 'delivered' || s === 'changes_requested'),
    deliver,
    attach: deliver,
    ack_script: pending && scriptChanged(job),
  }
}

/** What the talent should be told before delivering: declined > spot_cancelled > live_read > none. */
export function deliverNotice(job: JobRecord): 'none' | 'live_read' | 'spot_cancelled' | 'declined' {
  if (job.status === 'declined') return 'declined'
  if (job.spot_cancelled) return 'spot_cancelled'
  if (job.live_read) return 'live_read'
  return 'none'
}

function stemPart(text: string, max: number): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/&/g, 'AND')
    .replace(/[^A-Z0-9]+/g, '')
    .slice(0, max)
}

/** A safe file-name stem: ADVERTISER_KEYNUMBER (letters, digits and underscores only), e.g. ACME_WXYZ123430. */
export function suggestedStem(job: JobRecord): string {
  const parts = [stemPart(job.advertiser, 24), stemPart(job.key_number, 24)].filter(Boolean)
  return parts.length > 0 ? parts.join('_') : `JOB${job.job_id}`
}
