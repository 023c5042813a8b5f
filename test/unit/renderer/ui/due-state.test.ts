import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { describeDue } from '../../../../renderer/src/ui/format/due-state'
import { dateInZone, endOfDayInZone } from '../../../../renderer/src/ui/format/zone-time'

/** 2025-03-05 10:00 in London (UTC+0 in March before the change). */
const london = { now: Date.UTC(2025, 2, 5, 10, 0), zone: 'Europe/London' }
/** A job the talent still owes audio. */
const owed = { status: 'pending', stage: 'accepted' } as const

describe('describeDue', () => {
  it('says how late an overdue job is, whatever the service calls it', () => {
    const d = describeDue({ ...owed, due_state: 'overdue', due_date: '2025-03-03' }, london)
    expect(d).toMatchObject({
      label: 'Overdue by 2 days',
      tone: 'danger',
      sentence: 'Overdue by 2 days: was due Mon, Mar 3',
    })
    expect(describeDue({ ...owed, due_state: 'overdue', due_date: '2025-03-04' }, london).label).toBe(
      'Overdue by 1 day',
    )
    // 20 days late and called stale by the service: still overdue, in red.
    expect(describeDue({ ...owed, due_state: 'stale', due_date: '2025-02-13' }, london)).toMatchObject({
      label: 'Overdue by 20 days',
      tone: 'danger',
    })
    // A past date the service still calls "soon" is overdue.
    expect(describeDue({ ...owed, due_state: 'soon', due_date: '2025-03-01' }, london).label).toBe('Overdue by 4 days')
  })
  it('counts the hours left on the due day, in the talent’s zone', () => {
    expect(describeDue({ ...owed, due_state: 'today', due_date: '2025-03-05' }, london)).toMatchObject({
      label: 'Due today',
      tone: 'warning',
    })
    expect(describeDue({ ...owed, due_state: 'today', due_date: '2025-03-05' }, london).sentence).toContain(
      '14 h left, Europe/London time',
    )
    const evening = { now: Date.UTC(2025, 2, 5, 21, 0), zone: 'Europe/London' }
    expect(describeDue({ ...owed, due_state: 'today', due_date: '2025-03-05' }, evening).label).toBe('Due in 3 h')
    // 21:00 UTC is already the 6th in Tokyo: the 5th is past there.
    expect(
      describeDue({ ...owed, due_state: 'today', due_date: '2025-03-05' }, { ...evening, zone: 'Asia/Tokyo' }).label,
    ).toBe('Overdue by 1 day')
    // …and still mid-afternoon of the 5th in New York.
    expect(
      describeDue({ ...owed, due_state: 'today', due_date: '2025-03-05' }, { ...evening, zone: 'America/New_York' })
        .label,
    ).toBe('Due today')
  })
  it('counts days ahead, then gives the date', () => {
    expect(describeDue({ ...owed, due_state: 'soon', due_date: '2025-03-06' }, london).label).toBe('Due tomorrow')
    expect(describeDue({ ...owed, due_state: 'soon', due_date: '2025-03-08' }, london).label).toBe('Due in 3 days')
    expect(describeDue({ ...owed, due_state: 'later', due_date: '2025-04-01' }, london)).toMatchObject({
      label: 'Due',
      tone: 'calm',
      sentence: 'Due Tue, Apr 1',
    })
  })
  it('shows nothing without a due date', () => {
    expect(describeDue({ ...owed, due_state: 'none', due_date: null }, london)).toMatchObject({ label: '', date: '' })
    expect(describeDue({ ...owed, due_state: 'overdue', due_date: null }, london).label).toBe('Overdue')
  })
  it('never reads "due" for a past day or "overdue" for a coming one (any instant, any zone)', () => {
    const zones = [
      'UTC',
      'Europe/London',
      'America/Los_Angeles',
      'Asia/Kolkata',
      'Pacific/Auckland',
      'Pacific/Kiritimati',
    ]
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) }),
        fc.integer({ min: -40, max: 40 }),
        fc.constantFrom(...zones),
        (now, offset, zone) => {
          const today = dateInZone(now, zone)
          const due = new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10)
          const label = describeDue({ ...owed, due_state: 'later', due_date: due }, { now, zone }).label
          if (offset < 0) expect(label).toMatch(/^Overdue by \d+ days?$/)
          else expect(label).not.toMatch(/Overdue/)
        },
      ),
    )
  })
})

describe('describeDue on finished jobs and requested changes', () => {
  const late = { due_state: 'overdue', due_date: '2025-02-13', changes_due: null } as const
  it('shows nothing on a job that owes nothing, whatever its date or the service’s word', () => {
    for (const job of [
      { ...late, status: 'completed', stage: 'completed' },
      { ...late, status: 'completed', stage: 'approved' },
      { ...late, status: 'declined', stage: 'declined' },
      { ...late, status: 'pending', stage: 'delivered' },
      { ...late, status: 'pending', stage: 'accepted', spot_cancelled: true },
      { ...late, due_date: null, status: 'completed', stage: 'approved' },
      { ...late, due_date: '2025-03-06', due_state: 'soon', status: 'declined', stage: 'declined' },
    ] as const) {
      expect(describeDue(job, london), `${job.status}/${job.stage}`).toMatchObject({
        label: '',
        date: '',
        sentence: '',
      })
    }
  })
  it('gives the date the changes are due by while changes are requested', () => {
    const changes = {
      status: 'pending',
      stage: 'changes_requested',
      due_state: 'soon',
      due_date: '2025-03-04',
      changes_due: '2025-03-06',
    } as const
    expect(describeDue(changes, london)).toMatchObject({
      label: 'Changes due tomorrow',
      date: 'Thu, Mar 6',
      tone: 'attention',
      sentence: 'Changes due tomorrow: Thu, Mar 6',
    })
    expect(describeDue({ ...changes, changes_due: '2025-03-03' }, london)).toMatchObject({
      label: 'Changes overdue by 2 days',
      tone: 'danger',
      sentence: 'Changes overdue by 2 days: they were due Mon, Mar 3',
    })
    expect(describeDue({ ...changes, changes_due: '2025-03-05' }, london).label).toBe('Changes due today')
    // No date for the changes: the job's own due date, said as such.
    expect(describeDue({ ...changes, changes_due: null }, london)).toMatchObject({
      label: 'Overdue by 1 day',
      date: 'Tue, Mar 4',
    })
  })
})

describe('zone time', () => {
  it('finds the end of a day across a daylight-saving change', () => {
    // London springs forward on 2025-03-30; the 30th ends at 23:00 UTC.
    expect(endOfDayInZone('2025-03-30', 'Europe/London')).toBe(Date.UTC(2025, 2, 30, 23, 0))
    expect(endOfDayInZone('2025-03-29', 'Europe/London')).toBe(Date.UTC(2025, 2, 30, 0, 0))
    expect(endOfDayInZone('not a date', 'UTC')).toBeNull()
  })
  it('ends a day an hour later where daylight saving starts at midnight (the clock goes from 23:59:59 to 01:00)', () => {
    // Santiago: Saturday 2025-09-06 runs at -04 until 04:00 UTC, when Sunday begins at 01:00 -03.
    expect(endOfDayInZone('2025-09-06', 'America/Santiago')).toBe(Date.UTC(2025, 8, 7, 4, 0))
    // Havana: 2025-03-08 runs at -05 until 05:00 UTC, when the 9th begins at 01:00 -04.
    expect(endOfDayInZone('2025-03-08', 'America/Havana')).toBe(Date.UTC(2025, 2, 9, 5, 0))
    // Santiago going back at midnight: Saturday 2025-04-05 has 25 hours and ends at Sunday 00:00 -04.
    expect(endOfDayInZone('2025-04-05', 'America/Santiago')).toBe(Date.UTC(2025, 3, 6, 4, 0))
  })
  it('a job due on the day daylight saving starts at midnight is not overdue in its last hour', () => {
    // 23:30 in Santiago on 2025-09-06 (03:30 UTC, -04): half an hour of the due day is left.
    const late = { now: Date.UTC(2025, 8, 7, 3, 30), zone: 'America/Santiago' }
    expect(
      describeDue({ status: 'pending', stage: 'accepted', due_state: 'today', due_date: '2025-09-06' }, late),
    ).toMatchObject({ label: 'Due in 1 h', tone: 'warning' })
    // 22:00 in Havana on 2025-03-08 (03:00 UTC, -05): two hours are left, not one.
    const evening = { now: Date.UTC(2025, 2, 9, 3, 0), zone: 'America/Havana' }
    expect(
      describeDue({ status: 'pending', stage: 'accepted', due_state: 'today', due_date: '2025-03-08' }, evening).label,
    ).toBe('Due in 2 h')
  })
  it('the end of a day is the first instant of the next one there, in every zone Intl knows (property)', () => {
    const zones = Intl.supportedValuesOf('timeZone')
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2037, 0, 1) }),
        fc.constantFrom(...zones),
        (now, zone) => {
          const day = dateInZone(now, zone)
          const end = endOfDayInZone(day, zone) as number
          expect(end).toBeGreaterThan(now)
          expect(dateInZone(end, zone) > day).toBe(true)
          expect(dateInZone(end - 1000, zone)).toBe(day)
        },
      ),
      { numRuns: 400 },
    )
    // Every day of the months these two zones have started daylight saving in (at midnight), 2010 to 2030.
    for (const zone of ['America/Santiago', 'America/Havana']) {
      for (let year = 2010; year <= 2030; year++) {
        for (const [from, to] of [
          [Date.UTC(year, 2, 1), Date.UTC(year, 3, 15)],
          [Date.UTC(year, 7, 1), Date.UTC(year, 9, 15)],
        ] as const) {
          for (let t = from; t < to; t += 86_400_000) {
            const day = new Date(t).toISOString().slice(0, 10)
            const end = endOfDayInZone(day, zone) as number
            expect(dateInZone(end - 1000, zone)).toBe(day)
            expect(dateInZone(end, zone) > day).toBe(true)
          }
        }
      }
    }
  })
  it('tells the date in a zone', () => {
    expect(dateInZone(Date.UTC(2025, 2, 5, 23, 30), 'Asia/Tokyo')).toBe('2025-03-06')
    expect(dateInZone(Date.UTC(2025, 2, 5, 3, 0), 'America/New_York')).toBe('2025-03-04')
  })
})
