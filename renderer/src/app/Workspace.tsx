/**
 * The signed-in screen: the sidebar, then the main area — the jobs (list · job view) or one of the money
 * and account pages, as the store's `view` says. Keys: g then j/e/a/p/c/s, or Ctrl+1…6 (see navigation/);
 * `?` lists every shortcut; with a job open, `\` tucks the sidebar and list away (reading mode).
 */
import { useEffect } from 'react'
import { useBooth } from '../store/use-booth'
import { useViewKeys } from './navigation/use-view-keys'
import { viewEntry } from './navigation/views'
import { JobsArea } from './navigation/JobsArea'
import { AccountArea } from './navigation/AccountArea'
import { useReadingLayout } from '../script/reading/use-reading-layout'
import { useReadingKeys } from '../script/reading/use-reading-keys'
import { ShortcutHelp } from '../ui/keyboard/ShortcutHelp'
import { Sidebar } from './Sidebar'
import { RecordingGuardDialog } from '../takes/RecordingGuardDialog'
import { useNoticeArrivals } from '../notifications/use-notice-opener'
import './navigation/navigation.css'
import '../script/reading/reading.css'

export function Workspace() {
  useViewKeys()
  useNoticeArrivals()
  const { badge, jobOpen, view } = useBooth((s) => ({ badge: s.badgeCount, jobOpen: s.openJobId !== null, view: s.view }))
  const collapsed = useReadingLayout((s) => s.listCollapsed)
  useReadingKeys(view === 'jobs' && jobOpen)
  useEffect(() => {
    const page = view === 'jobs' ? 'Booth' : `${viewEntry(view).label} · Booth`
    document.title = badge > 0 ? `(${badge}) ${page}` : page
  }, [badge, view])
  const reading = view === 'jobs' && jobOpen
  const layout = view === 'jobs' ? (jobOpen ? ' has-job' : '') : ' has-page'
  return (
    <div className={`workspace${layout}${reading && collapsed ? ' is-collapsed' : ''}`}>
      <Sidebar />
      {view === 'jobs' ? <JobsArea /> : <AccountArea view={view} />}
      <ShortcutHelp />
      <RecordingGuardDialog />
    </div>
  )
}
