/** The middle column: search, offline banner, bulk actions on ticked jobs, the list of jobs, paging. */
import { useGuardLeave } from '../takes/use-recording-guard'
import { useEffect, useRef } from 'react'
import { useBooth } from '../store/use-booth'
import { FILTER_LABELS, TAB_LABELS } from '../ui/format/job-labels'
import { JOB_LIST_ID } from '../ui/dom-ids'
import { JobSearchBox } from './JobSearchBox'
import { JobPartyFilters } from './JobPartyFilters'
import { OfflineBanner } from './OfflineBanner'
import { JobRow } from './JobRow'
import { UnreadableJobRow } from './UnreadableJobRow'
import { listRows } from './list-rows'
import type { JobSummary } from '../../../shared/bridge'
import { PagingBar } from './PagingBar'
import { PageCheckBox } from './PageCheckBox'
import { SelectionBar } from './bulk/SelectionBar'

export function JobListPane() {
  const {
    query,
    view,
    loading,
    error,
    selected,
    openId,
    checked,
    selectJob,
    openJob,
    loadJobs,
    toggleCheck,
    checkRangeTo,
  } = useBooth((s) => ({
    query: s.query,
    view: s.jobList,
    loading: s.jobListLoading,
    error: s.jobListError,
    selected: s.selectedJobId,
    openId: s.openJobId,
    checked: s.checkedJobs,
    selectJob: s.selectJob,
    toggleCheck: s.toggleCheck,
    checkRangeTo: s.checkRangeTo,
    openJob: s.openJob,
    loadJobs: s.loadJobs,
  }))
  const listRef = useRef<HTMLUListElement>(null)
  const guardLeave = useGuardLeave()

  useEffect(() => {
    if (!selected) return
    document.getElementById(`job-row-${selected}`)?.scrollIntoView({ block: 'nearest' })
  }, [selected])

  const title =
    query.filter === 'all' ? TAB_LABELS[query.tab] : `${TAB_LABELS[query.tab]} · ${FILTER_LABELS[query.filter]}`
  const items = view?.items ?? []
  const rows = listRows(items, view?.unreadable)
  const jobRow = (job: JobSummary) => (
    <JobRow
      key={job.job_id}
      job={job}
      selected={job.job_id === selected}
      open={job.job_id === openId}
      checked={checked.some((c) => c.job_id === job.job_id)}
      onToggleCheck={() => {
        selectJob(job.job_id)
        toggleCheck(job.job_id)
        listRef.current?.focus()
      }}
      onCheckRange={() => {
        selectJob(job.job_id)
        checkRangeTo(job.job_id)
        listRef.current?.focus()
      }}
      onSelect={() => {
        selectJob(job.job_id)
        if (job.job_id !== openId) guardLeave(`open ${job.advertiser}`, () => void openJob(job.job_id))
        listRef.current?.focus()
      }}
    />
  )
  return (
    <section className="list-pane" aria-labelledby="list-title">
      <header className="pane-head">
        <h1 id="list-title" className="pane-title">
          {title}
          {view && <span className="pane-count">{view.total}</span>}
        </h1>
        <JobSearchBox />
        <JobPartyFilters />
      </header>
      <OfflineBanner />
      <SelectionBar />
      {error && (
        <div className="notice notice-danger" role="alert">
          <p>{error}</p>
          <button type="button" className="btn btn-small" onClick={() => void loadJobs()}>
            Try again
          </button>
        </div>
      )}
      {items.length > 0 && <PageCheckBox />}
      <div className="list-scroll" aria-busy={loading}>
        {view && rows.length === 0 && !loading ? (
          <p className="empty-state">{query.q ? `No jobs match “${query.q}”.` : 'Nothing here right now.'}</p>
        ) : (
          <ul
            id={JOB_LIST_ID}
            ref={listRef}
            className="job-list"
            role="listbox"
            aria-label={`${title} jobs`}
            aria-multiselectable="true"
            tabIndex={0}
            aria-activedescendant={selected ? `job-row-${selected}` : undefined}
          >
            {rows.map((row) =>
              row.kind === 'unreadable' ? (
                <UnreadableJobRow key={`unreadable-${row.row.position}`} job={row.row} />
              ) : (
                jobRow(row.job)
              ),
            )}
          </ul>
        )}
        {!view && loading && (
          <p className="empty-state" role="status">
            Loading jobs…
          </p>
        )}
      </div>
      {view && <PagingBar total={view.total} page={query.page} pageSize={query.page_size} />}
    </section>
  )
}
