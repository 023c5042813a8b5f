/**
 * When the list came from the saved copy: say so and how old it is — plainly "Offline" once Booth knows
 * the service cannot be reached, "checking" while it has not heard yet (an offline launch shows the
 * saved list before any network answer).
 */
import { useBooth } from '../store/use-booth'
import { useNow } from '../ui/hooks/use-now'
import { formatRelativeTime } from '../ui/format/relative-time'
import { formatTimestamp } from '../ui/format/calendar-dates'

export function offlineBannerText(fetchedAt: number, now: number, offline = true, unusable = false): string {
  if (unusable) return `Showing jobs saved ${formatRelativeTime(fetchedAt, now)} — the service's answer could not be used`
  return offline
    ? `Offline — showing jobs saved ${formatRelativeTime(fetchedAt, now)}`
    : `Showing jobs saved ${formatRelativeTime(fetchedAt, now)} — checking the service…`
}

export function OfflineBanner() {
  const view = useBooth((s) => (s.jobList?.source === 'cache'
    ? { fetchedAt: s.jobList.fetchedAt, offline: s.connectivity ? !s.connectivity.online : false, unusable: s.connectivity ? s.connectivity.online && s.connectivity.problem !== null : false }
    : { fetchedAt: null, offline: false, unusable: false }))
  const now = useNow()
  if (view.fetchedAt === null) return null
  return (
    <div className="banner banner-offline" role="status" data-testid="offline-banner">
      <span aria-hidden="true">⚠</span>
      <span title={`Saved ${formatTimestamp(view.fetchedAt)}`}>{offlineBannerText(view.fetchedAt, now, view.offline, view.unusable)}</span>
    </div>
  )
}
