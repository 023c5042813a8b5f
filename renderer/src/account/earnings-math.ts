/**
 * Pure arithmetic of the earnings page: month spans, amounts in cents (never floats, never summed across
 * currencies), which figure a job counts in (earned, booked, offered), the chart's series and the
 * by-customer totals per currency with those figures apart, and sorting of the lines.
 */
import {
  MAX_EARNINGS_SPAN_MONTHS,
  monthIndex,
  monthOfIndex,
  type EarningsLine,
  type EarningsReport,
  type NamedRef,
} from '../../../shared/bridge-account'

/** "YYYY-MM" of a Date in the viewer's calendar. */
export function monthOf(date: Date): string {
  return `${String(date.getFullYear()).padStart(4, '0')}-${String(date.getMonth() + 1).padStart(2, '0')}`
}

/** The month `n` months after `month` (negative goes back). */
export function addMonths(month: string, n: number): string {
  const index = monthIndex(month)
  if (index === null) throw new RangeError(`"${month}" is not a month written YYYY-MM.`)
  return monthOfIndex(index + n)
}

/** The last `months` months up to and including `current` (default a year). */
export function recentSpan(current: string, months = 12): { from: string; to: string } {
  const n = Math.min(Math.max(1, Math.round(months)), MAX_EARNINGS_SPAN_MONTHS)
  return { from: addMonths(current, -(n - 1)), to: current }
}

/** Every month from `from` to `to`, both included; empty when the span is backwards or not months. */
export function monthsOfSpan(from: string, to: string): string[] {
  const a = monthIndex(from)
  const b = monthIndex(to)
  if (a === null || b === null || b < a) return []
  return Array.from({ length: b - a + 1 }, (_, i) => monthOfIndex(a + i))
}

/** "1234.50" (or "-3.00") as integer cents; NaN when the text is not an API amount. */
export function centsOf(amount: string): number {
  const m = /^(-)?(\d+)\.(\d{2})$/.exec(amount)
  if (!m) return Number.NaN
  const cents = Number(m[2]) * 100 + Number(m[3])
  return m[1] ? -cents : cents
}

/** Integer cents back to the API's amount text. */
export function amountOf(cents: number): string {
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(Math.round(cents))
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

/**
 * Which figure a job's amount belongs to, in the words a talent uses:
 *  - earned: the job is completed (paid or payable);
 *  - booked: accepted and not finished yet (accepted, delivered, changes requested);
 *  - offered: sent to you and not accepted yet — not money until you take it;
 *  - none: declined or otherwise ended; counted nowhere.
 */
export type EarningsState = 'earned' | 'booked' | 'offered' | 'none'

export function earningsStateOf(line: Pick<EarningsLine, 'status' | 'stage'>): EarningsState {
  if (line.status === 'completed') return 'earned'
  if (line.status !== 'pending') return 'none'
  if (line.stage === 'sent' || line.stage === 'viewed') return 'offered'
  return 'booked'
}

export interface StateTotal {
  cents: number
  jobs: number
}

const zero = (): StateTotal => ({ cents: 0, jobs: 0 })

/** A month of one currency. `cents` and `jobs` are what was EARNED; booked and offered are kept apart. */
export interface MonthPoint {
  month: string
  cents: number
  jobs: number
  booked: StateTotal
  offered: StateTotal
}

/** One currency over the span. `totalCents` and `jobs` are what was EARNED; booked and offered apart. */
export interface CurrencySeries {
  currency: string
  symbol: string
  totalCents: number
  jobs: number
  booked: StateTotal
  offered: StateTotal
  points: MonthPoint[]
}

/** A line's state and amount in cents; null when the line counts nowhere or its amount is not an amount. */
function counted(line: EarningsLine): { state: Exclude<EarningsState, 'none'>; cents: number } | null {
  const state = earningsStateOf(line)
  const cents = centsOf(line.amount.amount)
  return state === 'none' || !Number.isFinite(cents) ? null : { state, cents }
}

/** Most earned first, then by currency code, so colours match between the totals, the chart and the tables. */
const byEarned = <T extends { currency: string; earned: number }>(a: T, b: T) =>
  b.earned - a.earned || a.currency.localeCompare(b.currency)

/**
 * One series per currency, a point for every month of the span, counted from the lines: earned apart from
 * booked and offered (an offer is never earned). Lines outside the span and declined jobs count nowhere.
 */
export function seriesByCurrency(report: Pick<EarningsReport, 'from' | 'to' | 'lines'>): CurrencySeries[] {
  const months = monthsOfSpan(report.from, report.to)
  const currencies = new Map<string, CurrencySeries>()
  for (const line of report.lines) {
    const c = counted(line)
    const at = months.indexOf(line.month)
    if (!c || at < 0) continue
    let series = currencies.get(line.amount.currency)
    if (!series) {
      series = {
        currency: line.amount.currency,
        symbol: line.amount.symbol,
        totalCents: 0,
        jobs: 0,
        booked: zero(),
        offered: zero(),
        points: months.map((month) => ({ month, cents: 0, jobs: 0, booked: zero(), offered: zero() })),
      }
      currencies.set(line.amount.currency, series)
    }
    const point = series.points[at] as MonthPoint
    if (c.state === 'earned') {
      point.cents += c.cents
      point.jobs += 1
      series.totalCents += c.cents
      series.jobs += 1
    } else {
      point[c.state].cents += c.cents
      point[c.state].jobs += 1
      series[c.state].cents += c.cents
      series[c.state].jobs += 1
    }
  }
  return [...currencies.values()]
    .map((s) => ({ s, currency: s.currency, earned: s.totalCents }))
    .sort(byEarned)
    .map((x) => x.s)
}

/** Per customer and currency: earned, booked and offered, counted from the lines. */
export interface CustomerStateTotals {
  customer: NamedRef
  currency: string
  symbol: string
  earned: StateTotal
  booked: StateTotal
  offered: StateTotal
}

type ByState = { earned: StateTotal; booked: StateTotal; offered: StateTotal }

/** Lines tallied per key into earned, booked and offered (lines that count nowhere are skipped); a key's first line gives the row's other fields. */
export function tallyByState<S extends object>(
  lines: readonly EarningsLine[],
  keyOf: (line: EarningsLine) => string,
  start: (line: EarningsLine) => S,
): (S & ByState)[] {
  const rows = new Map<string, S & ByState>()
  for (const line of lines) {
    const c = counted(line)
    if (!c) continue
    const key = keyOf(line)
    let row = rows.get(key)
    if (!row) {
      row = { ...start(line), earned: zero(), booked: zero(), offered: zero() }
      rows.set(key, row)
    }
    row[c.state].cents += c.cents
    row[c.state].jobs += 1
  }
  return [...rows.values()]
}

/** Customers by name, each currency apart (most earned first within a customer). */
export function customerTotalsByState(lines: readonly EarningsLine[]): CustomerStateTotals[] {
  return tallyByState(
    lines,
    (l) => `${l.customer.id}|${l.amount.currency}`,
    (l) => ({ customer: l.customer, currency: l.amount.currency, symbol: l.amount.symbol }),
  ).sort(
    (a, b) =>
      a.customer.name.localeCompare(b.customer.name) ||
      a.customer.id.localeCompare(b.customer.id) ||
      b.earned.cents - a.earned.cents ||
      a.currency.localeCompare(b.currency),
  )
}

/** Customers a report mentions (with or without visible rates), by name, for the customer filter. */
export function customersOf(
  report: Pick<EarningsReport, 'totals' | 'hidden_customers' | 'lines'>,
  known: NamedRef[] = [],
): NamedRef[] {
  const byId = new Map<string, NamedRef>()
  for (const c of known) byId.set(c.id, c)
  for (const t of report.totals.by_customer) byId.set(t.customer.id, t.customer)
  for (const c of report.hidden_customers) byId.set(c.id, c)
  for (const l of report.lines) byId.set(l.customer.id, l.customer)
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name))
}

export type LineSortKey = 'requested_at' | 'customer' | 'advertiser' | 'key_number' | 'stage' | 'amount'
export type SortDirection = 'ascending' | 'descending'

/**
 * The lines sorted by one column. Amounts sort by currency first, then value, so amounts of different
 * currencies are never ordered as if they were comparable. Ties keep the request time order.
 */
export function sortLines(lines: readonly EarningsLine[], key: LineSortKey, direction: SortDirection): EarningsLine[] {
  const text = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base', numeric: true })
  const compare = (a: EarningsLine, b: EarningsLine): number => {
    switch (key) {
      case 'requested_at':
        return a.requested_at - b.requested_at
      case 'customer':
        return text(a.customer.name, b.customer.name)
      case 'advertiser':
        return text(a.advertiser, b.advertiser)
      case 'key_number':
        return text(a.key_number, b.key_number)
      case 'stage':
        return text(a.stage, b.stage)
      case 'amount':
        return text(a.amount.currency, b.amount.currency) || centsOf(a.amount.amount) - centsOf(b.amount.amount)
    }
  }
  const sign = direction === 'ascending' ? 1 : -1
  return lines
    .map((line, i) => ({ line, i }))
    .sort((x, y) => sign * compare(x.line, y.line) || x.line.requested_at - y.line.requested_at || x.i - y.i)
    .map((x) => x.line)
}

/**
 * The value axis of a chart of amounts, ticked at round values: a step of 1, 2 or 5 times a power of ten
 * in whole currency units (never cents), so the labels read "€0, €500, €1k, €1.5k", never "€625, €1.3k,
 * €1.9k"; 2 to 4 steps up to the first tick at or above `maxCents`, which is the axis's top.
 */
export function axisTicks(maxCents: number): number[] {
  const top = Number.isFinite(maxCents) && maxCents > 100 ? maxCents : 100
  const rough = top / 4
  const power = 10 ** Math.floor(Math.log10(rough))
  const step = Math.max(100, [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power)
  const count = Math.max(1, Math.ceil(top / step - 1e-9))
  return Array.from({ length: count + 1 }, (_, i) => i * step)
}

/** Highlights of what was EARNED (offers and bookings are not earnings yet). */
export interface SeriesHighlights {
  /** The month that earned most (the first of equals); null when nothing was earned. */
  best: MonthPoint | null
  /** Average per month over the whole span, empty months included, in cents (rounded). */
  averageCents: number
  /** Months of the span with at least one rated job. */
  activeMonths: number
}

export function seriesHighlights(series: Pick<CurrencySeries, 'points'>): SeriesHighlights {
  let best: MonthPoint | null = null
  let total = 0
  let active = 0
  for (const p of series.points) {
    total += p.cents
    if (p.jobs > 0 || p.cents !== 0) active++
    if (p.cents > 0 && (best === null || p.cents > best.cents)) best = p
  }
  return {
    best,
    averageCents: series.points.length ? Math.round(total / series.points.length) : 0,
    activeMonths: active,
  }
}

/**
 * Short amounts for chart labels: "€950", "€1.3k", "€12k", "€1.2M" (whole units, never cents). Halves
 * round away from zero the same way for both signs, and an amount that would round to "1000k" is "1M".
 */
export function compactMoney(symbol: string, cents: number): string {
  const abs = Math.round(Math.abs(cents) / 100)
  const sign = cents < 0 && abs > 0 ? '−' : ''
  if (abs < 1000) return `${sign}${symbol}${abs}`
  if (abs < 999_500) return `${sign}${symbol}${inUnits(abs, 1000)}k`
  return `${sign}${symbol}${inUnits(abs, 1_000_000)}M`
}

/** Whole units `abs` as a count of `unit`: one decimal below 10 ("1.3", "9.9"), whole from 10 ("12"). */
function inUnits(abs: number, unit: number): string {
  // Tenths from integer division, so halves round the same everywhere (1.15 and 1.25 alike, no float drift).
  const tenths = Math.round(abs / (unit / 10))
  return tenths < 100 ? String(tenths / 10) : String(Math.round(abs / unit))
}
