/**
 * The takes area of a job, in two parts the job view places apart: the recorder (which stays in view
 * beside the script) and, in their own scroll area, the takes, the delivery queue and what came back,
 * with a hint while audio is dragged over the job (the jobs area handles the drop).
 */
import { useStore } from 'zustand'
import type { JobDetail } from '../../../shared/bridge'
import { useTakesStore } from './takes-store'
import { RecorderPanel } from './RecorderPanel'
import { TakesPanel } from './TakesPanel'
import { DeliveryQueuePanel } from './delivery/DeliveryQueuePanel'
import { DeliveriesPanel } from './delivery/DeliveriesPanel'
import { PanelBoundary } from '../ui/PanelBoundary'
import { LastTakeCheck } from './LastTakeCheck'
import { DeliveryStatusLine } from './delivery/DeliveryStatusLine'
import { PunchPanel } from './punch/PunchPanel'
import './takes.css'

export function TakesRecorder({ job }: { job: JobDetail }) {
  return (
    <div className="recorder-dock">
      <RecorderPanel key={job.job_id} job={job} />
      <DeliveryStatusLine job={job} />
      <PanelBoundary name="punch-and-roll" resetKey={job.job_id}>
        <PunchPanel key={job.job_id} job={job} />
      </PanelBoundary>
      <LastTakeCheck job={job} />
    </div>
  )
}

export function TakesColumn({ job }: { job: JobDetail }) {
  const dropOn = useStore(useTakesStore(), (s) => s.dropTarget)
  return (
    <div
      className={`takes-column${dropOn === job.job_id ? ' is-drop-target' : ''}`}
      data-drop-job={dropOn ?? undefined}
    >
      {dropOn === job.job_id && (
        <div className="takes-drop-hint" aria-hidden="true">
          Drop audio to add it as a take
        </div>
      )}
      <PanelBoundary name="takes" resetKey={job.job_id}>
        <TakesPanel job={job} />
      </PanelBoundary>
      <PanelBoundary name="delivery queue">
        <DeliveryQueuePanel />
      </PanelBoundary>
      <PanelBoundary name="deliveries" resetKey={job.job_id}>
        <DeliveriesPanel job={job} />
      </PanelBoundary>
    </div>
  )
}
