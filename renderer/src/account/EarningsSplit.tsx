/** Per currency: earned (completed), booked (accepted, not finished) and offered (not accepted yet). */
import type { EarningsReport } from '../../../shared/bridge-account'
import { formatMoney } from '../ui/format/money'
import { jobCount } from '../ui/format/action-words'
import { amountOf, type StateTotal } from './earnings-math'
import './earnings-split.css'
import { splitByState } from './earnings-split'

export function EarningsSplit({ report }: { report: EarningsReport }) {
  const splits = splitByState(report.lines)
  if (splits.length === 0) return <p className="acct-muted">No rated jobs in this span.</p>
  const money = (t: StateTotal, currency: string, symbol: string) =>
    formatMoney({ amount: amountOf(t.cents), currency, symbol })
  return (
    <div className="acct-totals">
      {splits.map((s, i) => (
        <div key={s.currency} className={`acct-total earnings-split series-${i % 6}`} data-currency={s.currency}>
          <span className="acct-total-amount" data-state="earned">
            {money(s.earned, s.currency, s.symbol)}
          </span>
          <span className="acct-total-meta">
            Earned · {s.currency} · {jobCount(s.earned.jobs)} completed
          </span>
          <dl className="earnings-states small">
            <div data-state="booked">
              <dt>Booked</dt>
              <dd>
                {money(s.booked, s.currency, s.symbol)}{' '}
                <span className="muted">· {jobCount(s.booked.jobs)} accepted, not finished</span>
              </dd>
            </div>
            <div data-state="offered">
              <dt>Offered</dt>
              <dd>
                {money(s.offered, s.currency, s.symbol)}{' '}
                <span className="muted">· {jobCount(s.offered.jobs)} not accepted yet</span>
              </dd>
            </div>
          </dl>
        </div>
      ))}
    </div>
  )
}
