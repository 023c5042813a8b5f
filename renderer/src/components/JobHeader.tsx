/** The job's who, what and when: client, voice, producer, agency, rate, flight, traffic, talent, due dates. */
import type { ReactNode } from 'react'
import type { JobDetail } from '../../../shared/bridge'
import { useBooth } from '../store/store-context'
import { formatSpotLength, describeSpotLength } from '../format/spot-length'
import { formatCalendarDate } from '../format/calendar-dates'
import { formatMoneyWithCode } from '../format/money'
import { KIND_LABELS, STAGE_LABELS } from '../format/job-labels'
import { DueBadge } from './DueBadge'
import { JobFlags } from './JobFlags'
import { ShownName } from './ShownName'

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}

export function JobHeader({ job, today }: { job: JobDetail; today: string }) {
  const closeJob = useBooth((s) => s.closeJob)
  const date = (d: string | null) => (d ? formatCalendarDate(d, today) : '—')
  return (
    <header className="job-head">
      <div className="job-head-top">
        <div>
          <p className="eyebrow">
            <span className="job-key">{job.key_number}</span> · {KIND_LABELS[job.kind]} ·{' '}
            <span title={describeSpotLength(job.length_s)}>{formatSpotLength(job.length_s)}</span>
          </p>
          <h2 id="job-title" className="job-title"><ShownName name={job.advertiser} /></h2>
          <div className="job-head-badges">
            <span className={`stage stage-${job.stage}`}>{STAGE_LABELS[job.stage]}</span>
            <DueBadge job={job} today={today} long />
            <JobFlags job={job} />
          </div>
        </div>
        <button type="button" className="btn btn-quiet btn-icon" onClick={closeJob} aria-label="Close this job (Esc)" title="Close (Esc)">
          ✕
        </button>
      </div>
      <dl className="facts">
        <Fact label="Client"><ShownName name={job.customer.name} /></Fact>
        <Fact label="Voice"><ShownName name={job.voice.name} /></Fact>
        <Fact label="Producer">
          {job.producer ? (
            <>
              <ShownName name={job.producer.name} />
              {job.producer.email && <ShownName className="muted block" name={job.producer.email} />}
            </>
          ) : (
            (job.producer_name ? <ShownName name={job.producer_name} /> : '—')
          )}
        </Fact>
        <Fact label="Agency">{job.agency ? <ShownName name={job.agency} /> : '—'}</Fact>
        <Fact label="Rate">{job.rate ? formatMoneyWithCode(job.rate) : 'Not shown'}</Fact>
        <Fact label="Due">{date(job.due_date)}</Fact>
        {job.changes_due && <Fact label="Changes due">{date(job.changes_due)}</Fact>}
        <Fact label="Flight starts">{date(job.flight_start)}</Fact>
        {job.reference && <Fact label="Reference"><ShownName name={job.reference} /></Fact>}
        {job.other_talent.length > 0 && <Fact label="Other talent"><ShownName name={job.other_talent.join(', ')} /></Fact>}
        {job.traffic.length > 0 && (
          <Fact label="Traffic">
            <ul className="traffic">
              {job.traffic.map((t, i) => (
                <li key={`${t.cart_id ?? 'cart'}-${i}`}>
                  <span className="job-key">{t.cart_id ?? 'No cart id'}</span>{' '}
                  <span className="muted">
                    {t.start_date ? date(t.start_date) : 'open start'} – {t.end_date ? date(t.end_date) : 'open end'}
                  </span>
                </li>
              ))}
            </ul>
          </Fact>
        )}
      </dl>
    </header>
  )
}
