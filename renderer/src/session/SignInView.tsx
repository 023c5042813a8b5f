/** Signed out (or the key was rejected): sign in with a base URL and API key, or try the demo. */
import { useId, useState, type FormEvent } from 'react'
import { useBooth } from '../store/use-booth'
import { checkSignInForm } from './sign-in-form'

export function SignInView() {
  const { session, error, busy, signIn, startDemo } = useBooth((s) => ({
    session: s.session,
    error: s.sessionError,
    busy: s.sessionBusy,
    signIn: s.signIn,
    startDemo: s.startDemo,
  }))
  const [baseUrl, setBaseUrl] = useState(session?.baseUrl ?? '')
  const [apiKey, setApiKey] = useState('')
  const [formError, setFormError] = useState<string | null>(null)
  const ids = { url: useId(), key: useId(), err: useId() }
  const rejected = session?.mode === 'key_rejected'

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const problem = checkSignInForm(baseUrl, apiKey)
    setFormError(problem)
    if (problem) return
    if (await signIn(baseUrl, apiKey)) setApiKey('')
  }

  const shownError = formError ?? error
  return (
    <main className="center-page sign-in">
      <div className="sign-in-grid">
        <section className="panel" aria-labelledby="signin-title">
          <h1 id="signin-title" className="page-title">
            <span className="brand-mark" aria-hidden="true" /> Sign in to Booth
          </h1>
          <p className="muted">
            Use the address and API key your talent platform gave you. The key is kept in your system keychain, never on
            this page.
          </p>
          {rejected && (
            <div className="notice notice-danger" role="alert">
              <strong>Your API key was refused.</strong>
              {(session?.warnings ?? []).map((w) => (
                <p key={w}>{w}</p>
              ))}
              <p>Enter a new key to continue.</p>
            </div>
          )}
          <form onSubmit={(e) => void submit(e)} noValidate aria-describedby={shownError ? ids.err : undefined}>
            <label className="field" htmlFor={ids.url}>
              <span className="field-label">Platform address</span>
              <input
                id={ids.url}
                type="url"
                inputMode="url"
                autoComplete="url"
                placeholder="https://talent.example.com"
                value={baseUrl}
                maxLength={2048}
                onChange={(e) => setBaseUrl(e.target.value)}
                required
              />
            </label>
            <label className="field" htmlFor={ids.key}>
              <span className="field-label">API key</span>
              <input
                id={ids.key}
                type="password"
                autoComplete="off"
                spellCheck={false}
                value={apiKey}
                maxLength={4096}
                onChange={(e) => setApiKey(e.target.value)}
                required
              />
            </label>
            {shownError && (
              <p id={ids.err} className="form-error" role="alert">
                {shownError}
              </p>
            )}
            <button type="submit" className="btn btn-primary btn-block" disabled={busy !== null}>
              {busy === 'signing_in' ? 'Signing in…' : 'Sign in'}
            </button>
          </form>
        </section>
        <section className="panel demo-panel" aria-labelledby="demo-title">
          <h2 id="demo-title">New here?</h2>
          <p>
            Explore Booth with a realistic set of jobs from made-up producers: scripts, pronunciations, script changes
            and deadlines. Nothing is sent anywhere.
          </p>
          <button
            type="button"
            className="btn btn-accent btn-large btn-block"
            onClick={() => void startDemo()}
            disabled={busy !== null}
          >
            {busy === 'starting_demo' ? 'Starting the demo…' : 'Try Booth with demo data'}
          </button>
        </section>
      </div>
    </main>
  )
}
