/** What happened to the job, newest first, each take named as Booth names it (timeline-words.ts). */
import type { JobDetail } from '../../../../shared/bridge'
import { formatTimestamp } from '../../ui/format/calendar-dates'
import { useTakes } from '../../takes/takes-store'
import { timelineWords } from './timeline-words'

const ACTOR = { talent: 'You', producer: 'Producer', system: 'Booth platform', unknown: 'Unknown' } as const

const NO_TAKES: never[] = []

export function JobTimeline({ job }: { job: Pick<JobDetail, 'job_id' | 'timeline' | 'deliveries_detail'> }) {
  const takes = useTakes((s) => s.byJob[job.job_id]?.takes) ?? NO_TAKES
  const entries = job.timeline
  if (!entries.length) return null
  const sorted = [...entries].sort((a, b) => b.at - a.at)
  return (
    <section className="side-section" aria-labelledby="timeline-title">
      <h3 id="timeline-title" className="section-title">
        Timeline
      </h3>
      <ol className="timeline">
        {sorted.map((e, i) => (
          <li key={`${e.at}-${i}`} className={`tl-${e.kind}`}>
            <span className="tl-dot" aria-hidden="true" />
            <div>
              <div>{timelineWords(e.label, job.deliveries_detail, takes)}</div>
              <div className="muted small">
                {ACTOR[e.actor]} · {formatTimestamp(e.at)}
              </div>
            </div>
          </li>
        ))}
      </ol>
    </section>
  )
}
