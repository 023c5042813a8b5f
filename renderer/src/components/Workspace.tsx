/**
 * The signed-in screen: the sidebar, then the main area — the jobs (list · job view) or one of the money
 * and account pages, as the store's `view` says. Keys: g then j/e/a/p/c/s, or Ctrl+1…6 (see navigation/).
 */
import { useEffect } from 'react'
import { useBooth } from '../store/store-context'
import { useViewKeys } from '../navigation/use-view-keys'
import { viewEntry } from '../navigation/views'
import { JobsArea } from '../navigation/JobsArea'
import { AccountArea } from '../navigation/AccountArea'
import { Sidebar } from './Sidebar'
import '../navigation/navigation.css'

export function Workspace() {
  useViewKeys()
  const { badge, jobOpen, view, bridge } = useBooth((s) => ({ badge: s.badgeCount, jobOpen: s.openJobId !== null, view: s.view, bridge: s.bridge }))
  useEffect(() => {
    const page = view === 'jobs' ? 'Booth' : `${viewEntry(view).label} · Booth`
    document.title = badge > 0 ? `(${badge}) ${page}` : page
  }, [badge, view])
  const layout = view === 'jobs' ? (jobOpen ? ' has-job' : '') : ' has-page'
  return (
    <div className={`workspace${layout}`}>
      <Sidebar />
      {view === 'jobs' ? <JobsArea /> : <AccountArea view={view} api={bridge} />}
    </div>
  )
}
