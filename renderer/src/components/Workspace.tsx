/** The signed-in screen: sidebar (tabs, filters, account) · job list · job view. */
import { useEffect } from 'react'
import { useBooth } from '../store/store-context'
import { useWorkspaceKeys } from '../hooks/use-workspace-keys'
import { Sidebar } from './Sidebar'
import { JobListPane } from './JobListPane'
import { JobViewPane } from './JobViewPane'

export function Workspace() {
  useWorkspaceKeys()
  const { badge, jobOpen } = useBooth((s) => ({ badge: s.badgeCount, jobOpen: s.openJobId !== null }))
  useEffect(() => {
    document.title = badge > 0 ? `(${badge}) Booth` : 'Booth'
  }, [badge])
  return (
    <div className={`workspace${jobOpen ? ' has-job' : ''}`}>
      <Sidebar />
      <JobListPane />
      <JobViewPane />
    </div>
  )
}
