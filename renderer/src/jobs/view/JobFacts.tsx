/** The job's who, what and when in full: client, voice, producer, agency, rate, due dates, flight, traffic, talent. */
import type { ReactNode } from 'react'
import type { JobDetail } from '../../../../shared/bridge'
import { formatCalendarDate } from '../../ui/format/calendar-dates'
import { formatMoneyWithCode } from '../../ui/format/money'
import { ShownName } from '../../ui/ShownName'
import { changesRequestState } from './changes-request-state'

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}

export function JobFacts({ job, today }: { job: JobDetail; today: string }) {
  const date = (d: string | null) => (d ? formatCalendarDate(d, today) : '—')
  return (
    <section className="side-section job-facts" aria-labelledby="job-facts-title">
      <h3 id="job-facts-title" className="section-title">
        About this job
      </h3>
      <dl className="facts">
        <Fact label="Client">
          <ShownName name={job.customer.name} />
        </Fact>
        <Fact label="Voice">
          <ShownName name={job.voice.name} />
        </Fact>
        <Fact label="Producer">
          {job.producer ? (
            <>
              <ShownName name={job.producer.name} />
              {job.producer.email && <ShownName className="muted block" name={job.producer.email} />}
            </>
          ) : job.producer_name ? (
            <ShownName name={job.producer_name} />
          ) : (
            '—'
          )}
        </Fact>
        <Fact label="Agency">{job.agency ? <ShownName name={job.agency} /> : '—'}</Fact>
        <Fact label="Rate">{job.rate ? formatMoneyWithCode(job.rate) : 'Not shown'}</Fact>
        {job.due_date && <Fact label="Due">{date(job.due_date)}</Fact>}
        {job.changes_due &&
          (job.changes_request ? changesRequestState(job) === 'open' : job.stage === 'changes_requested') && (
            <Fact label="Changes due">{date(job.changes_due)}</Fact>
          )}
        <Fact label="Flight starts">{date(job.flight_start)}</Fact>
        {job.reference && (
          <Fact label="Reference">
            <ShownName name={job.reference} />
          </Fact>
        )}
        {job.other_talent.length > 0 && (
          <Fact label="Other talent">
            <ShownName name={job.other_talent.join(', ')} />
          </Fact>
        )}
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
    </section>
  )
}
