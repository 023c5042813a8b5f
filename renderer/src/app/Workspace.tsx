/**
 * The signed-in screen: the sidebar, then the main area — the jobs (list · job view) or one of the money
 * and account pages, as the store's `view` says. Keys: g then j/e/a/p/c/s, or Ctrl+1…6 (see navigation/);
 * `?` lists every shortcut. With a job open below 1440 px wide (or after `\` on a wider screen) the
 * sidebar and list fold into a rail, so the script and the recorder get the window (reading/list-fold.ts).
 */
import { useEffect } from 'react'
import { useBooth } from '../store/use-booth'
import { useViewKeys } from './navigation/use-view-keys'
import { useEscLayers } from './navigation/use-esc-layers'
import { viewEntry } from '../ui/keyboard/views'
import { JobsArea } from './navigation/JobsArea'
import { AccountArea } from './navigation/AccountArea'
import { useReadingKeys } from '../reading/use-reading-keys'
import { ShortcutHelp } from '../ui/keyboard/ShortcutHelp'
import { Sidebar } from './Sidebar'
import { RecordingGuardDialog } from '../takes/RecordingGuardDialog'
import { useNoticeArrivals } from '../notifications/use-notice-opener'
import { useFoldState, useListFold } from '../reading/list-fold'
import { usePeekDismiss } from './layout/use-peek-dismiss'
import { JobsRail } from './layout/JobsRail'
import { DemoBanner } from './DemoBanner'
import './navigation/navigation.css'
import './layout/fold.css'
import '../script/reading/reading.css'

export function Workspace() {
  useViewKeys()
  useEscLayers()
  useNoticeArrivals()
  const { badge, openJobId, view, unreadable } = useBooth((s) => ({
    badge: s.badgeCount,
    openJobId: s.openJobId,
    view: s.view,
    // A job that could not be shown at all says so in its pane, and the list stays beside it (not folded away).
    unreadable: s.jobView === null && s.jobError !== null,
  }))
  const jobOpen = openJobId !== null
  const reading = view === 'jobs' && jobOpen && !unreadable
  const fold = useFoldState(reading)
  usePeekDismiss(fold.peeking, openJobId, view)
  useReadingKeys(reading)
  useEffect(() => {
    const page = view === 'jobs' ? 'Booth' : `${viewEntry(view).label} · Booth`
    document.title = badge > 0 ? `(${badge}) ${page}` : page
  }, [badge, view])
  const layout = view === 'jobs' ? (jobOpen ? ' has-job' : '') : ' has-page'
  const folded = fold.folded ? ` is-folded${fold.peeking ? ' is-peeking' : ''}` : ''
  return (
    <div className="workspace-frame">
      <DemoBanner />
      <div className={`workspace${layout}${folded}`}>
        {fold.folded && <JobsRail fold={fold} />}
        <Sidebar bell={!fold.folded} />
        {view === 'jobs' ? <JobsArea /> : <AccountArea view={view} />}
        <ShortcutHelp />
        <RecordingGuardDialog onStay={() => useListFold.getState().setPeek(false)} />
      </div>
    </div>
  )
}
