/** Small badges on a job: unopened, script changed, live read, spot cancelled, and the rate when known. */
import type { JobSummary } from '../../../shared/bridge'
import { formatMoney, formatMoneyWithCode } from '../ui/format/money'

export function JobFlags({ job }: { job: JobSummary }) {
  return (
    <span className="flags">
      {job.unopened && <span className="tag tag-info">Unopened</span>}
      {job.script_changed && <span className="tag tag-warning">Script changed</span>}
      {job.live_read && <span className="tag tag-accent">Live read</span>}
      {job.spot_cancelled && <span className="tag tag-danger">Spot cancelled</span>}
      {job.rate && (
        <span className="tag tag-money" title={`Rate ${formatMoneyWithCode(job.rate)}`}>
          {formatMoney(job.rate)}
        </span>
      )}
    </span>
  )
}
