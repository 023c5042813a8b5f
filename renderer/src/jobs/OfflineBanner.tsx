/**
 * When the list came from the saved copy: say so and how old it is — plainly "Offline" once Booth knows
 * the service cannot be reached, "checking" while it has not heard yet (an offline launch shows the
 * saved list before any network answer), and why when the service answered a list Booth cannot read.
 */
import { useBooth } from '../store/use-booth'
import { useNow } from '../ui/hooks/use-now'
import { formatRelativeTime } from '../ui/format/relative-time'
import { formatTimestamp } from '../ui/format/calendar-dates'

export function offlineBannerText(fetchedAt: number, now: number, offline = true, unreadable = false): string {
  if (unreadable)
    return `Showing jobs saved ${formatRelativeTime(fetchedAt, now)}: the service's latest answer could not be used`
  return offline
    ? `Offline — showing jobs saved ${formatRelativeTime(fetchedAt, now)}`
    : `Showing jobs saved ${formatRelativeTime(fetchedAt, now)} — checking the service…`
}

export function OfflineBanner() {
  const view = useBooth((s) =>
    s.jobList?.source === 'cache'
      ? {
          fetchedAt: s.jobList.fetchedAt,
          offline: s.connectivity ? !s.connectivity.online : false,
          // The service answered, but not a list Booth can read (the view says so, or the last poll did).
          unreadable:
            s.jobList.liveProblem !== undefined || (s.connectivity?.online === true && s.connectivity.problem !== null),
        }
      : { fetchedAt: null, offline: false, unreadable: false },
  )
  const now = useNow()
  if (view.fetchedAt === null) return null
  return (
    <div className="banner banner-offline" role="status" data-testid="offline-banner">
      <span aria-hidden="true">⚠</span>
      <span title={`Saved ${formatTimestamp(view.fetchedAt)}`}>
        {offlineBannerText(view.fetchedAt, now, view.offline, view.unreadable)}
      </span>
    </div>
  )
}
