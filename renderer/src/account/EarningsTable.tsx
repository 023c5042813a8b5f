/**
 * The earnings lines as a table sortable by any column (buttons in the headers; aria-sort says how); each
 * line says whether its amount is earned, booked or only offered.
 */
import { useMemo, useState } from 'react'
import type { EarningsLine } from '../../../shared/bridge-account'
import { formatMoneyWithCode } from '../ui/format/money'
import { formatTimestamp } from '../ui/format/calendar-dates'
import { earningsStateOf, sortLines, type EarningsState, type LineSortKey, type SortDirection } from './earnings-math'
import { ShownName } from '../ui/ShownName'

const COLUMNS: Array<{ key: LineSortKey; label: string; numeric?: boolean }> = [
  { key: 'requested_at', label: 'Requested' },
  { key: 'customer', label: 'Customer' },
  { key: 'advertiser', label: 'Advertiser' },
  { key: 'key_number', label: 'Key number' },
  { key: 'stage', label: 'Stage' },
  { key: 'amount', label: 'Amount', numeric: true },
]

/** What a line's amount counts as, in the words of the totals. */
export const STATE_WORDS: Record<EarningsState, string> = {
  earned: 'Earned',
  booked: 'Booked',
  offered: 'Offered, not accepted',
  none: 'Not counted',
}

const STAGE_WORDS: Record<string, string> = {
  sent: 'Sent',
  viewed: 'Viewed',
  accepted: 'Accepted',
  changes_requested: 'Changes requested',
  delivered: 'Delivered',
  completed: 'Completed',
  approved: 'Approved',
  declined: 'Declined',
}

export function EarningsTable({ lines }: { lines: readonly EarningsLine[] }) {
  const [sort, setSort] = useState<{ key: LineSortKey; direction: SortDirection }>({
    key: 'requested_at',
    direction: 'descending',
  })
  const sorted = useMemo(() => sortLines(lines, sort.key, sort.direction), [lines, sort])
  const choose = (key: LineSortKey) =>
    setSort((s) => ({
      key,
      direction:
        s.key === key && s.direction === 'ascending'
          ? 'descending'
          : s.key === key
            ? 'ascending'
            : key === 'requested_at' || key === 'amount'
              ? 'descending'
              : 'ascending',
    }))

  if (lines.length === 0) return <p className="acct-muted">No rated jobs in this span.</p>
  return (
    <div className="acct-table-wrap">
      <table className="acct-table">
        <caption>
          {lines.length} job{lines.length === 1 ? '' : 's'} — choose a column heading to sort
        </caption>
        <thead>
          <tr>
            {COLUMNS.map((c) => [
              c.key === 'amount' && (
                <th key="counts-as" scope="col">
                  Counts as
                </th>
              ),
              <th
                key={c.key}
                scope="col"
                className={c.numeric ? 'num' : undefined}
                aria-sort={sort.key === c.key ? sort.direction : 'none'}
              >
                <button type="button" className="acct-sort" onClick={() => choose(c.key)}>
                  {c.label}
                  <span className="acct-sort-mark" aria-hidden="true">
                    {sort.key === c.key ? (sort.direction === 'ascending' ? '▲' : '▼') : ''}
                  </span>
                </button>
              </th>,
            ])}
          </tr>
        </thead>
        <tbody>
          {sorted.map((l) => (
            <tr key={l.job_id}>
              <td>{formatTimestamp(l.requested_at)}</td>
              <td>
                <ShownName name={l.customer.name} />
              </td>
              <td>
                <ShownName name={l.advertiser} />
              </td>
              <td>
                <code>{l.key_number}</code>
              </td>
              <td>{STAGE_WORDS[l.stage] ?? l.stage}</td>
              <td data-state={earningsStateOf(l)}>{STATE_WORDS[earningsStateOf(l)]}</td>
              <td className="num">{formatMoneyWithCode(l.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
