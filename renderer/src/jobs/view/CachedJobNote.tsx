/** When the open job came from the offline cache, say how old it is, and why when the service answered one Booth cannot read. */
import type { Provenance } from '../../../../shared/bridge'
import { useNow } from '../../ui/hooks/use-now'
import { formatRelativeTime } from '../../ui/format/relative-time'

export function CachedJobNote({ view }: { view: Provenance }) {
  const now = useNow()
  if (view.source !== 'cache') return null
  return (
    <div className="banner banner-offline" role="status" data-testid="cached-job-note">
      <span aria-hidden="true">⚠</span>{' '}
      {view.liveProblem
        ? `Showing this job as saved ${formatRelativeTime(view.fetchedAt, now)}. ${view.liveProblem}`
        : `Offline — showing this job as saved ${formatRelativeTime(view.fetchedAt, now)}`}
    </div>
  )
}
