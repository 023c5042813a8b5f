/**
 * The takes area of a job, mounted once in the job view: the recorder, the takes, the delivery queue and
 * what came back, with a hint while audio is dragged over the job (the jobs area handles the drop).
 */
import { useStore } from 'zustand'
import type { JobDetail } from '../../../shared/bridge'
import { useTakesApi } from './takes-api'
import { takesStoreFor } from './takes-store'
import { RecorderPanel } from './RecorderPanel'
import { TakesPanel } from './TakesPanel'
import { DeliveryQueuePanel } from './DeliveryQueuePanel'
import { DeliveriesPanel } from './DeliveriesPanel'
import { PanelBoundary } from '../components/PanelBoundary'
import './takes.css'

export function TakesColumn({ job }: { job: JobDetail }) {
  const api = useTakesApi()
  const dropOn = useStore(takesStoreFor(api), (s) => s.dropTarget)
  return (
    <div className={`takes-column${dropOn === job.job_id ? ' is-drop-target' : ''}`} data-drop-job={dropOn ?? undefined}>
      {dropOn === job.job_id && <div className="takes-drop-hint" aria-hidden="true">Drop audio to add it as a take</div>}
      <PanelBoundary name="recorder" resetKey={job.job_id}><RecorderPanel key={job.job_id} api={api} job={job} /></PanelBoundary>
      <PanelBoundary name="takes" resetKey={job.job_id}><TakesPanel api={api} job={job} /></PanelBoundary>
      <PanelBoundary name="delivery queue"><DeliveryQueuePanel api={api} /></PanelBoundary>
      <PanelBoundary name="deliveries" resetKey={job.job_id}><DeliveriesPanel api={api} job={job} /></PanelBoundary>
    </div>
  )
}
