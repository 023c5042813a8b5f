/**
 * Delivery you can see: after Deliver, the recorder area (where the talent is looking) says what became of
 * the take — queued, sending with its percent, storing, delivered — by its one name, with a button that
 * shows it in the takes list. Focus comes here when the Deliver dialog closes (focusLastDelivery, called
 * by the takes panel), so it is not lost with the Deliver button that went away. It stays until dismissed
 * or another take is delivered.
 */
import type { JobDetail } from '../../../../shared/bridge'
import { useBooth } from '../../store/use-booth'
import { takeStatusWords, uploadPercent } from './delivery-words'
import { takeName } from '../take-numbers'
import { useTakes, useTakesStore } from '../takes-store'
import './delivery-line.css'

/** Puts the focus on the last delivery's "Show in takes" (once the dialog that made it has closed). */
export function focusLastDelivery(): void {
  document.querySelector<HTMLElement>('.delivery-line [data-show-take]')?.focus()
}

/** Scrolls the take's row into view and puts the focus on it. */
export function showTakeInList(takeId: string): void {
  const row = document.querySelector<HTMLElement>(`.take-row[data-take-id="${CSS.escape(takeId)}"]`)
  if (!row) return
  row.scrollIntoView({ block: 'nearest' })
  if (!row.hasAttribute('tabindex')) row.tabIndex = -1
  row.focus({ preventScroll: true })
}

export function DeliveryStatusLine({ job }: { job: JobDetail }) {
  const store = useTakesStore()
  const online = useBooth((s) => s.connectivity?.online ?? true)
  const { last, take, queued, progress } = useTakes((s) => {
    const last = s.lastDelivered?.jobId === job.job_id ? s.lastDelivered : null
    const take = last ? (s.byJob[job.job_id]?.takes.find((t) => t.id === last.takeId) ?? null) : null
    return {
      last,
      take,
      queued: last ? (s.queue.find((q) => q.takeId === last.takeId) ?? null) : null,
      progress: last ? (s.progress[last.takeId] ?? null) : null,
    }
  })
  if (!last || !take) return null
  const service = take.delivery.delivery_id
    ? (job.deliveries_detail.find((d) => d.delivery_id === take.delivery.delivery_id) ?? null)
    : null
  const state = takeStatusWords(take, queued, online, service) ?? {
    text: 'Handed to the delivery queue',
    tone: 'info' as const,
  }
  const percent =
    take.delivery.status !== 'delivered' && (queued?.status === 'sending' || queued?.status === 'paused')
      ? uploadPercent(progress)
      : null
  return (
    <div className={`delivery-line tone-${state.tone}`} role="group" aria-label="Last delivery">
      <p className="delivery-line-text small">
        <strong className="take-name">{takeName(take)}</strong>{' '}
        {/* The state is announced when it changes; the upload's percent is only shown. */}
        <span className="delivery-line-state" role="status">
          {state.text}
        </span>
        {percent !== null && <span aria-hidden="true"> · {percent}%</span>}
      </p>
      <div className="delivery-line-actions">
        <button
          type="button"
          className="btn btn-quiet btn-small"
          data-show-take
          onClick={() => showTakeInList(take.id)}
        >
          Show in takes
        </button>
        <button
          type="button"
          className="btn btn-quiet btn-small btn-icon"
          aria-label="Dismiss"
          title="Dismiss"
          onClick={() => store.getState().forgetLastDelivered()}
        >
          ✕
        </button>
      </div>
    </div>
  )
}
