/** A calm line about the connection: fine, checking, or what went wrong and when it tries again. */
import { useBooth } from '../store/store-context'
import { useNow } from '../hooks/use-now'
import { formatRelativeTime } from '../format/relative-time'

export function ConnectivityStatus() {
  const { c, refreshing, refreshError, refreshNow } = useBooth((s) => ({
    c: s.connectivity,
    refreshing: s.refreshing,
    refreshError: s.refreshError,
    refreshNow: s.refreshNow,
  }))
  const now = useNow(15_000)
  const ok = !c || (c.online && !c.problem)
  return (
    <div className={`connectivity ${ok ? 'is-ok' : 'is-problem'}`} role="status" aria-live="polite">
      <span className="dot" aria-hidden="true" />
      <div className="connectivity-text">
        {ok ? (
          <span>{c?.lastOkAt ? `Up to date · checked ${formatRelativeTime(c.lastOkAt, now)}` : 'Connected'}</span>
        ) : (
          <>
            <span>{c?.online === false ? 'Offline' : 'Connection trouble'}</span>
            {c?.problem && <span className="muted small">{c.problem}</span>}
            {c?.nextPollAt && c.nextPollAt > now && <span className="muted small">Trying again {formatRelativeTime(c.nextPollAt, now)}</span>}
          </>
        )}
        {refreshError && <span className="form-error small">{refreshError}</span>}
      </div>
      <button type="button" className="btn btn-quiet btn-icon" onClick={() => void refreshNow()} disabled={refreshing} aria-label="Check for new jobs now" title="Check for new jobs now">
        <span aria-hidden="true" className={refreshing ? 'spin' : undefined}>↻</span>
      </button>
    </div>
  )
}
