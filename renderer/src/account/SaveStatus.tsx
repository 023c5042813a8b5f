/** How the last save of a page ended: saving, saved (also when the service had it already), or why not. */
import type { SaveState } from './account-store'
import { formatTimestamp } from '../ui/format/calendar-dates'

export function SaveStatus({ save }: { save: SaveState }) {
  if (save.busy)
    return (
      <span className="acct-status" role="status">
        Saving…
      </span>
    )
  if (save.error)
    return (
      <span className="acct-status is-error" role="alert">
        Not saved: {save.error}
      </span>
    )
  if (save.lastSaved) {
    return (
      <span
        className="acct-status is-saved"
        role="status"
        title={save.lastSaved.replayed ? 'The service already had this change from an earlier attempt.' : undefined}
      >
        ✓ Saved {formatTimestamp(save.lastSaved.at)}
      </span>
    )
  }
  return <span className="acct-status" role="status" />
}

/** A save that Booth sent but never saw confirmed: offer to send it again (with the same key). */
export function PendingNote({ since, onRetry, busy }: { since: number; onRetry: () => void; busy: boolean }) {
  return (
    <div className="notice notice-warning" role="note">
      <p className="notice-title">A change from {formatTimestamp(since)} was not confirmed</p>
      <p>Booth sent it, but no answer came back. Sending it again is safe: the service records it only once.</p>
      <button type="button" className="btn btn-small" onClick={onRetry} disabled={busy}>
        Send that change again
      </button>
    </div>
  )
}
