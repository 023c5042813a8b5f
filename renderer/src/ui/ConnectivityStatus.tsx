/**
 * A calm line about the connection: fine, checking, or what went wrong and when it tries again (a
 * service that answered what Booth cannot read is named as such, never "offline"); a wait
 * the service asked for ("The service asked Booth to wait until 14:05", with a countdown); and "Try now".
 */
import { useBooth } from '../store/use-booth'
import { useNow } from './hooks/use-now'
import { formatRelativeTime } from './format/relative-time'
import { clockTime } from '../../../shared/clock-time'
import type { HostPresence } from '../../../shared/bridge'

/** "59:07" or "1:02:03" left until `until`. */
export function countdown(until: number, now: number): string {
  const total = Math.max(0, Math.ceil((until - now) / 1000))
  const h = Math.floor(total / 3600)
  const m = Math.floor((total % 3600) / 60)
  const s = total % 60
  const mm = h > 0 ? String(m).padStart(2, '0') : String(m)
  return `${h > 0 ? `${h}:` : ''}${mm}:${String(s).padStart(2, '0')}`
}

export function waitUntilText(until: number, now: number): string {
  return `The service asked Booth to wait until ${clockTime(until)} (${countdown(until, now)} left).`
}

/**
 * The line while nothing is wrong. Until the service has answered once, Booth does not know it is
 * reachable (a launch against a stalled service has no failure to show for up to the idle timeout), so
 * it says it is checking, never "connected".
 */
export function okText(c: { lastOkAt: number | null } | null, now: number): string {
  return c?.lastOkAt ? `Up to date · checked ${formatRelativeTime(c.lastOkAt, now)}` : 'Checking the service…'
}

/** The line while Booth itself does not answer the page: never "Up to date" for a Booth that is not there. */
export function hostGoneText(host: HostPresence): { headline: string; detail: string } | null {
  if (host === 'down') {
    return {
      headline: 'Booth is not running',
      detail:
        'Its background process stopped (closed, crashed or not answering). Start Booth again and open it from its window or the address it prints.',
    }
  }
  if (host === 'lost') {
    return {
      headline: 'This page has stopped trying to reach Booth',
      detail:
        'Nothing at its address proved to be the Booth this page was opened from (a Booth started ' +
        'again has a new key). Open Booth from its window or from the address it printed when it started.',
    }
  }
  return null
}

/** The headline while something is wrong: a service that answered what Booth cannot use is not offline. */
export function problemHeadline(c: { online: boolean } | null, parked: boolean): string {
  if (parked) return 'Waiting for the service'
  return c?.online
    ? 'The service answered, but Booth cannot use what it sent — working from saved copies'
    : 'Offline — working from saved copies'
}

export function ConnectivityStatus() {
  const { c, host, refreshing, refreshError, refreshNow } = useBooth((s) => ({
    c: s.connectivity,
    host: s.host,
    refreshing: s.refreshing,
    refreshError: s.refreshError,
    refreshNow: s.refreshNow,
  }))
  const gone = hostGoneText(host)
  const parkedUntil = c?.waitUntil ?? null
  const now = useNow(parkedUntil ? 1_000 : 15_000)
  const parked = parkedUntil !== null && parkedUntil > now
  const ok = !c || (c.online && !c.problem)
  if (gone) {
    return (
      <div
        className="connectivity is-problem"
        role="status"
        aria-live="polite"
        data-testid="connectivity"
        data-host={host}
      >
        <span className="dot" aria-hidden="true" />
        {/* What to do is said once, in the banner at the top of the window (HostGoneBanner). */}
        <div className="connectivity-text">
          <span>{gone.headline}</span>
        </div>
      </div>
    )
  }
  return (
    <div
      className={`connectivity ${ok ? 'is-ok' : 'is-problem'}`}
      role="status"
      aria-live="polite"
      data-testid="connectivity"
    >
      <span className="dot" aria-hidden="true" />
      <div className="connectivity-text">
        {ok ? (
          <span>{okText(c, now)}</span>
        ) : (
          <>
            <span>{problemHeadline(c, parked)}</span>
            {parked && (
              <span className="small" data-testid="wait-until">
                {waitUntilText(parkedUntil, now)}
              </span>
            )}
            {c?.problem && <span className="muted small">{c.problem}</span>}
            {!parked && c?.nextPollAt && c.nextPollAt > now && (
              <span className="muted small">Trying again by itself {formatRelativeTime(c.nextPollAt, now)}</span>
            )}
          </>
        )}
        {refreshError && <span className="form-error small">{refreshError}</span>}
      </div>
      {ok || parked ? (
        <button
          type="button"
          className="btn btn-quiet btn-icon"
          onClick={() => void refreshNow()}
          disabled={refreshing}
          aria-label="Check for new jobs now"
          title="Check for new jobs now"
        >
          <span aria-hidden="true" className={refreshing ? 'spin' : undefined}>
            ↻
          </span>
        </button>
      ) : (
        <button
          type="button"
          className="btn btn-small"
          onClick={() => void refreshNow()}
          disabled={refreshing}
          title="Try to reach the service now"
        >
          {refreshing ? 'Trying…' : 'Try now'}
        </button>
      )}
    </div>
  )
}
