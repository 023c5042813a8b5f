/**
 * What came back: the job's deliveries (job.deliveries_detail, kept fresh by main's `job` event). While
 * one is still on its way (storing, processing, the check listening) the job is re-read every few
 * seconds, and a delivery event for this job re-reads it at once.
 */
import { useEffect } from 'react'
import type { BoothApi, JobDetail } from '../../../shared/bridge'
import { useBooth } from '../store/store-context'
import { DeliveryItem } from './DeliveryItem'
import { deliveryInMotion } from './delivery-words'
import { useTakes } from './takes-store'

/** How often a moving delivery's job is re-read: a take moves along within seconds, and the API's rate
 * limit (120 requests a minute per key, shared with everything else Booth does) allows this one 15. */
const MOTION_REFRESH_MS = 4000

export function DeliveriesPanel({ api, job }: { api: BoothApi; job: JobDetail }) {
  const reloadJob = useBooth((s) => s.reloadJob)
  const jobId = job.job_id
  const events = useTakes(api, (s) =>
    Object.values(s.lastDeliveryState)
      .filter((e) => e.jobId === jobId)
      .map((e) => `${e.takeId}:${e.status}:${e.deliveryId ?? ''}`)
      .sort()
      .join('|'),
  )
  const inMotion = job.deliveries_detail.some(deliveryInMotion)

  useEffect(() => {
    if (events) void reloadJob()
  }, [events, reloadJob])

  useEffect(() => {
    if (!inMotion) return
    const t = window.setInterval(() => void reloadJob(), MOTION_REFRESH_MS)
    return () => window.clearInterval(t)
  }, [inMotion, reloadJob])

  if (job.deliveries_detail.length === 0) return null
  const deliveries = [...job.deliveries_detail].sort((a, b) => b.created_at - a.created_at)
  return (
    <section className="side-section deliveries-panel" aria-labelledby="deliveries-title">
      <h3 id="deliveries-title" className="section-title">Delivered takes</h3>
      <ul className="plain-list">
        {deliveries.map((d) => (
          <DeliveryItem key={d.delivery_id} api={api} job={job} delivery={d} />
        ))}
      </ul>
    </section>
  )
}
