/**
 * The takes area of a job, mounted once in the job view: the recorder, the takes, the delivery queue and
 * what came back — and the drop target that turns audio files dropped on the job (or a job's row) into takes.
 */
import { useCallback } from 'react'
import type { JobDetail } from '../../../shared/bridge'
import { useTakesApi } from './takes-api'
import { takesStoreFor } from './takes-store'
import { useTakeDrops } from './use-take-drops'
import { RecorderPanel } from './RecorderPanel'
import { TakesPanel } from './TakesPanel'
import { DeliveryQueuePanel } from './DeliveryQueuePanel'
import { DeliveriesPanel } from './DeliveriesPanel'
import './takes.css'

export function TakesColumn({ job }: { job: JobDetail }) {
  const api = useTakesApi()
  const onFiles = useCallback((jobId: string, files: File[]) => void takesStoreFor(api).getState().importFiles(jobId, files), [api])
  const dropOn = useTakeDrops(job.job_id, onFiles)
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
