/** One job in the list: advertiser, key number, client and voice, length, kind, due, stage and flags. */
import type { JobSummary } from '../../../shared/bridge'
import { describeSpotLength, formatSpotLength } from '../format/spot-length'
import { KIND_LABELS, STAGE_LABELS } from '../format/job-labels'
import { DueBadge } from './DueBadge'
import { JobFlags } from './JobFlags'

interface Props {
  job: JobSummary
  today: string
  selected: boolean
  open: boolean
  onSelect(): void
}

export function JobRow({ job, today, selected, open, onSelect }: Props) {
  return (
    <li
      id={`job-row-${job.job_id}`}
      role="option"
      aria-selected={selected}
      className={`job-row${selected ? ' is-selected' : ''}${open ? ' is-open' : ''}${job.unopened ? ' is-unopened' : ''} due-row-${job.due_state}`}
      onClick={onSelect}
    >
      <div className="job-row-top">
        <span className="job-advertiser">{job.advertiser}</span>
        <span className="job-length" title={describeSpotLength(job.length_s)}>
          {formatSpotLength(job.length_s)}
        </span>
        <DueBadge job={job} today={today} />
      </div>
      <div className="job-row-mid">
        <span className="job-key">{job.key_number}</span>
        <span className="sep" aria-hidden="true">·</span>
        <span>{job.customer.name}</span>
        <span className="sep" aria-hidden="true">·</span>
        <span>{job.voice.name}</span>
      </div>
      <div className="job-row-bottom">
        <span className={`stage stage-${job.stage}`}>{STAGE_LABELS[job.stage]}</span>
        <span className="muted small">{KIND_LABELS[job.kind]}</span>
        <JobFlags job={job} />
      </div>
    </li>
  )
}
