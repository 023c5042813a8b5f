/** Tabs and filters with their counts, then the account, connection and theme. */
import { JOB_FILTERS, JOB_TABS, type JobCounts, type JobListQuery } from '../../../shared/bridge'
import { useBooth } from '../store/store-context'
import { FILTER_LABELS, TAB_LABELS } from '../format/job-labels'
import { AccountPanel } from './AccountPanel'
import { ThemeToggle } from './ThemeToggle'
import { ConnectivityStatus } from './ConnectivityStatus'

type Filter = JobListQuery['filter']

function filterCount(counts: JobCounts, filter: Filter): number {
  return filter === 'all' ? counts.pending : counts[filter]
}

const URGENT: ReadonlySet<Filter> = new Set(['overdue', 'due_today'])

export function Sidebar() {
  const { tab, filter, counts, setQuery } = useBooth((s) => ({
    tab: s.query.tab,
    filter: s.query.filter,
    counts: s.jobList?.counts ?? null,
    setQuery: s.setQuery,
  }))
  return (
    <aside className="sidebar" aria-label="Booth">
      <div className="brand">
        <span className="brand-mark" aria-hidden="true" />
        <span className="brand-name">Booth</span>
      </div>
      <nav aria-label="Job lists">
        <h2 className="nav-heading">Jobs</h2>
        <ul className="nav-list">
          {JOB_TABS.map((t) => (
            <li key={t}>
              <button
                type="button"
                className="nav-item"
                aria-current={tab === t ? 'page' : undefined}
                onClick={() => setQuery({ tab: t, filter: 'all' })}
              >
                <span>{TAB_LABELS[t]}</span>
                {counts && <span className="count" aria-label={`${counts[t]} jobs`}>{counts[t]}</span>}
              </button>
            </li>
          ))}
        </ul>
        <h2 className="nav-heading">Show</h2>
        <ul className="nav-list">
          {JOB_FILTERS.map((f) => {
            const n = counts && tab === 'pending' ? filterCount(counts, f) : null
            return (
              <li key={f}>
                <button
                  type="button"
                  className={`nav-item${URGENT.has(f) && n ? ' urgent' : ''}`}
                  aria-pressed={filter === f}
                  onClick={() => setQuery({ filter: f })}
                >
                  <span>{FILTER_LABELS[f]}</span>
                  {n !== null && <span className="count" aria-label={`${n} jobs`}>{n}</span>}
                </button>
              </li>
            )
          })}
        </ul>
      </nav>
      <div className="sidebar-foot">
        <ConnectivityStatus />
        <AccountPanel />
        <ThemeToggle />
      </div>
    </aside>
  )
}
