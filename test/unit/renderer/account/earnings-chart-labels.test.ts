/** What the earnings chart writes: best month and average per series, short amounts, month axis labels. */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  axisTicks,
  compactMoney,
  monthsOfSpan,
  seriesHighlights,
  type MonthPoint,
} from '../../../../renderer/src/account/earnings-math'
import { showMonthLabel } from '../../../../renderer/src/account/EarningsChart'

const points = (from: string, values: readonly (number | [cents: number, jobs: number])[]): MonthPoint[] => {
  const months = monthsOfSpan(from, '9999-12').slice(0, values.length)
  return values.map((v, i) => {
    const [cents, jobs] = typeof v === 'number' ? [v, v === 0 ? 0 : 1] : v
    return { month: months[i] as string, cents, jobs, booked: { cents: 0, jobs: 0 }, offered: { cents: 0, jobs: 0 } }
  })
}

describe('series highlights', () => {
  it('has no best month, no average and no active month for an empty series', () => {
    expect(seriesHighlights({ points: [] })).toEqual({ best: null, averageCents: 0, activeMonths: 0 })
  })

  it('makes the only month of a one-month span its best and its average', () => {
    const one = points('2025-06', [12_345])
    const h = seriesHighlights({ points: one })
    expect(h.best).toBe(one[0])
    expect(h.averageCents).toBe(12_345)
    expect(h.activeMonths).toBe(1)
  })

  it('has no best month when nothing was earned, though the months are there', () => {
    expect(seriesHighlights({ points: points('2025-01', [0, 0, 0]) })).toEqual({
      best: null,
      averageCents: 0,
      activeMonths: 0,
    })
  })

  it('names the first of equal best months', () => {
    const tied = points('2024-11', [5_000, 9_000, 1_000, 9_000])
    const h = seriesHighlights({ points: tied })
    expect(h.best).toBe(tied[1])
    expect(h.best?.month).toBe('2024-12')
  })

  it('averages over the whole span, empty months included, rounded to whole cents', () => {
    expect(seriesHighlights({ points: points('2025-01', [100, 0, 0]) }).averageCents).toBe(33)
    expect(seriesHighlights({ points: points('2025-01', [200, 0, 0]) }).averageCents).toBe(67)
    const year = points('2025-01', [120_000, ...Array<number>(11).fill(0)])
    expect(seriesHighlights({ points: year })).toMatchObject({ averageCents: 10_000, activeMonths: 1 })
  })

  it('counts a month with rated jobs at zero, or only a correction, as active but never as best', () => {
    const h = seriesHighlights({ points: points('2025-01', [[0, 2], 0, [-500, 0], 300]) })
    expect(h.activeMonths).toBe(3)
    expect(h.best?.month).toBe('2025-04')
    expect(h.averageCents).toBe(-50)
  })

  it('has no best month when every month is negative, and a negative average', () => {
    const h = seriesHighlights({ points: points('2025-01', [-1_000, -3_000]) })
    expect(h.best).toBeNull()
    expect(h.averageCents).toBe(-2_000)
    expect(h.activeMonths).toBe(2)
  })

  it('keeps large amounts exact', () => {
    const big = points('2024-01', Array<number>(24).fill(4_000_000_000_00))
    big[23] = { ...big[23]!, cents: 4_000_000_000_24 }
    const h = seriesHighlights({ points: big })
    expect(h.best).toBe(big[23])
    expect(h.averageCents).toBe(4_000_000_000_01)
  })
})

describe('short chart amounts', () => {
  it('shows whole units below a thousand, rounding cents half away from zero', () => {
    expect(compactMoney('€', 0)).toBe('€0')
    expect(compactMoney('€', 49)).toBe('€0')
    expect(compactMoney('€', 50)).toBe('€1')
    expect(compactMoney('€', 95_000)).toBe('€950')
    expect(compactMoney('€', 99_949)).toBe('€999')
    expect(compactMoney('€', 99_950)).toBe('€1k')
  })

  it('shows thousands with one decimal below ten, whole above, never "1000k"', () => {
    expect(compactMoney('€', 100_000)).toBe('€1k')
    expect(compactMoney('€', 130_000)).toBe('€1.3k')
    expect(compactMoney('€', 115_000)).toBe('€1.2k')
    expect(compactMoney('€', 125_000)).toBe('€1.3k')
    expect(compactMoney('€', 995_000)).toBe('€10k')
    expect(compactMoney('€', 1_200_000)).toBe('€12k')
    expect(compactMoney('€', 99_949_900)).toBe('€999k')
    expect(compactMoney('€', 99_950_000)).toBe('€1M')
  })

  it('shows millions the same way, with no larger unit', () => {
    expect(compactMoney('€', 120_000_000)).toBe('€1.2M')
    expect(compactMoney('€', 1_234_567_800)).toBe('€12M')
    expect(compactMoney('€', 999_999_999_00)).toBe('€1000M')
    expect(compactMoney('€', 2_500_000_000_000_00)).toBe('€2500000M')
  })

  it('marks negative amounts with a minus sign before the symbol, the same size as positive ones', () => {
    expect(compactMoney('€', -150)).toBe('−€2')
    expect(compactMoney('€', 150)).toBe('€2')
    expect(compactMoney('€', -50)).toBe('−€1')
    expect(compactMoney('€', -130_000)).toBe('−€1.3k')
    expect(compactMoney('€', -99_950_000)).toBe('−€1M')
  })

  it('writes no minus for an amount that rounds to zero', () => {
    expect(compactMoney('€', -49)).toBe('€0')
    expect(compactMoney('€', -0)).toBe('€0')
  })

  it('puts whatever symbol the currency has in front, as given', () => {
    expect(compactMoney('$', 130_000)).toBe('$1.3k')
    expect(compactMoney('£', 95_000)).toBe('£950')
    expect(compactMoney('¥', 1_200_000_000)).toBe('¥12M')
    expect(compactMoney('CHF ', 250_000)).toBe('CHF 2.5k')
    expect(compactMoney('', 95_000)).toBe('950')
  })
})

describe('month axis labels', () => {
  const labelled = (months: readonly string[], every: number) =>
    months.filter((_, i) => showMonthLabel(months, i, every))

  it('labels every month of a year or less, across a year boundary', () => {
    const months = monthsOfSpan('2024-09', '2025-08')
    expect(labelled(months, 1)).toEqual(months)
    expect(labelled(['2025-06'], 1)).toEqual(['2025-06'])
  })

  it('labels every other month of two years, and each January, with no label right next to a January', () => {
    const fromNovember = monthsOfSpan('2024-11', '2026-10')
    expect(labelled(fromNovember, 2)).toEqual([
      '2024-11',
      '2025-01',
      '2025-03',
      '2025-05',
      '2025-07',
      '2025-09',
      '2025-11',
      '2026-01',
      '2026-03',
      '2026-05',
      '2026-07',
      '2026-09',
    ])
    const fromDecember = monthsOfSpan('2024-12', '2026-11')
    expect(labelled(fromDecember, 2)).toEqual([
      '2025-01',
      '2025-04',
      '2025-06',
      '2025-08',
      '2025-10',
      '2026-01',
      '2026-04',
      '2026-06',
      '2026-08',
      '2026-10',
    ])
  })

  it('labels a January even off the regular step', () => {
    const months = monthsOfSpan('2024-10', '2025-06')
    expect(labelled(months, 3)).toEqual(['2024-10', '2025-01', '2025-04'])
    expect(labelled(monthsOfSpan('2024-11', '2025-06'), 3)).toEqual(['2024-11', '2025-01', '2025-05'])
  })

  it('never crowds labels and never leaves out a January, whatever month the span starts in', () => {
    for (let start = 0; start < 12; start++) {
      for (let n = 1; n <= 24; n++) {
        const months = monthsOfSpan(`2024-${String(start + 1).padStart(2, '0')}`, '2030-12').slice(0, n)
        const every = Math.ceil(n / 12)
        const shown = months.map((_, i) => showMonthLabel(months, i, every))
        const where = `${months[0]}, ${n} months`
        months.forEach((m, i) => {
          if (m.endsWith('-01')) expect(shown[i], `January ${m} in ${where}`).toBe(true)
          if (every > 1 && shown[i] && shown[i + 1]) expect.fail(`labels side by side at ${m} in ${where}`)
        })
        expect(shown.filter(Boolean).length, where).toBeGreaterThanOrEqual(Math.min(n, 6) / every)
      }
    }
  })
})

describe('the amount axis', () => {
  it('ticks at round amounts, never a quarter of a 2.5 or 5 ceiling', () => {
    const labels = (maxCents: number) => axisTicks(maxCents).map((c) => compactMoney('€', c))
    expect(labels(237_000)).toEqual(['€0', '€1k', '€2k', '€3k'])
    expect(labels(90_000)).toEqual(['€0', '€500', '€1k'])
    expect(labels(440_000)).toEqual(['€0', '€2k', '€4k', '€6k'])
    expect(labels(2_300_000)).toEqual(['€0', '€10k', '€20k', '€30k'])
    // Nothing earned, or a few cents: whole units all the same.
    expect(labels(0)).toEqual(['€0', '€1'])
    expect(labels(3)).toEqual(['€0', '€1'])
  })
  it('has 2 to 4 steps of 1, 2 or 5 times a power of ten whole units, up to the first tick above the largest bar', () => {
    fc.assert(
      fc.property(fc.integer({ min: 101, max: 10_000_000_000 }), (max) => {
        const ticks = axisTicks(max)
        const step = ticks[1] as number
        expect(ticks.length - 1).toBeGreaterThanOrEqual(2)
        expect(ticks.length - 1).toBeLessThanOrEqual(4)
        expect(ticks.at(-1)).toBeGreaterThanOrEqual(max)
        expect(ticks.at(-2)).toBeLessThan(max)
        const units = step / 100
        const mantissa = units / 10 ** Math.floor(Math.log10(units) + 1e-9)
        expect([1, 2, 5]).toContain(Math.round(mantissa * 1e6) / 1e6)
        ticks.forEach((t, i) => expect(t).toBe(i * step))
      }),
    )
  })
})
