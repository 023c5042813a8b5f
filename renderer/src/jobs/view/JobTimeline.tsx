/** What happened to the job, newest first. */
import type { JobDetail } from '../../../../shared/bridge'
import { formatTimestamp } from '../../ui/format/calendar-dates'

const ACTOR = { talent: 'You', producer: 'Producer', system: 'Booth platform', unknown: 'Unknown' } as const

export function JobTimeline({ entries }: { entries: JobDetail['timeline'] }) {
  if (!entries.length) return null
  const sorted = [...entries].sort((a, b) => b.at - a.at)
  return (
    <section className="side-section" aria-labelledby="timeline-title">
      <h3 id="timeline-title" className="section-title">Timeline</h3>
      <ol className="timeline">
        {sorted.map((e, i) => (
          <li key={`${e.at}-${i}`} className={`tl-${e.kind}`}>
            <span className="tl-dot" aria-hidden="true" />
            <div>
              <div>{e.label}</div>
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
