/**
 * Chooses the screen: connecting, the sign-in view, or the workspace (whose main area shows jobs or a money
 * and account page). Signing out brings the next session back to the jobs.
 */
import { useEffect } from 'react'
import { useBooth } from '../store/use-booth'
import { SignInView } from '../session/SignInView'
import { Workspace } from './Workspace'
import { StartupProblem } from './StartupProblem'
import { SetAsideFilesNotice } from './SetAsideFilesNotice'
import { CutShortNotice } from '../takes/CutShortNotice'
import { HostGoneBanner } from '../ui/HostGoneBanner'

export function App() {
  const { mode, error, busy, loadSession, setView } = useBooth((s) => ({
    mode: s.session?.mode ?? null,
    error: s.sessionError,
    busy: s.sessionBusy,
    loadSession: s.loadSession,
    setView: s.setView,
  }))
  const signedOut = mode === 'signed_out' || mode === 'key_rejected'

  useEffect(() => {
    void loadSession()
  }, [loadSession])

  useEffect(() => {
    if (signedOut) setView('jobs')
  }, [signedOut, setView])

  if (mode === null) {
    return error && busy === null ? (
      <StartupProblem message={error} onRetry={() => void loadSession()} />
    ) : (
      <div className="splash" role="status">
        <span className="brand-mark" aria-hidden="true" />
        Connecting to Booth…
      </div>
    )
  }
  return (
    <>
      <HostGoneBanner />
      {signedOut ? <SignInView /> : <Workspace />}
      <SetAsideFilesNotice />
      {!signedOut && <CutShortNotice />}
    </>
  )
}
