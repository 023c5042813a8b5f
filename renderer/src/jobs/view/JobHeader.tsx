/**
 * The open job's title bar, kept short so the script and the recorder get the height: key, kind, length,
 * advertiser, stage and due badges, and the reading-mode controls (hide the list, shortcuts, close).
 * Who, what and when in full are in JobFacts, beside the takes.
 */
import { useGuardLeave } from '../../takes/use-recording-guard'
import type { JobDetail } from '../../../../shared/bridge'
import { useBooth } from '../../store/use-booth'
import { formatSpotLength, describeSpotLength } from '../../ui/format/spot-length'
import { KIND_LABELS, STAGE_LABELS } from '../../ui/format/job-labels'
import { listToggleLabel, toggleListFold, useFoldState, useListFold } from '../../reading/list-fold'
import { useShortcutHelp } from '../../ui/keyboard/shortcut-help-store'
import { DueBadge } from '../DueBadge'
import { JobFlags } from '../JobFlags'
import { ShownName } from '../../ui/ShownName'

export function JobHeader({ job }: { job: JobDetail }) {
  const closeJob = useBooth((s) => s.closeJob)
  const guardLeave = useGuardLeave()
  const fold = useFoldState(true)
  const narrow = useListFold((s) => s.narrow)
  const toggleLabel = listToggleLabel(fold, narrow)
  const openHelp = useShortcutHelp((s) => s.show)
  return (
    <header className="job-head">
      <div className="job-head-top">
        <button
          type="button"
          className="btn btn-quiet btn-icon list-toggle"
          data-list-toggle
          onClick={toggleListFold}
          aria-pressed={fold.folded && !fold.peeking}
          aria-label={toggleLabel}
          title={toggleLabel}
        >
          <span aria-hidden="true">{fold.folded && !fold.peeking ? '»' : '«'}</span>
        </button>
        <div className="job-head-text">
          <p className="eyebrow">
            <span className="job-key">{job.key_number}</span> · {KIND_LABELS[job.kind]} ·{' '}
            <span title={describeSpotLength(job.length_s)}>{formatSpotLength(job.length_s)}</span>
          </p>
          <h2 id="job-title" className="job-title">
            <ShownName name={job.advertiser} />
          </h2>
        </div>
        <div className="job-head-badges">
          <span className={`stage stage-${job.stage}`}>{STAGE_LABELS[job.stage]}</span>
          <DueBadge job={{ ...job, changes_due: job.changes_due ?? job.changes_request?.needed_by ?? null }} long />
          <JobFlags job={job} />
        </div>
        <div className="job-head-actions">
          <button
            type="button"
            className="btn btn-quiet btn-icon"
            onClick={openHelp}
            aria-label="Keyboard shortcuts (?)"
            title="Keyboard shortcuts (?)"
          >
            ?
          </button>
          <button
            type="button"
            className="btn btn-quiet btn-icon"
            onClick={() => guardLeave('close this job', closeJob)}
            aria-label="Close this job (Esc)"
            title="Close (Esc)"
          >
            ✕
          </button>
        </div>
      </div>
    </header>
  )
}
