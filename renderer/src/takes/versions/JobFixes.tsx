/**
 * Fixing a job's takes, under its takes list (mounted by TakesPanel): pickups dropped from elsewhere,
 * the proofer's pickup list as cards, and the comp grid.
 */
import type { JobDetail } from '../../../../shared/bridge'
import { PanelBoundary } from '../../ui/PanelBoundary'
import { CompSection } from './CompSection'
import { PickupCards } from './PickupCards'
import { PickupDrop } from './PickupDrop'
import './versions.css'

export function JobFixes({ job }: { job: JobDetail }) {
  return (
    <PanelBoundary name="fixing takes" resetKey={job.job_id}>
      <div className="job-fixes">
        <CompSection job={job} />
        <PickupDrop job={job} />
        <PickupCards job={job} />
      </div>
    </PanelBoundary>
  )
}
