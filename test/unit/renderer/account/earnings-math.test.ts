/** Earned, booked and offered kept apart in every figure of the earnings page: states, the chart's series, by customer. */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { EarningsLine } from '../../../../shared/bridge-account'
import {
  amountOf,
  customerTotalsByState,
  earningsStateOf,
  monthsOfSpan,
  seriesByCurrency,
  seriesHighlights,
} from '../../../../renderer/src/account/earnings-math'
import { splitByState } from '../../../../renderer/src/account/earnings-split'
import { monthReadout } from '../../../../renderer/src/account/EarningsChart'

type Status = EarningsLine['status']
type Stage = EarningsLine['stage']

let n = 0
function line(
  status: Status,
  stage: Stage,
  cents: number,
  over: { month?: string; currency?: string; customer?: { id: string; name: string } } = {},
): EarningsLine {
  n++
  const currency = over.currency ?? 'EUR'
  return {
    job_id: String(n),
    customer: over.customer ?? { id: '1', name: 'Northstar Audio' },
    key_number: `K-${n}`,
    advertiser: 'Acme',
    requested_at: 1_735_700_000_000 + n,
    month: over.month ?? '2025-01',
    status,
    stage,
    amount: { amount: amountOf(cents), currency, symbol: currency === 'EUR' ? '€' : '$' },
  }
}

describe('which figure a job counts in', () => {
  it('completed is earned, accepted-not-finished is booked, sent or viewed is offered, declined counts nowhere', () => {
    expect(earningsStateOf({ status: 'completed', stage: 'completed' })).toBe('earned')
    expect(earningsStateOf({ status: 'completed', stage: 'approved' })).toBe('earned')
    for (const stage of ['accepted', 'delivered', 'changes_requested'] as const)
      expect(earningsStateOf({ status: 'pending', stage })).toBe('booked')
    for (const stage of ['sent', 'viewed'] as const)
      expect(earningsStateOf({ status: 'pending', stage })).toBe('offered')
    expect(earningsStateOf({ status: 'declined', stage: 'declined' })).toBe('none')
  })
})

describe('the chart series', () => {
  const lines = [
    line('completed', 'completed', 10_000, { month: '2025-01' }),
    line('pending', 'accepted', 4_000, { month: '2025-01' }),
    line('pending', 'sent', 99_900, { month: '2025-01' }), // a big offer: never a bar, never the best month
    line('pending', 'viewed', 1_000, { month: '2025-02' }),
    line('completed', 'approved', 2_500, { month: '2025-03' }),
    line('declined', 'declined', 7_700, { month: '2025-03' }),
    line('completed', 'completed', 1_234, { month: '2025-02', currency: 'USD' }),
  ]
  const series = seriesByCurrency({ from: '2025-01', to: '2025-03', lines })

  it('counts only earned in the bars, booked and offered beside them, each currency apart', () => {
    expect(series.map((s) => s.currency)).toEqual(['EUR', 'USD'])
    const eur = series[0]!
    expect(eur.points.map((p) => p.cents)).toEqual([10_000, 0, 2_500])
    expect(eur.points.map((p) => p.booked.cents)).toEqual([4_000, 0, 0])
    expect(eur.points.map((p) => p.offered)).toEqual([
      { cents: 99_900, jobs: 1 },
      { cents: 1_000, jobs: 1 },
      { cents: 0, jobs: 0 },
    ])
    expect([eur.totalCents, eur.jobs]).toEqual([12_500, 2])
    expect(eur.booked).toEqual({ cents: 4_000, jobs: 1 })
    expect(eur.offered).toEqual({ cents: 100_900, jobs: 2 })
    expect(series[1]!.points.map((p) => p.cents)).toEqual([0, 1_234, 0])
  })

  it('names the best month and the average from earnings only', () => {
    const h = seriesHighlights(series[0]!)
    expect(h.best?.month).toBe('2025-01')
    expect(h.averageCents).toBe(Math.round(12_500 / 3))
  })

  it('reads a month out with each figure named', () => {
    const money = (c: number) => `€${amountOf(c)}`
    expect(monthReadout(series[0]!.points[0]!, money)).toBe(
      'January 2025: earned €100.00 from 1 job · booked €40.00 (1 job) · offered €999.00 (1 job, not accepted yet)',
    )
    expect(monthReadout(series[0]!.points[2]!, money)).toBe('March 2025: earned €25.00 from 1 job')
  })

  it('a span of offers only has no earned bar and no best month', () => {
    const only = seriesByCurrency({ from: '2025-01', to: '2025-01', lines: [line('pending', 'sent', 5_000)] })
    expect(only[0]!.points[0]).toMatchObject({ cents: 0, jobs: 0, offered: { cents: 5_000, jobs: 1 } })
    expect(seriesHighlights(only[0]!).best).toBeNull()
  })
})

describe('by customer', () => {
  it('gives each customer and currency earned, booked and offered apart, by name', () => {
    const zed = { id: '2', name: 'Zed Radio' }
    const acme = { id: '3', name: 'Acme Studios' }
    const rows = customerTotalsByState([
      line('completed', 'completed', 1_000, { customer: zed }),
      line('pending', 'viewed', 2_000, { customer: zed }),
      line('pending', 'delivered', 3_000, { customer: acme }),
      line('completed', 'completed', 500, { customer: acme, currency: 'USD' }),
      line('declined', 'declined', 9_000, { customer: acme }),
    ])
    expect(rows.map((r) => [r.customer.name, r.currency, r.earned.cents, r.booked.cents, r.offered.cents])).toEqual([
      ['Acme Studios', 'USD', 500, 0, 0],
      ['Acme Studios', 'EUR', 0, 3_000, 0],
      ['Zed Radio', 'EUR', 1_000, 0, 2_000],
    ])
  })
})

const lineArb = fc.record({
  state: fc.constantFrom<[Status, Stage]>(
    ['completed', 'completed'],
    ['completed', 'approved'],
    ['pending', 'accepted'],
    ['pending', 'delivered'],
    ['pending', 'changes_requested'],
    ['pending', 'sent'],
    ['pending', 'viewed'],
    ['declined', 'declined'],
  ),
  cents: fc.integer({ min: 0, max: 10_000_000 }),
  month: fc.constantFrom('2024-12', '2025-01', '2025-02', '2025-03'),
  currency: fc.constantFrom('EUR', 'USD'),
  customer: fc.constantFrom({ id: '1', name: 'A' }, { id: '2', name: 'B' }),
})

describe('any set of lines', () => {
  it('the chart, the by-customer table and the totals agree, and no offer is ever earned', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 40 }), (drawn) => {
        const inSpan = drawn.map((d) => line(d.state[0], d.state[1], d.cents, d))
        const span = { from: '2025-01', to: '2025-03' }
        const months = monthsOfSpan(span.from, span.to)
        const counted = inSpan.filter((l) => months.includes(l.month))
        const series = seriesByCurrency({ ...span, lines: inSpan })
        const customers = customerTotalsByState(counted)
        for (const split of splitByState(counted)) {
          const s = series.find((x) => x.currency === split.currency)!
          expect([s.totalCents, s.jobs]).toEqual([split.earned.cents, split.earned.jobs])
          expect(s.booked).toEqual(split.booked)
          expect(s.offered).toEqual(split.offered)
          expect(s.points.reduce((sum, p) => sum + p.cents, 0)).toBe(split.earned.cents)
          const rows = customers.filter((r) => r.currency === split.currency)
          expect(rows.reduce((sum, r) => sum + r.earned.cents, 0)).toBe(split.earned.cents)
          expect(rows.reduce((sum, r) => sum + r.offered.cents, 0)).toBe(split.offered.cents)
          const earnedByLines = counted
            .filter((l) => l.amount.currency === split.currency && l.status === 'completed')
            .reduce((sum, l) => sum + Math.round(Number(l.amount.amount) * 100), 0)
          expect(split.earned.cents).toBe(earnedByLines)
        }
      }),
      { numRuns: 200 },
    )
  })
})
