/**
 * One job in the list: a tick box for bulk actions, advertiser, key number, client and voice, length,
 * kind, due, stage and flags. Click opens; Ctrl/Cmd-click ticks; Shift-click ticks a range.
 */
import type { MouseEvent } from 'react'
import type { JobSummary } from '../../../shared/bridge'
import { describeSpotLength, formatSpotLength } from '../ui/format/spot-length'
import { KIND_LABELS, STAGE_LABELS } from '../ui/format/job-labels'
import { jobName } from '../ui/format/action-words'
import { DueBadge } from './DueBadge'
import { owesAudio } from '../../../shared/job-due'
import { JobFlags } from './JobFlags'
import { LeftOutRowMark } from './view/LeftOutNote'
import { ShownName } from '../ui/ShownName'
import { useBooth } from '../store/use-booth'

interface Props {
  job: JobSummary
  selected: boolean
  open: boolean
  checked: boolean
  onSelect(): void
  onToggleCheck(): void
  onCheckRange(): void
}

export function JobRow({ job, selected, open, checked, onSelect, onToggleCheck, onCheckRange }: Props) {
  const search = useBooth((s) => s.query.q)
  const onClick = (e: MouseEvent) => {
    if (e.shiftKey) {
      e.preventDefault()
      onCheckRange()
    } else if (e.ctrlKey || e.metaKey) {
      e.preventDefault()
      onToggleCheck()
    } else onSelect()
  }
  return (
    <li
      id={`job-row-${job.job_id}`}
      role="option"
      aria-selected={selected}
      aria-checked={checked}
      className={
        `job-row${selected ? ' is-selected' : ''}${open ? ' is-open' : ''}${checked ? ' is-checked' : ''}${job.unopened ? ' is-unopened' : ''} ` +
        `due-row-${owesAudio(job) ? job.due_state : 'none'}`
      }
      onClick={onClick}
    >
      <input
        type="checkbox"
        className="job-check"
        tabIndex={-1}
        checked={checked}
        aria-label={`Select ${jobName(job)}`}
        onClick={(e) => {
          e.stopPropagation()
          if (e.shiftKey) onCheckRange()
          else onToggleCheck()
        }}
        onChange={() => undefined}
      />
      <div className="job-row-body">
        <div className="job-row-top">
          <ShownName className="job-advertiser" name={job.advertiser} highlight={search} />
          <span className="job-length" title={describeSpotLength(job.length_s)}>
            {formatSpotLength(job.length_s)}
          </span>
          <DueBadge job={job} />
        </div>
        <div className="job-row-mid">
          <ShownName className="job-key" name={job.key_number} highlight={search} />
          <span className="sep" aria-hidden="true">
            ·
          </span>
          <ShownName className="job-party" name={job.customer.name} highlight={search} />
          <span className="sep" aria-hidden="true">
            ·
          </span>
          <ShownName className="job-party" name={job.voice.name} />
        </div>
        <div className="job-row-bottom">
          <span className={`stage stage-${job.stage}`}>{STAGE_LABELS[job.stage]}</span>
          <span className="muted small">{KIND_LABELS[job.kind]}</span>
          <JobFlags job={job} />
          <LeftOutRowMark job={job} />
        </div>
      </div>
    </li>
  )
}
