/**
 * Settings: the account and its key (scopes and what each unlocks, expiry), sign out, the service
 * address, Booth's own notifications, the audio input and recording format, the data folder (size, clear cached scripts), and About (versions
 * and the assumptions Booth makes where the API document is silent).
 */
import { SignOutButton } from '../session/SignOutButton'
import { useEffect, useState } from 'react'
import { ConfirmDialog } from '../ui/ConfirmDialog'
import { formatFileSize } from '../ui/format/file-size'
import { formatTimestamp } from '../ui/format/calendar-dates'
import { errorText } from '../store/error-text'
import { useAccount } from './account-store'
import { useBooth } from '../store/use-booth'
import { BoothNotificationsCard } from './BoothNotificationsCard'
import { ReadbackSettingsCard } from '../takes/readback/ReadbackSettingsCard'
import { AudioSettingsCard } from './AudioSettingsCard'
import './account.css'
import { useBridge } from '../bridge/BridgeProvider'

export function SettingsPage() {
  const api = useBridge()
  const session = useBooth((s) => s.session)
  const { settings, assumptions, loadSettings, clearCachedScripts, loadAssumptions } = useAccount((s) => ({
    settings: s.settings,
    assumptions: s.assumptions,
    loadSettings: s.loadSettings,
    clearCachedScripts: s.clearCachedScripts,
    loadAssumptions: s.loadAssumptions,
  }))
  const [confirmClear, setConfirmClear] = useState(false)
  const [signingOut, setSigningOut] = useState(false)
  const [signOutError, setSignOutError] = useState<string | null>(null)

  useEffect(() => {
    void loadSettings()
  }, [loadSettings])

  const view = settings.data
  const account = session?.account ?? null
  const signOut = async () => {
    setSigningOut(true)
    setSignOutError(null)
    try {
      await api.signOut({})
    } catch (err) {
      setSignOutError(errorText(err))
    } finally {
      setSigningOut(false)
    }
  }

  return (
    <main className="acct-page" aria-labelledby="settings-title">
      <header>
        <h1 id="settings-title">Settings</h1>
        <p className="acct-intro">
          Keys: <kbd>g</kbd> then <kbd>j</kbd> jobs, <kbd>e</kbd> earnings, <kbd>a</kbd> availability, <kbd>p</kbd>{' '}
          email and time zone, <kbd>c</kbd> AI consent, <kbd>s</kbd> settings — or Ctrl (⌘ on a Mac) with 1 to 6 in that
          order.
        </p>
      </header>
      {settings.error && (
        <p className="form-error" role="alert">
          {settings.error}
        </p>
      )}

      <section className="acct-card" aria-labelledby="settings-account">
        <h2 id="settings-account">Account</h2>
        <dl className="acct-dl">
          <dt>Name</dt>
          <dd>
            {account?.name ?? 'Not signed in'}
            {session?.mode === 'demo' && ' (demo)'}
          </dd>
          <dt>Email</dt>
          <dd>{account?.email ?? '—'}</dd>
          <dt>Key expires</dt>
          <dd>{account ? (account.expiresAt === null ? 'Never' : formatTimestamp(account.expiresAt)) : '—'}</dd>
          <dt>Service address</dt>
          <dd>
            <code>{session?.baseUrl ?? view?.baseUrl ?? 'none'}</code>
          </dd>
        </dl>
        {session?.warnings.map((w) => (
          <p key={w} className="acct-note" role="note">
            {w}
          </p>
        ))}
        <h3 className="acct-note">What this key may do</h3>
        {view ? (
          <ul className="acct-scopes" aria-label="Permissions of this key">
            {view.scopes.map((s) => (
              <li key={s.scope}>
                <span className={s.granted ? 'acct-scope-yes' : 'acct-scope-no'} aria-hidden="true">
                  {s.granted ? '✓' : '✗'}
                </span>
                <code>{s.scope}</code>
                <span>
                  <span className="sr-only">{s.granted ? 'Granted: ' : 'Missing: '}</span>
                  {s.unlocks}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="acct-skeleton" role="status">
            Loading…
          </p>
        )}
        <div className="acct-actions">
          <SignOutButton
            className="btn"
            demo={session?.mode === 'demo'}
            busy={signingOut}
            disabled={!session || session.mode === 'signed_out'}
            signOut={signOut}
          />
          {signOutError && (
            <span className="acct-status is-error" role="alert">
              {signOutError}
            </span>
          )}
        </div>
        <p className="acct-note">
          Signing out removes the key from this computer’s keychain and clears Booth’s offline copies of jobs and
          scripts.
        </p>
      </section>

      <BoothNotificationsCard />

      <ReadbackSettingsCard />

      <AudioSettingsCard />

      <section className="acct-card" aria-labelledby="settings-data">
        <h2 id="settings-data">Data on this computer</h2>
        {view && (
          <dl className="acct-dl">
            <dt>Data folder</dt>
            <dd>
              <code>{view.dataDir}</code>
            </dd>
            <dt>Size</dt>
            <dd>{view.dataBytes === null ? 'could not be measured' : formatFileSize(view.dataBytes)}</dd>
            <dt>Cached jobs and scripts</dt>
            <dd>
              {view.cachedScripts.files} file{view.cachedScripts.files === 1 ? '' : 's'},{' '}
              {formatFileSize(view.cachedScripts.bytes)}
            </dd>
          </dl>
        )}
        <div className="acct-actions">
          <button
            type="button"
            className="btn"
            disabled={!view || settings.loading || view.cachedScripts.files === 0}
            onClick={() => setConfirmClear(true)}
          >
            Clear cached scripts…
          </button>
        </div>
        {confirmClear && (
          <ConfirmDialog
            title="Clear cached scripts?"
            consequence={
              'Booth deletes its offline copies of job lists, job details and script PDFs. Your takes ' +
              'stay. Scripts download again when you are online; until then they cannot be read offline.'
            }
            notifies={null}
            confirmLabel="Clear cached scripts"
            tone="danger"
            busy={settings.loading}
            error={settings.error}
            onCancel={() => setConfirmClear(false)}
            onConfirm={() => void clearCachedScripts().then((ok) => ok && setConfirmClear(false))}
          />
        )}
      </section>

      <section className="acct-card" aria-labelledby="settings-about">
        <h2 id="settings-about">About Booth</h2>
        {view && (
          <dl className="acct-dl">
            <dt>Booth</dt>
            <dd>{view.versions.booth}</dd>
            {view.versions.electron && (
              <>
                <dt>Electron</dt>
                <dd>{view.versions.electron}</dd>
              </>
            )}
            {view.versions.chrome && (
              <>
                <dt>Chromium</dt>
                <dd>{view.versions.chrome}</dd>
              </>
            )}
            <dt>Node.js</dt>
            <dd>{view.versions.node}</dd>
            <dt>Talent API</dt>
            <dd>version {view.versions.api}</dd>
          </dl>
        )}
        <details onToggle={(e) => (e.currentTarget.open ? void loadAssumptions() : undefined)}>
          <summary>Assumptions Booth makes about the API</summary>
          <p className="acct-note">
            Where the API document says “not shown”, Booth had to decide. These are those decisions.
          </p>
          {assumptions.loading && (
            <p className="acct-skeleton" role="status">
              Loading…
            </p>
          )}
          {assumptions.error && (
            <p className="form-error" role="alert">
              {assumptions.error}
            </p>
          )}
          {assumptions.data !== null && (
            <pre className="acct-assumptions" tabIndex={0} aria-label="Booth’s assumptions about the API">
              {assumptions.data}
            </pre>
          )}
        </details>
      </section>
    </main>
  )
}
