/**
 * Opening a notice's job (from the centre's list or a browser notification) and listening for arrivals.
 * Arrivals are listened for once, by the workspace, whichever bell shows (the sidebar's or the rail's).
 */
import { useCallback, useEffect } from 'react'
import { useBooth } from '../store/use-booth'
import { useGuardLeave } from '../takes/use-recording-guard'
import { useNoticesStore } from './notices-store'
import { showInBrowser } from './browser-notifications'

/** Goes to the jobs, opens the notice's job and marks the notices read; `after` runs once it is done. */
export function useOpenNotice(): (jobId: string, ids: string[], after?: () => void) => void {
  const notices = useNoticesStore()
  const { openJob, setView } = useBooth((s) => ({ openJob: s.openJob, setView: s.setView }))
  const guardLeave = useGuardLeave()
  return useCallback(
    (jobId, ids, after) =>
      guardLeave('open the job of this notification', () => {
        setView('jobs')
        void openJob(jobId)
        void notices.getState().markRead(ids)
        after?.()
      }),
    [notices, openJob, setView, guardLeave],
  )
}

/** In the web host, each notice that arrives while the window is open also shows as a browser notification. */
export function useNoticeArrivals(): void {
  const notices = useNoticesStore()
  const openNotice = useOpenNotice()
  useEffect(() => {
    notices.setState({ onArrival: (n) => showInBrowser(n, (jobId) => openNotice(jobId, [n.id])) })
    return () => notices.setState({ onArrival: null })
  }, [notices, openNotice])
}
