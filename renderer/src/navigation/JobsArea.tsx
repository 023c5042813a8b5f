/** The main area for jobs: the list and the open job, with the list's keys (only while jobs show). */
import { useWorkspaceKeys } from '../hooks/use-workspace-keys'
import { JobListPane } from '../components/JobListPane'
import { JobViewPane } from '../components/JobViewPane'

export function JobsArea() {
  useWorkspaceKeys()
  return (
    <>
      <JobListPane />
      <JobViewPane />
    </>
  )
}
