import { describe, expect, it } from 'vitest'
import { SandboxError } from '../../../sandbox/seam'
import { computeEarnings } from '../../../sandbox/domain/earnings'
import { harness, validateResponse } from './harness'

type Line = { amount: { amount: string; currency: string; symbol: string }; month: string; customer: { id: string } }
const cents = (s: string) => Math.round(Number(s) * 100)

describe('earnings', () => {
  it('sums per currency, never mixing them, over ~20 months of history', async () => {
    const h = await harness()
    const e = await h.call('getEarnings', { query: { from: '2023-04', to: '2025-03', customer_id: null } })
    const lines = e.lines as Line[]
    const overall = (e.totals as { overall: { currency: string; amount: string; jobs: number; symbol: string }[] })
      .overall
    expect(overall.map((o) => o.currency)).toEqual(['EUR', 'GBP', 'USD'])
    for (const o of overall) {
      const mine = lines.filter((l) => l.amount.currency === o.currency)
      expect(mine.length).toBe(o.jobs)
      expect(mine.reduce((s, l) => s + cents(l.amount.amount), 0)).toBe(cents(o.amount))
      expect(mine.every((l) => l.amount.symbol === o.symbol)).toBe(true)
    }
    const byMonth = (e.totals as { by_month: { month: string; currency: string; amount: string }[] }).by_month
    expect(new Set(byMonth.map((m) => m.month)).size).toBeGreaterThanOrEqual(18)
    for (const m of byMonth) {
      const sum = lines
        .filter((l) => l.month === m.month && l.amount.currency === m.currency)
        .reduce((s, l) => s + cents(l.amount.amount), 0)
      expect(sum).toBe(cents(m.amount))
    }
    const hidden = e.hidden_customers as { id: string; name: string }[]
    expect(hidden.map((c) => c.name)).toEqual(['Metro Radio Group'])
    expect(lines.some((l) => l.customer.id === hidden[0]!.id)).toBe(false)
    expect(e.rates_visible_any).toBe(true)
    expect(e.unrated_jobs).toBeGreaterThanOrEqual(0)
    expect(e.truncated).toBe(false)
  })

  it('filters by customer; a hidden-rate customer alone gives no lines and rates_visible_any false', async () => {
    const h = await harness()
    const metro = h.world.state().customers.find((c) => c.rates_hidden)!
    const e = await h.call('getEarnings', { query: { from: '2023-04', to: '2025-03', customer_id: metro.id } })
    expect(e).toMatchObject({
      lines: [],
      rates_visible_any: false,
      hidden_customers: [{ id: metro.id, name: metro.name }],
      unrated_jobs: 0,
    })
    expect(validateResponse('getEarnings', e)).toEqual([])
  })

  it('refuses spans over 24 months, from after to, and unknown customers', async () => {
    const h = await harness()
    const fail = async (query: Record<string, unknown>, status: number) => {
      const err = await h.call('getEarnings', { query }).then(
        () => null,
        (x: unknown) => x,
      )
      expect(err).toBeInstanceOf(SandboxError)
      expect((err as SandboxError).status).toBe(status)
    }
    await h.call('getEarnings', { query: { from: '2024-01', to: '2025-12', customer_id: null } }) // 24 months is fine
    await fail({ from: '2024-01', to: '2026-01', customer_id: null }, 400)
    await fail({ from: '2025-03', to: '2025-01', customer_id: null }, 400)
    await fail({ from: '2025-01', to: '2025-03', customer_id: '999' }, 404)
  })

  it('stops at 5000 lines with truncated true while totals still cover every job', async () => {
    const h = await harness()
    const state = structuredClone(h.world.state())
    const template = state.jobs.find(
      (j) =>
        j.rate?.currency === 'USD' &&
        j.status !== 'declined' &&
        !state.customers.find((c) => c.id === j.customer_id)!.rates_hidden,
    )!
    state.jobs = Array.from({ length: 5003 }, (_, i) => ({
      ...template,
      job_id: String(100000 + i),
      requested_at: Date.UTC(2025, 0, 15),
      rate: { cents: 10000, currency: 'USD' },
    }))
    const e = computeEarnings(state, { from: '2025-01', to: '2025-01', customer_id: null })
    expect(e.lines.length).toBe(5000)
    expect(e.truncated).toBe(true)
    expect(e.totals.overall).toEqual([{ currency: 'USD', symbol: '$', amount: '500300.00', jobs: 5003 }])
    const exact = computeEarnings(
      { ...state, jobs: state.jobs.slice(0, 5000) },
      { from: '2025-01', to: '2025-01', customer_id: null },
    )
    expect(exact.truncated).toBe(false)
  })

  it('places a job in its month in the talent time zone', async () => {
    const h = await harness()
    const state = structuredClone(h.world.state())
    const template = state.jobs.find(
      (j) => j.rate && j.status !== 'declined' && !state.customers.find((c) => c.id === j.customer_id)!.rates_hidden,
    )!
    state.jobs = [{ ...template, requested_at: Date.UTC(2025, 1, 1, 3, 0) }] // 1 Feb 03:00 UTC = 31 Jan 22:00 in New York
    expect(computeEarnings(state, { from: '2025-01', to: '2025-02', customer_id: null }).lines[0]?.month).toBe(
      '2025-01',
    )
    state.time_zone = 'Europe/Berlin'
    expect(computeEarnings(state, { from: '2025-01', to: '2025-02', customer_id: null }).lines[0]?.month).toBe(
      '2025-02',
    )
  })
})
