/**
 * Tabs and filters with their counts, the money and account pages, then the account, connection and
 * theme. Every item says its keys (g then a letter, or Ctrl/Cmd + a digit).
 */
import { useGuardLeave } from '../takes/use-recording-guard'
import { NoticeCentre } from '../notifications/NoticeCentre'
import { JOB_FILTERS, JOB_TABS, type JobCounts, type JobListQuery } from '../../../shared/bridge'
import { useBooth } from '../store/use-booth'
import { FILTER_LABELS, TAB_LABELS } from '../ui/format/job-labels'
import { VIEW_ENTRIES, shortcutText, viewEntry } from '../ui/keyboard/views'
import { isMac } from '../ui/keyboard/platform'
import { AccountPanel } from '../session/AccountPanel'
import { ThemeToggle } from '../ui/theme/ThemeToggle'
import { ConnectivityStatus } from '../ui/ConnectivityStatus'
import { PanelBoundary } from '../ui/PanelBoundary'

type Filter = JobListQuery['filter']

function filterCount(counts: JobCounts, filter: Filter): number {
  return filter === 'all' ? counts.pending : counts[filter]
}

const URGENT: ReadonlySet<Filter> = new Set(['overdue', 'due_today'])
const PAGES = VIEW_ENTRIES.filter((e) => e.view !== 'jobs')

/** aria-keyshortcuts wants "G E Control+2" (or "Meta+2" on a Mac). */
const ariaKeys = (letter: string, digit: number, mac: boolean) =>
  `G ${letter.toUpperCase()} ${mac ? 'Meta' : 'Control'}+${digit}`

/** `bell`: false while the rail (which then carries the bell) stands in for the sidebar. */
export function Sidebar({ bell = true }: { bell?: boolean }) {
  const { tab, filter, counts, view, setQuery, setView } = useBooth((s) => ({
    tab: s.query.tab,
    filter: s.query.filter,
    counts: s.jobList?.counts ?? null,
    view: s.view,
    setQuery: s.setQuery,
    setView: s.setView,
  }))
  const guardLeave = useGuardLeave()
  const mac = isMac()
  const onJobs = view === 'jobs'
  const jobs = viewEntry('jobs')
  const showJobs = (patch: Partial<JobListQuery>) => {
    setView('jobs')
    setQuery(patch)
  }
  return (
    <aside className="sidebar" aria-label="Booth">
      <div className="brand">
        <span className="brand-mark" aria-hidden="true" />
        <span className="brand-name">Booth</span>
        {bell && <NoticeCentre />}
      </div>
      <nav aria-label="Job lists">
        <h2 className="nav-heading" title={`Jobs: ${shortcutText(jobs, mac)}`}>
          Jobs{' '}
          <kbd className="nav-keys" aria-hidden="true">
            g {jobs.letter}
          </kbd>
        </h2>
        <ul className="nav-list">
          {JOB_TABS.map((t, i) => (
            <li key={t}>
              <button
                type="button"
                className="nav-item"
                aria-current={onJobs && tab === t ? 'page' : undefined}
                aria-keyshortcuts={i === 0 ? ariaKeys(jobs.letter, jobs.digit, mac) : undefined}
                onClick={() => showJobs({ tab: t, filter: 'all' })}
              >
                <span>{TAB_LABELS[t]}</span>
                {counts && (
                  <span className="count" aria-label={`${counts[t]} jobs`}>
                    {counts[t]}
                  </span>
                )}
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
                  aria-pressed={onJobs && filter === f}
                  onClick={() => showJobs({ filter: f })}
                >
                  <span>{FILTER_LABELS[f]}</span>
                  {n !== null && (
                    <span className="count" aria-label={`${n} jobs`}>
                      {n}
                    </span>
                  )}
                </button>
              </li>
            )
          })}
        </ul>
      </nav>
      <nav aria-label="Money and account">
        <h2 className="nav-heading">Money and account</h2>
        <ul className="nav-list">
          {PAGES.map((p) => (
            <li key={p.view}>
              <button
                type="button"
                className="nav-item"
                aria-current={view === p.view ? 'page' : undefined}
                aria-keyshortcuts={ariaKeys(p.letter, p.digit, mac)}
                title={shortcutText(p, mac)}
                onClick={() => (p.view === view ? undefined : guardLeave(`go to ${p.label}`, () => setView(p.view)))}
              >
                <span>{p.label}</span>
                <kbd className="nav-keys" aria-hidden="true">
                  g {p.letter}
                </kbd>
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <div className="sidebar-foot">
        <ConnectivityStatus />
        <PanelBoundary name="account">
          <AccountPanel />
        </PanelBoundary>
        <ThemeToggle />
      </div>
    </aside>
  )
}
