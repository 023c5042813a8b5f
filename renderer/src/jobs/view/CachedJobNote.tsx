/** When the open job came from the offline cache, say how old it is. */
import type { Provenance } from '../../../../shared/bridge'
import { useNow } from '../../ui/hooks/use-now'
import { formatRelativeTime } from '../../ui/format/relative-time'

export function CachedJobNote({ view }: { view: Provenance }) {
  const now = useNow()
  if (view.source !== 'cache') return null
  return (
    <div className="banner banner-offline" role="status" data-testid="cached-job-note">
      <span aria-hidden="true">⚠</span> Offline — showing this job as saved {formatRelativeTime(view.fetchedAt, now)}
    </div>
  )
}
