/** Pure logic of the earnings page: month spans, cents, series per currency, sorting, CSV export. */
import { describe, expect, it } from 'vitest'
import type { EarningsLine } from '../../../../shared/bridge-account'
import { earningsSpanProblem, monthSpan } from '../../../../shared/bridge-account'
import {
  addMonths,
  amountOf,
  centsOf,
  customersOf,
  monthOf,
  monthsOfSpan,
  recentSpan,
  seriesByCurrency,
  sortLines,
} from '../../../../renderer/src/account/earnings-math'
import { csvField, earningsCsv, earningsCsvName, inertText } from '../../../../renderer/src/account/csv-export'

const line = (over: Partial<EarningsLine> & { id: string; cents: string; currency?: string }): EarningsLine => ({
  job_id: over.id,
  customer: over.customer ?? { id: '1', name: 'Northstar Audio' },
  key_number: over.key_number ?? `K-${over.id}`,
  advertiser: over.advertiser ?? 'Acme',
  requested_at: over.requested_at ?? 1_700_000_000_000 + Number(over.id),
  month: over.month ?? '2023-11',
  status: 'completed',
  stage: over.stage ?? 'completed',
  amount: { amount: over.cents, currency: over.currency ?? 'USD', symbol: over.currency === 'EUR' ? '€' : '$' },
})

describe('month spans', () => {
  it('counts both ends and crosses years', () => {
    expect(monthSpan('2024-01', '2025-12')).toBe(24)
    expect(monthSpan('2024-12', '2025-01')).toBe(2)
    expect(addMonths('2025-01', -1)).toBe('2024-12')
    expect(addMonths('2024-11', 14)).toBe('2026-01')
    expect(() => addMonths('2024-13', 1)).toThrow(/not a month/)
    expect(monthsOfSpan('2024-11', '2025-02')).toEqual(['2024-11', '2024-12', '2025-01', '2025-02'])
    expect(monthsOfSpan('2025-02', '2024-11')).toEqual([])
  })

  it('recent spans end this month and never exceed 24 months', () => {
    expect(recentSpan('2025-03', 12)).toEqual({ from: '2024-04', to: '2025-03' })
    expect(recentSpan('2025-03', 40)).toEqual({ from: '2023-04', to: '2025-03' })
    expect(monthOf(new Date(2025, 0, 31))).toBe('2025-01')
  })

  it('explains spans that cannot be asked for', () => {
    expect(earningsSpanProblem('2024-01', '2025-12')).toBeNull()
    expect(earningsSpanProblem('2024-01', '2026-01')).toMatch(/25 months; .* at most 24/)
    expect(earningsSpanProblem('2025-02', '2025-01')).toMatch(/after the last month/)
    expect(earningsSpanProblem('', '2025-01')).toMatch(/not a month written YYYY-MM/)
  })
})

describe('amounts', () => {
  it('works in whole cents, never floats', () => {
    expect(centsOf('0.10') + centsOf('0.20')).toBe(30)
    expect(centsOf('-3.05')).toBe(-305)
    expect(Number.isNaN(centsOf('3.5'))).toBe(true)
    expect(amountOf(123456)).toBe('1234.56')
    expect(amountOf(-5)).toBe('-0.05')
  })
})

describe('series per currency', () => {
  // The chart is counted from the lines by state (see earnings-math.test.ts); the service's by_month totals,
  // which mix offers in, are no longer drawn.
  it('keeps currencies apart and fills empty months with zero', () => {
    const series = seriesByCurrency({
      from: '2025-01',
      to: '2025-03',
      lines: [
        line({ id: '1', cents: '100.00', currency: 'EUR', month: '2025-01' }),
        line({ id: '2', cents: '200.00', currency: 'EUR', month: '2025-03' }),
        line({ id: '3', cents: '50.50', currency: 'USD', month: '2025-02' }),
        line({ id: '4', cents: '999.00', currency: 'USD', month: '2024-12' }), // outside the span: ignored
      ],
    })
    expect(series.map((s) => s.currency)).toEqual(['EUR', 'USD'])
    expect(series[0]?.points.map((p) => p.cents)).toEqual([10_000, 0, 20_000])
    expect(series[1]?.points.map((p) => [p.month, p.cents, p.jobs])).toEqual([
      ['2025-01', 0, 0],
      ['2025-02', 5050, 1],
      ['2025-03', 0, 0],
    ])
    expect(series[0]?.totalCents).toBe(30_000)
  })

  it('collects customers from totals, hidden customers and lines, by name', () => {
    const customers = customersOf(
      {
        totals: {
          overall: [],
          by_month: [],
          by_customer: [{ customer: { id: '2', name: 'Zed' }, currency: 'USD', amount: '1.00', jobs: 1 }],
        },
        hidden_customers: [{ id: '3', name: 'Metro Radio' }],
        lines: [line({ id: '9', cents: '1.00', customer: { id: '4', name: 'Brightline' } })],
      },
      [{ id: '5', name: 'Albion' }],
    )
    expect(customers.map((c) => c.name)).toEqual(['Albion', 'Brightline', 'Metro Radio', 'Zed'])
  })
})

describe('sorting lines', () => {
  const lines = [
    line({ id: '1', cents: '300.00', currency: 'USD', advertiser: 'beta' }),
    line({ id: '2', cents: '50.00', currency: 'EUR', advertiser: 'Alpha' }),
    line({ id: '3', cents: '75.00', currency: 'USD', advertiser: 'gamma' }),
  ]
  it('sorts amounts within a currency, never across', () => {
    expect(sortLines(lines, 'amount', 'ascending').map((l) => l.job_id)).toEqual(['2', '3', '1'])
    expect(sortLines(lines, 'amount', 'descending').map((l) => l.job_id)).toEqual(['1', '3', '2'])
  })
  it('sorts text without regard to case, and time', () => {
    expect(sortLines(lines, 'advertiser', 'ascending').map((l) => l.advertiser)).toEqual(['Alpha', 'beta', 'gamma'])
    expect(sortLines(lines, 'requested_at', 'descending').map((l) => l.job_id)).toEqual(['3', '2', '1'])
    expect(lines.map((l) => l.job_id)).toEqual(['1', '2', '3']) // the input is not reordered
  })
})

describe('CSV export', () => {
  it('quotes commas, quotes and line breaks', () => {
    expect(csvField('plain')).toBe('plain')
    expect(csvField('Hollis, Finch')).toBe('"Hollis, Finch"')
    expect(csvField('the "best" café')).toBe('"the ""best"" café"')
    expect(csvField('two\nlines')).toBe('"two\nlines"')
  })

  it('makes spreadsheet formulas inert in client text only', () => {
    expect(inertText('=HYPERLINK("x")')).toBe('\'=HYPERLINK("x")')
    expect(inertText('-minus')).toBe("'-minus")
    expect(inertText('@home')).toBe("'@home")
    expect(inertText('Acme')).toBe('Acme')
    const csv = earningsCsv([
      line({ id: '7', cents: '-12.50', advertiser: '=1+1', customer: { id: '1', name: 'Smith, "Jo"' } }),
    ])
    const rows = csv.split('\r\n')
    expect(rows[0]).toBe('job_id,requested_at,month,customer,advertiser,key_number,status,stage,amount,currency')
    expect(rows[1]).toBe(
      `7,${new Date(1_700_000_000_007).toISOString()},2023-11,"Smith, ""Jo""",'=1+1,K-7,completed,completed,-12.50,USD`,
    )
    expect(rows[2]).toBe('')
    expect(rows).toHaveLength(3)
  })

  it('writes only a header for no lines, and names the file by span and customer', () => {
    expect(earningsCsv([])).toBe(
      'job_id,requested_at,month,customer,advertiser,key_number,status,stage,amount,currency\r\n',
    )
    expect(earningsCsvName('2025-01', '2025-12', null)).toBe('booth-earnings-2025-01-to-2025-12.csv')
    expect(earningsCsvName('2025-01', '2025-12', '4490')).toBe('booth-earnings-2025-01-to-2025-12-customer-4490.csv')
  })
})
