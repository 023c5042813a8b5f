/** Chooses the screen: connecting, the sign-in view, or the jobs workspace. */
import { useEffect } from 'react'
import { useBooth } from './store/store-context'
import { SignInView } from './components/SignInView'
import { Workspace } from './components/Workspace'
import { StartupProblem } from './components/StartupProblem'

export function App() {
  const { mode, error, busy, loadSession } = useBooth((s) => ({
    mode: s.session?.mode ?? null,
    error: s.sessionError,
    busy: s.sessionBusy,
    loadSession: s.loadSession,
  }))

  useEffect(() => {
    void loadSession()
  }, [loadSession])

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
  if (mode === 'signed_out' || mode === 'key_rejected') return <SignInView />
  return <Workspace />
}
