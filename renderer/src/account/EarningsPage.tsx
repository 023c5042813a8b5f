/**
 * Earnings: a span of months (at most 24) and optionally one customer; per currency what was earned
 * (completed), what is booked (accepted, not finished) and what is only offered (not accepted yet) — in
 * the totals, the chart by month, the by-customer table and each line — and a CSV export of the lines.
 */
import { useEffect, useMemo, useState } from 'react'
import { earningsSpanProblem, MAX_EARNINGS_SPAN_MONTHS, type EarningsReport } from '../../../shared/bridge-account'
import { formatMoneyWithCode } from '../ui/format/money'
import { jobCount } from '../ui/format/action-words'
import { formatTimestamp } from '../ui/format/calendar-dates'
import { displayText } from '../../../shared/display-text'
import { ShownName } from '../ui/ShownName'
import { useAccount } from './account-store'
import { AccessNotice } from './AccessNotice'
import { EarningsSplit } from './EarningsSplit'
import { EarningsChart } from './EarningsChart'
import { EarningsTable } from './EarningsTable'
import { earningsCsv, earningsCsvName } from './csv-export'
import {
  amountOf,
  customerTotalsByState,
  monthOf,
  recentSpan,
  seriesByCurrency,
  type StateTotal,
} from './earnings-math'
import './account.css'
import './earnings-split.css'

const PRESETS = [
  { label: 'Last 12 months', months: 12 },
  { label: 'Last 6 months', months: 6 },
  { label: 'Last 24 months', months: 24 },
]

const monthYear = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric', timeZone: 'UTC' })

/** "January 2025 to December 2025", or one month's name. */
function spanText(from: string, to: string): string {
  const a = monthYear.format(new Date(`${from}-01T00:00:00Z`))
  const b = monthYear.format(new Date(`${to}-01T00:00:00Z`))
  return from === to ? a : `${a} to ${b}`
}

function downloadCsv(text: string, name: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }))
  const a = document.createElement('a')
  a.href = url
  a.download = name
  a.rel = 'noopener'
  document.body.append(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

export function EarningsPage() {
  const today = monthOf(new Date())
  const [span, setSpan] = useState(() => recentSpan(today, 12))
  const [customerId, setCustomerId] = useState<string | null>(null)
  const { earnings, customers, loadEarnings } = useAccount((s) => ({
    earnings: s.earnings,
    customers: s.customers,
    loadEarnings: s.loadEarnings,
  }))
  const problem = earningsSpanProblem(span.from, span.to)

  useEffect(() => {
    if (!problem) void loadEarnings({ from: span.from, to: span.to, customer_id: customerId })
  }, [span.from, span.to, customerId, problem, loadEarnings])

  const view = earnings.data
  const report = view?.report ?? null

  return (
    <main className="acct-page" aria-labelledby="earnings-title">
      <header>
        <h1 id="earnings-title">Earnings</h1>
        <p className="acct-intro">
          What you earned (completed jobs), what is booked (accepted, not finished) and what is only offered (not
          accepted yet), per currency. Amounts in different currencies are never added together.
        </p>
      </header>

      <section className="acct-card" aria-label="Which earnings to show">
        <div className="acct-row">
          <label className="acct-field">
            From month
            <input
              type="month"
              value={span.from}
              max={today}
              onChange={(e) => setSpan((s) => ({ ...s, from: e.target.value }))}
            />
          </label>
          <label className="acct-field">
            To month
            <input
              type="month"
              value={span.to}
              max={today}
              onChange={(e) => setSpan((s) => ({ ...s, to: e.target.value }))}
            />
          </label>
          <label className="acct-field">
            Customer
            <select
              className="long-choice"
              value={customerId ?? ''}
              title={displayText(customers.find((c) => c.id === customerId)?.name ?? 'All customers')}
              onChange={(e) => setCustomerId(e.target.value === '' ? null : e.target.value)}
            >
              <option value="">All customers</option>
              {customers.map((c) => (
                <option key={c.id} value={c.id} title={displayText(c.name)}>
                  {displayText(c.name)}
                </option>
              ))}
            </select>
          </label>
          {PRESETS.map((p) => (
            <button
              key={p.months}
              type="button"
              className="btn btn-quiet btn-small"
              onClick={() => setSpan(recentSpan(today, p.months))}
            >
              {p.label}
            </button>
          ))}
        </div>
        <p className="acct-note">At most {MAX_EARNINGS_SPAN_MONTHS} months at a time; both months are included.</p>
        {problem && (
          <p className="form-error" role="alert">
            {problem}
          </p>
        )}
      </section>

      {earnings.error && (
        <p className="form-error" role="alert">
          {earnings.error}
        </p>
      )}
      {earnings.loading && !view && (
        <p className="acct-skeleton" role="status">
          Loading earnings…
        </p>
      )}
      {view && <AccessNotice access={view.access} what="earnings" />}
      {report && (
        <EarningsReportView
          report={report}
          fetchedAt={view?.fetchedAt ?? 0}
          customerId={view?.query.customer_id ?? null}
          loading={earnings.loading}
        />
      )}
    </main>
  )
}

function EarningsReportView({
  report,
  fetchedAt,
  customerId,
  loading,
}: {
  report: EarningsReport
  fetchedAt: number
  customerId: string | null
  loading: boolean
}) {
  const series = useMemo(() => seriesByCurrency(report), [report])
  const byCustomer = useMemo(() => customerTotalsByState(report.lines), [report])
  return (
    <>
      <section aria-labelledby="earnings-totals" aria-busy={loading}>
        <h2 id="earnings-totals">Totals, {spanText(report.from, report.to)}</h2>
        <EarningsSplit report={report} />
        {report.truncated && (
          <p className="acct-note">Counted from the lines shown; the service has more for this span.</p>
        )}
        <p className="acct-note">Fetched {formatTimestamp(fetchedAt)}.</p>
      </section>

      <EarningsNotices report={report} />

      <section className="acct-card" aria-labelledby="earnings-chart">
        <h2 id="earnings-chart">By month</h2>
        <p className="acct-note">
          Bars are what you earned (completed jobs); booked work is stacked above in a paler outline. Offers you have
          not accepted are not money yet and are not drawn.
        </p>
        <EarningsChart series={series} />
      </section>

      {byCustomer.length > 0 && (
        <section className="acct-card" aria-labelledby="earnings-customers">
          <h2 id="earnings-customers">By customer</h2>
          <table className="acct-table">
            <caption className="sr-only">By customer: earned, booked and offered</caption>
            <thead>
              <tr>
                <th scope="col">Customer</th>
                <th scope="col" className="num">
                  Earned <span className="muted">(completed)</span>
                </th>
                <th scope="col" className="num">
                  Booked <span className="muted">(accepted, not finished)</span>
                </th>
                <th scope="col" className="num">
                  Offered <span className="muted">(not accepted yet)</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {byCustomer.map((c) => (
                <tr key={`${c.customer.id}-${c.currency}`} data-currency={c.currency}>
                  <td>
                    <ShownName name={c.customer.name} />
                  </td>
                  <StateCell total={c.earned} currency={c.currency} symbol={c.symbol} state="earned" />
                  <StateCell total={c.booked} currency={c.currency} symbol={c.symbol} state="booked" />
                  <StateCell total={c.offered} currency={c.currency} symbol={c.symbol} state="offered" />
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}

      <section className="acct-card" aria-labelledby="earnings-lines">
        <div className="acct-row">
          <h2 id="earnings-lines">Jobs</h2>
          <button
            type="button"
            className="btn btn-small"
            disabled={report.lines.length === 0}
            onClick={() => downloadCsv(earningsCsv(report.lines), earningsCsvName(report.from, report.to, customerId))}
          >
            Export as CSV
          </button>
        </div>
        <EarningsTable lines={report.lines} />
      </section>
    </>
  )
}

/** One figure of a customer's row: the amount and how many jobs, or a dash when there are none. */
function StateCell({
  total,
  currency,
  symbol,
  state,
}: {
  total: StateTotal
  currency: string
  symbol: string
  state: 'earned' | 'booked' | 'offered'
}) {
  if (total.jobs === 0)
    return (
      <td className="num" data-state={state}>
        <span aria-label="none">—</span>
      </td>
    )
  return (
    <td className="num earnings-state-cell" data-state={state}>
      {formatMoneyWithCode({ amount: amountOf(total.cents), currency, symbol })}
      <span className="muted">{jobCount(total.jobs)}</span>
    </td>
  )
}

function EarningsNotices({ report }: { report: EarningsReport }) {
  return (
    <>
      {!report.rates_visible_any && (
        <div className="notice notice-muted" role="note">
          <p className="notice-title">No rates to show</p>
          <p>None of the customers in this view show their rates to talent, so there is nothing to add up.</p>
        </div>
      )}
      {report.truncated && (
        <div className="notice notice-warning" role="note">
          <p className="notice-title">Only the first {report.lines.length} jobs are listed</p>
          <p>
            Earned, booked and offered, the chart, the tables and the CSV count only these jobs. Choose a shorter span
            to count every job.
          </p>
        </div>
      )}
      {report.hidden_customers.length > 0 && (
        <div className="notice notice-muted" role="note">
          <p className="notice-title">These customers do not show rates</p>
          <p>
            {report.hidden_customers.map((c) => c.name).join(', ')} — their jobs are not counted here, because they do
            not tell talent what a job pays.
          </p>
        </div>
      )}
      {report.unrated_jobs > 0 && (
        <div className="notice notice-muted" role="note">
          <p>
            {report.unrated_jobs} job{report.unrated_jobs === 1 ? ' has' : 's have'} no rate yet and{' '}
            {report.unrated_jobs === 1 ? 'is' : 'are'} not counted.
          </p>
        </div>
      )}
    </>
  )
}
