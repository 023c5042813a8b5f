/** Who is signed in, when the key expires, what the key cannot do, and sign out. */
import { SignOutButton } from './SignOutButton'
import { useBooth } from '../store/use-booth'
import { useNow } from '../ui/hooks/use-now'
import { formatRelativeTime } from '../ui/format/relative-time'
import { formatTimestamp } from '../ui/format/calendar-dates'
import { displayText } from '../../../shared/display-text'
import { ShownName } from '../ui/ShownName'

export function AccountPanel() {
  const { session, busy, error, signOut } = useBooth((s) => ({
    session: s.session,
    busy: s.sessionBusy,
    error: s.sessionError,
    signOut: s.signOut,
  }))
  const now = useNow(60_000)
  if (!session) return null
  const account = session.account
  const demo = session.mode === 'demo'
  return (
    <section className="account" aria-label="Account">
      <div className="account-who">
        <span className="avatar" aria-hidden="true">
          {[...displayText(account?.name ?? '?')][0]?.toUpperCase() ?? '?'}
        </span>
        <div className="account-text">
          <div className="account-name">
            <ShownName className="account-name-text" name={account?.name ?? 'Unknown account'} />
            {demo && <span className="tag tag-accent">Demo</span>}
          </div>
          {account && (
            <div className="account-email">
              <ShownName name={account.email} />
            </div>
          )}
        </div>
      </div>
      {account && (
        <p className="account-expiry">
          {account.expiresAt === null ? (
            'Key does not expire'
          ) : (
            <span title={formatTimestamp(account.expiresAt)}>
              Key {account.expiresAt < now ? 'expired' : 'expires'} {formatRelativeTime(account.expiresAt, now)}
            </span>
          )}
        </p>
      )}
      {session.warnings.length > 0 && (
        <ul className="account-warnings" aria-label="Warnings about this key">
          {session.warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      )}
      {session.missingScopes.length > 0 && (
        <details className="missing-scopes">
          <summary>
            {session.missingScopes.length} permission{session.missingScopes.length === 1 ? '' : 's'} missing
          </summary>
          <ul>
            {session.missingScopes.map((m) => (
              <li key={m.scope}>
                <code>{m.scope}</code> — {m.disables}
              </li>
            ))}
          </ul>
        </details>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <SignOutButton
        className="btn btn-quiet btn-small"
        demo={demo}
        busy={busy === 'signing_out'}
        disabled={busy !== null}
        signOut={signOut}
      />
    </section>
  )
}
