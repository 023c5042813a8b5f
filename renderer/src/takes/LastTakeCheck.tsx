/**
 * The newest take's check, under the record button, so a take that runs long or clips is seen without
 * looking for it in the takes list; and its player (`h`), to hear it at once.
 */
import type { JobDetail } from '../../../shared/bridge'
import { PreflightSummary } from './PreflightSummary'
import { LastTakePlayer } from './LastTakePlayer'
import { takeName, deliveredPreflight } from './take-numbers'
import { useTakes } from './takes-store'
import { TakeNameText } from './TakeNameText'

export function LastTakeCheck({ job }: { job: JobDetail }) {
  const takes = useTakes((s) => s.byJob[job.job_id]?.takes ?? null)
  const newest = takes && takes.length > 0 ? takes.reduce((a, b) => (b.take_number > a.take_number ? b : a)) : null
  // A take just stopped shows its check at once, while its file is still being saved.
  if (!newest || (newest.state === 'recording' && !newest.saving)) return null
  return (
    <section className="last-take" aria-label="Last take's check">
      <div className="last-take-head">
        <p className="small last-take-name">
          <span className="muted">Last take </span>
          <strong className="take-name">
            <TakeNameText name={takeName(newest)} />
          </strong>
          {newest.saving && (
            <span className="muted last-take-saving" role="status">
              {' '}
              · Saving…
            </span>
          )}
        </p>
        <LastTakePlayer key={newest.id} take={newest} />
      </div>
      <PreflightSummary
        preflight={deliveredPreflight(newest)}
        context={{ spotLengthS: newest.spot_length_s ?? job.length_s, jobKind: newest.job_kind }}
        take={newest.saving ? undefined : { id: newest.id, customerId: job.customer.id }}
      />
    </section>
  )
}
