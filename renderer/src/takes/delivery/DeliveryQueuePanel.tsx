/**
 * Deliveries waiting to go out (offline, or waiting on the service), each with cancel and retry; a wait
 * the service asked for shows until when with a countdown, and a delivery whose answer was lost says so
 * (its cancel first asks the service what happened).
 */
import type { DeliveryQueueEntry } from '../../../../shared/bridge-takes'
import { formatRelativeTime } from '../../ui/format/relative-time'
import { waitUntilText } from '../../ui/ConnectivityStatus'
import { useNow } from '../../ui/hooks/use-now'
import { useTakesStore, useTakes } from '../takes-store'

const STATUS: Record<DeliveryQueueEntry['status'], string> = {
  waiting: 'Waiting to send',
  sending: 'Sending',
  paused: 'Paused',
  failed: 'Failed',
}

export function DeliveryQueuePanel() {
  const queue = useTakes((s) => s.queue)
  const store = useTakesStore().getState()
  // Tick every second while a wait is shown (its countdown), else every 10 s.
  const now = useNow(queue.some((q) => q.waitUntil) ? 1_000 : 10_000)
  if (queue.length === 0) return null
  return (
    <section className="side-section delivery-queue" aria-labelledby="queue-title">
      <h3 id="queue-title" className="section-title">
        Delivery queue
      </h3>
      <ul className="plain-list">
        {queue.map((q) => (
          <li key={q.takeId} className="queue-item" data-take-id={q.takeId}>
            <div>
              <span className="tag">{q.label}</span> Job {q.jobId} ·{' '}
              <span className={`queue-${q.status}`}>{STATUS[q.status]}</span>
            </div>
            {q.waitUntil && q.waitUntil > now ? (
              <div className="small" data-testid="queue-wait-until">
                {waitUntilText(q.waitUntil, now)} It goes out by itself then.
              </div>
            ) : (
              q.message && <div className="small muted">{q.message}</div>
            )}
            {q.outcomeUnknown && (
              <div className="small muted">
                Booth has not heard back whether this delivery arrived; it keeps asking, and Cancel checks first.
              </div>
            )}
            <div className="small muted">
              Queued {formatRelativeTime(q.queuedAt, now)}
              {q.attempts > 0 && ` · ${q.attempts} attempt${q.attempts === 1 ? '' : 's'}`}
              {q.nextAttemptAt !== null &&
                q.status === 'waiting' &&
                !(q.waitUntil && q.waitUntil > now) &&
                ` · next try ${formatRelativeTime(q.nextAttemptAt, now)}`}
            </div>
            <div className="take-actions">
              {(q.status === 'failed' || q.status === 'waiting') && (
                <button
                  type="button"
                  className="btn btn-small"
                  onClick={() => void store.retryDelivery(q.takeId, q.jobId)}
                >
                  {q.status === 'failed' ? 'Retry' : 'Try now'}
                </button>
              )}
              {(q.canCancel || q.outcomeUnknown) && (
                <button
                  type="button"
                  className="btn btn-small btn-quiet"
                  onClick={() => void store.cancelDelivery(q.takeId, q.jobId)}
                >
                  Cancel
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  )
}
