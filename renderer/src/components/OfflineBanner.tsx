/** When the list came from the offline cache: say so, and how old it is. */
import { useBooth } from '../store/store-context'
import { useNow } from '../hooks/use-now'
import { formatRelativeTime } from '../format/relative-time'
import { formatTimestamp } from '../format/calendar-dates'

export function offlineBannerText(fetchedAt: number, now: number): string {
  return `Offline — showing jobs saved ${formatRelativeTime(fetchedAt, now)}`
}

export function OfflineBanner() {
  const view = useBooth((s) => (s.jobList?.source === 'cache' ? { fetchedAt: s.jobList.fetchedAt } : null))
  const now = useNow()
  if (!view) return null
  return (
    <div className="banner banner-offline" role="status">
      <span aria-hidden="true">⚠</span>
      <span title={`Saved ${formatTimestamp(view.fetchedAt)}`}>{offlineBannerText(view.fetchedAt, now)}</span>
    </div>
  )
}
