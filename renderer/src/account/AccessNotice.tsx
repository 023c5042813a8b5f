/** Says what the current key cannot do on this page (a missing scope), instead of an error. */
import type { PageAccess } from '../../../shared/bridge-account'

export function AccessNotice({ access, what }: { access: PageAccess; what: string }) {
  if (access.missing.length === 0) return null
  const title = access.canRead ? `You can look at ${what}, but not change it` : `This key cannot show ${what}`
  return (
    <div
      className={`notice ${access.canRead ? 'notice-muted' : 'notice-warning'}`}
      role="note"
      aria-label="What this key cannot do"
    >
      <p className="notice-title">{title}</p>
      <ul>
        {access.missing.map((m) => (
          <li key={m.scope}>
            The key lacks <code>{m.scope}</code>, which unlocks {m.disables}.
          </li>
        ))}
      </ul>
      <p className="acct-note">
        Ask whoever issued your API key for one with these permissions, then sign in with it in Settings.
      </p>
    </div>
  )
}
