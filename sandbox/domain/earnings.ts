/**
 * Earnings, computed from the jobs. Rules:
 * - A line is a job that is not declined, whose customer shows rates, that has a rate, and whose
 *   requested_at falls in [from, to] by month in the talent's time zone (and of customer_id when given).
 * - Amounts are summed per currency and never mixed or converted: totals.overall has one row per
 *   currency, by_customer one per (customer, currency), by_month one per (month, currency).
 * - Totals cover every matching line, also when the answer's lines stop at MAX_LINES (truncated true).
 * - hidden_customers: customers hiding rates with jobs in the span; their jobs give no lines.
 * - unrated_jobs: non-declined jobs in the span from customers that show rates, without a rate.
 * - rates_visible_any: at least one of the (selected) customers shows rates.
 * - from after to, or a span over 24 months, answers 400 bad_request; an unknown customer 404 not_found.
 */
import { SandboxError } from '../seam'
import { monthIndex, monthInZone } from './calendar'
import { currencySymbol, formatCents, toMoney } from './money'
import type { WorldState } from './state'

export const MAX_LINES = 5000
export const MAX_SPAN_MONTHS = 24

export interface EarningsQuery {
  from: string
  to: string
  customer_id: string | null
}

function bump<K>(
  map: Map<string, { key: K; currency: string; cents: number; jobs: number }>,
  id: string,
  key: K,
  currency: string,
  cents: number,
): void {
  const row = map.get(id) ?? { key, currency, cents: 0, jobs: 0 }
  row.cents += cents
  row.jobs += 1
  map.set(id, row)
}

export function computeEarnings(state: WorldState, query: EarningsQuery, maxLines = MAX_LINES) {
  let fromIdx: number
  let toIdx: number
  try {
    fromIdx = monthIndex(query.from)
    toIdx = monthIndex(query.to)
  } catch {
    throw new SandboxError(400, 'bad_request', 'from and to must be months written YYYY-MM.')
  }
  if (fromIdx > toIdx) throw new SandboxError(400, 'bad_request', `from (${query.from}) is after to (${query.to}).`)
  if (toIdx - fromIdx + 1 > MAX_SPAN_MONTHS) {
    throw new SandboxError(
      400,
      'bad_request',
      `The span ${query.from} to ${query.to} is ${toIdx - fromIdx + 1} months; at most ${MAX_SPAN_MONTHS} months can be asked at once.`,
    )
  }
  const customers = new Map(state.customers.map((c) => [c.id, c]))
  if (query.customer_id !== null && !customers.has(query.customer_id)) {
    throw new SandboxError(404, 'not_found', `There is no customer ${query.customer_id} for this talent.`)
  }
  const selected = state.customers.filter((c) => query.customer_id === null || c.id === query.customer_id)
  const inSpan = state.jobs
    .filter((j) => j.status !== 'declined' && (query.customer_id === null || j.customer_id === query.customer_id))
    .map((j) => ({ job: j, month: monthInZone(j.requested_at, state.time_zone) }))
    .filter(({ month }) => monthIndex(month) >= fromIdx && monthIndex(month) <= toIdx)
    .sort((a, b) => a.job.requested_at - b.job.requested_at || Number(a.job.job_id) - Number(b.job.job_id))

  const hidden = new Map<string, { id: string; name: string }>()
  const overall = new Map<string, { key: null; currency: string; cents: number; jobs: number }>()
  const byCustomer = new Map<
    string,
    { key: { id: string; name: string }; currency: string; cents: number; jobs: number }
  >()
  const byMonth = new Map<string, { key: string; currency: string; cents: number; jobs: number }>()
  const lines = []
  let unrated = 0
  let total = 0
  for (const { job, month } of inSpan) {
    const customer = customers.get(job.customer_id)
    if (!customer) continue
    if (customer.rates_hidden) {
      hidden.set(customer.id, { id: customer.id, name: customer.name })
      continue
    }
    if (!job.rate) {
      unrated++
      continue
    }
    const { cents, currency } = job.rate
    const who = { id: customer.id, name: customer.name }
    bump(overall, currency, null, currency, cents)
    bump(byCustomer, `${customer.id}|${currency}`, who, currency, cents)
    bump(byMonth, `${month}|${currency}`, month, currency, cents)
    total++
    if (lines.length < maxLines) {
      lines.push({
        job_id: job.job_id,
        customer: who,
        key_number: job.key_number,
        advertiser: job.advertiser,
        requested_at: job.requested_at,
        month,
        status: job.status,
        stage: job.stage,
        amount: toMoney(job.rate),
      })
    }
  }
  const money = (r: { currency: string; cents: number }) => ({ currency: r.currency, amount: formatCents(r.cents) })
  return {
    from: query.from,
    to: query.to,
    rates_visible_any: selected.some((c) => !c.rates_hidden),
    lines,
    totals: {
      overall: [...overall.values()]
        .sort((a, b) => a.currency.localeCompare(b.currency))
        .map((r) => ({
          currency: r.currency,
          symbol: currencySymbol(r.currency),
          amount: formatCents(r.cents),
          jobs: r.jobs,
        })),
      by_customer: [...byCustomer.values()]
        .sort((a, b) => a.key.name.localeCompare(b.key.name) || a.currency.localeCompare(b.currency))
        .map((r) => ({ customer: r.key, ...money(r), jobs: r.jobs })),
      by_month: [...byMonth.values()]
        .sort((a, b) => a.key.localeCompare(b.key) || a.currency.localeCompare(b.currency))
        .map((r) => ({ month: r.key, ...money(r), jobs: r.jobs })),
    },
    hidden_customers: [...hidden.values()],
    unrated_jobs: unrated,
    truncated: total > lines.length,
  }
}
