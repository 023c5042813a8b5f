/**
 * Time-driven delivery state, from each take's created_at and the clock:
 *   storing (0 s) → processing (STORED_AFTER_MS) → delivered (PROCESSED_AFTER_MS, facts filled);
 *   audio check pending → running (when processed) → done (CHECKED_AFTER_MS), or skipped without script text.
 * Transitions are stamped at the moment they were due, so the result does not depend on tick timing.
 */
import type { DeliveryRecord, WorldState } from './state'

export const STORED_AFTER_MS = 1000
export const PROCESSED_AFTER_MS = 3000
export const CHECKED_AFTER_MS = 6000

function advanceDelivery(d: DeliveryRecord, now: number): boolean {
  let changed = false
  const age = now - d.created_at
  if (d.status === 'storing' && age >= STORED_AFTER_MS) {
    d.status = 'processing'
    d.updated_at = d.created_at + STORED_AFTER_MS
    changed = true
  }
  if (d.status === 'processing' && age >= PROCESSED_AFTER_MS) {
    d.status = 'delivered'
    d.facts = d.planned_facts
    d.updated_at = d.created_at + PROCESSED_AFTER_MS
    changed = true
  }
  const processed = d.status !== 'storing' && d.status !== 'processing' && d.status !== 'stalled'
  if (d.check.state === 'pending' && processed && age >= PROCESSED_AFTER_MS) {
    if (d.planned_check.verdict === null) {
      d.check = {
        ...d.check,
        state: 'skipped',
        summary: d.planned_check.summary,
        checked_at: d.created_at + PROCESSED_AFTER_MS,
      }
    } else {
      d.check = { ...d.check, state: 'running', summary: 'Listening to the take and comparing it with the script…' }
    }
    changed = true
  }
  if (d.check.state === 'running' && age >= CHECKED_AFTER_MS) {
    const p = d.planned_check
    d.check = {
      state: 'done',
      verdict: p.verdict,
      coverage: p.coverage,
      summary: p.summary,
      issues: p.issues.slice(0, 50),
      checked_at: d.created_at + CHECKED_AFTER_MS,
      can_retry: false,
    }
    changed = true
  }
  return changed
}

/** Advance every take in the world; true when anything changed. */
export function advanceDeliveries(state: WorldState, now: number): boolean {
  let changed = false
  for (const job of state.jobs) {
    for (const d of job.deliveries) if (advanceDelivery(d, now)) changed = true
  }
  return changed
}
