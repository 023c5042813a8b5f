/**
 * The main area for jobs: the list and the open job, with the list's keys (only while jobs show), and the
 * page-wide drop target: audio dropped on a job's row or on the open job becomes a take of that job; a
 * drop on a row opens that job, so the person sees the new take (or why a file was refused).
 */
import { useGuardLeave } from '../../takes/use-recording-guard'
import { useCallback } from 'react'
import { useWorkspaceKeys } from '../../jobs/use-workspace-keys'
import { JobListPane } from '../../jobs/JobListPane'
import { JobViewPane } from '../../jobs/view/JobViewPane'
import { PanelBoundary } from '../../ui/PanelBoundary'
import { useBooth, useBoothStore } from '../../store/use-booth'
import { useTakesStore } from '../../takes/takes-store'
import { scriptAtDrop, useTakeDrops } from '../../takes/use-take-drops'

export function JobsArea() {
  useWorkspaceKeys()
  const takes = useTakesStore()
  const store = useBoothStore()
  const guardLeave = useGuardLeave()
  const { openJobId, openJob } = useBooth((s) => ({ openJobId: s.openJobId, openJob: s.openJob }))
  const onFiles = useCallback(
    (jobId: string, files: File[]) => {
      // Read before anything changes the job on screen: the takes are read from the script shown at the drop.
      const script = scriptAtDrop(jobId, store.getState().jobView)
      if (jobId !== openJobId) guardLeave('open the job the files were dropped on', () => void openJob(jobId))
      void takes.getState().importFiles(jobId, files, script)
    },
    [takes, store, openJobId, openJob, guardLeave],
  )
  useTakeDrops(openJobId, onFiles, takes.getState().setDropTarget)
  return (
    <>
      <PanelBoundary name="job list" className="list-pane">
        <JobListPane />
      </PanelBoundary>
      <PanelBoundary name="job" resetKey={openJobId} className="job-pane">
        <JobViewPane />
      </PanelBoundary>
    </>
  )
}
