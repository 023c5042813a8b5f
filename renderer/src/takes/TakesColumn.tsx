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
import './takes.css'

export function TakesColumn({ job }: { job: JobDetail }) {
  const api = useTakesApi()
  const dropOn = useStore(takesStoreFor(api), (s) => s.dropTarget)
  return (
    <div className={`takes-column${dropOn === job.job_id ? ' is-drop-target' : ''}`} data-drop-job={dropOn ?? undefined}>
      {dropOn === job.job_id && <div className="takes-drop-hint" aria-hidden="true">Drop audio to add it as a take</div>}
      <RecorderPanel key={job.job_id} api={api} job={job} />
      <TakesPanel api={api} job={job} />
      <DeliveryQueuePanel api={api} />
      <DeliveriesPanel api={api} job={job} />
    </div>
  )
}
