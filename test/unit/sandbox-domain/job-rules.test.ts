import { beforeAll, describe, expect, it } from 'vitest'
import { dateInZone } from '../../../sandbox/domain/calendar'
import { dueState } from '../../../sandbox/domain/due-state'
import { canFlags, deliverNotice, scriptChanged, suggestedStem } from '../../../sandbox/domain/job-rules'
import type { DeliveryRecord, JobRecord, JobStage, JobStatus } from '../../../sandbox/domain/state'
import { harness, T0 } from './harness'

let base: JobRecord
let sampleTake: DeliveryRecord

beforeAll(async () => {
  const h = await harness()
  base = structuredClone(
    h.world.state().jobs.find((j) => j.stage === 'accepted' && j.script.kind === 'typed' && !j.spot_cancelled)!,
  )
  sampleTake = structuredClone(h.world.state().jobs.find((j) => j.deliveries.length > 0)!.deliveries[0]!)
  base.deliveries = []
  base.script_change = null
  await h.world.close()
})

function job(over: Partial<JobRecord>): JobRecord {
  return {
    ...structuredClone(base),
    timeline: [{ at: T0 - 3_600_000, actor: 'talent', kind: 'accepted', label: 'Accepted' }],
    ...over,
  }
}

describe('due_state against a fixed clock and time zone', () => {
  const today = '2025-03-10'
  it.each([
    [null, 'none'],
    ['2025-03-25', 'later'],
    ['2025-03-13', 'later'],
    ['2025-03-12', 'soon'],
    ['2025-03-11', 'soon'],
    ['2025-03-10', 'today'],
    ['2025-03-09', 'overdue'],
    ['2025-02-24', 'overdue'],
    ['2025-02-23', 'stale'],
  ] as const)('due %s → %s', (due, expected) => {
    expect(dueState(job({ due_date: due }), today, T0)).toBe(expected)
  })

  it('is none once the work is handed in, finished, declined or the spot cancelled', () => {
    const due = '2025-03-01'
    expect(dueState(job({ due_date: due, stage: 'delivered' }), today, T0)).toBe('none')
    expect(dueState(job({ due_date: due, status: 'completed', stage: 'completed' }), today, T0)).toBe('none')
    expect(dueState(job({ due_date: due, status: 'declined', stage: 'declined' }), today, T0)).toBe('none')
    expect(dueState(job({ due_date: due, spot_cancelled: true }), today, T0)).toBe('none')
  })

  it('uses changes_due while changes are requested', () => {
    expect(
      dueState(job({ due_date: '2025-03-01', stage: 'changes_requested', changes_due: '2025-03-11' }), today, T0),
    ).toBe('soon')
  })

  it('calls a never-accepted job stale after 30 untouched days, even without a due date', () => {
    const old = T0 - 31 * 86_400_000
    const j = job({
      stage: 'sent',
      due_date: null,
      requested_at: old,
      timeline: [{ at: old, actor: 'producer', kind: 'sent', label: 'Sent' }],
    })
    expect(dueState(j, today, T0)).toBe('stale')
    j.timeline.push({ at: T0 - 86_400_000, actor: 'talent', kind: 'viewed', label: 'Opened' })
    expect(dueState(j, today, T0)).toBe('none')
  })

  it('takes "today" in the talent zone: across the date line the same instant is two different days', () => {
    const instant = Date.UTC(2025, 2, 10, 11, 0) // 11:00 UTC
    const kiritimati = dateInZone(instant, 'Pacific/Kiritimati') // UTC+14
    const pagoPago = dateInZone(instant, 'Pacific/Pago_Pago') // UTC-11
    expect(kiritimati).toBe('2025-03-11')
    expect(pagoPago).toBe('2025-03-10')
    const j = job({ due_date: '2025-03-11' })
    expect(dueState(j, kiritimati, instant)).toBe('today')
    expect(dueState(j, pagoPago, instant)).toBe('soon')
  })
})

describe('can flags follow status and stage', () => {
  const cases: [JobStatus, JobStage, boolean, string][] = [
    ['pending', 'sent', false, 'accept decline'],
    ['pending', 'viewed', false, 'accept decline'],
    ['pending', 'accepted', false, 'decline complete deliver attach'],
    ['pending', 'changes_requested', false, 'decline complete deliver attach'],
    ['pending', 'delivered', false, 'complete deliver attach'],
    ['pending', 'accepted', true, 'decline complete'],
    ['completed', 'approved', false, ''],
    ['completed', 'completed', false, ''],
    ['declined', 'declined', false, ''],
  ]
  it.each(cases)('%s/%s cancelled=%s → %s', (status, stage, cancelled, allowed) => {
    const can = canFlags(job({ status, stage, spot_cancelled: cancelled }))
    const on = Object.entries(can)
      .filter(([, v]) => v)
      .map(([k]) => k)
      .join(' ')
    expect(on).toBe(allowed)
  })

  it('ack_script is on while a script change has no take recorded after it', () => {
    const j = job({
      script_change: {
        since: 'accepted',
        previous_text: 'a',
        current_text: 'b',
        directions_changed: false,
        document_replaced: false,
        changed_at: T0 - 1000,
      },
    })
    expect(scriptChanged(j)).toBe(true)
    expect(canFlags(j).ack_script).toBe(true)
    j.deliveries.push({ ...sampleTake, created_at: T0 })
    expect(scriptChanged(j)).toBe(false)
  })
})

describe('deliver_notice and suggested_stem', () => {
  it('ranks declined over a cancelled spot over a live read', () => {
    expect(deliverNotice(job({}))).toBe('none')
    expect(deliverNotice(job({ live_read: true }))).toBe('live_read')
    expect(deliverNotice(job({ live_read: true, spot_cancelled: true }))).toBe('spot_cancelled')
    expect(deliverNotice(job({ spot_cancelled: true, status: 'declined', stage: 'declined' }))).toBe('declined')
  })

  it('builds a safe stem from advertiser and key number', () => {
    expect(suggestedStem(job({ advertiser: 'Café Brümmer & Söhne', key_number: 'WXYZ-1234-30' }))).toBe(
      'CAFEBRUMMERANDSOHNE_WXYZ123430',
    )
    expect(suggestedStem(job({ advertiser: '<script>alert(1)</script>', key_number: '../../etc' }))).toMatch(
      /^[A-Z0-9_]+$/,
    )
    expect(suggestedStem(job({ advertiser: '***', key_number: '', job_id: '77' }))).toBe('JOB77')
  })
})
