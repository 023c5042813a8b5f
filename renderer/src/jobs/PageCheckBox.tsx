/** "Select all on this page": ticks or unticks every job shown; mixed when only some are ticked. */
import { useEffect, useRef } from 'react'
import { useBooth } from '../store/use-booth'

export function PageCheckBox() {
  const { onPage, checkedHere, checkPage } = useBooth((s) => {
    const items = s.jobList?.items ?? []
    return {
      onPage: items.length,
      checkedHere: items.filter((j) => s.checkedJobs.some((c) => c.job_id === j.job_id)).length,
      checkPage: s.checkPage,
    }
  })
  const ref = useRef<HTMLInputElement>(null)
  const all = onPage > 0 && checkedHere === onPage
  const some = checkedHere > 0 && !all
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = some
  }, [some])
  return (
    <label className="page-check small">
      <input
        ref={ref}
        type="checkbox"
        checked={all}
        onChange={() => checkPage(!all)}
        aria-checked={some ? 'mixed' : all}
      />
      Select all on this page
      <span className="muted page-check-hint" title="Ctrl-click (⌘-click) ticks one job, Shift-click ticks a range">
        · <kbd>x</kbd> ticks a job
      </span>
    </label>
  )
}
