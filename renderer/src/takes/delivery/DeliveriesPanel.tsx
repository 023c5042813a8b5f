/**
 * What came back: the job's deliveries. Main owns refreshing them: on mount (and when the job changes)
 * the panel asks main to watch this job's deliveries; each list main pushes (a `deliveries` event, re-read
 * every few seconds while one is on its way, and at once when Booth delivers a take) lands in the open
 * job's deliveries_detail through the booth store, which this panel shows.
 */
import { useEffect } from 'react'
import type { JobDetail } from '../../../../shared/bridge'
import { useBooth } from '../../store/use-booth'
import { DeliveryItem } from './DeliveryItem'

export function DeliveriesPanel({ job }: { job: JobDetail }) {
  const jobId = job.job_id
  const watchDeliveries = useBooth((s) => s.watchDeliveries)

  useEffect(() => {
    watchDeliveries(jobId)
    return () => watchDeliveries(null)
  }, [jobId, watchDeliveries])

  if (job.deliveries_detail.length === 0) return null
  const deliveries = [...job.deliveries_detail].sort((a, b) => b.created_at - a.created_at)
  return (
    <section className="side-section deliveries-panel" aria-labelledby="deliveries-title">
      <h3 id="deliveries-title" className="section-title">
        Delivered takes
      </h3>
      <ul className="plain-list">
        {deliveries.map((d) => (
          <DeliveryItem key={d.delivery_id} job={job} delivery={d} />
        ))}
      </ul>
    </section>
  )
}
