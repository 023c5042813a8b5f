/**
 * The deliveries of the job on screen, refreshed by main alone: the page names the job it shows
 * (watchDeliveries) and main pushes each fresh list as a `deliveries` event, which this slice keeps.
 * The renderer never re-reads on its own schedule.
 */
import type { StateCreator } from 'zustand'
import type { BoothApi } from '../../../shared/bridge'
import type { DeliveriesView } from '../../../shared/bridge-deliveries'
import type { BoothState } from './booth-state'

export interface DeliveriesSlice {
  /** The job whose deliveries main is asked to keep fresh (null: none). */
  watchedDeliveriesJobId: string | null
  /** The last list main pushed for the watched job (null until the first arrives). */
  deliveries: DeliveriesView | null
  watchDeliveries(jobId: string | null): void
  applyDeliveries(view: DeliveriesView): void
}

export const createDeliveriesSlice = (api: BoothApi): StateCreator<BoothState, [], [], DeliveriesSlice> => (set, get) => ({
  watchedDeliveriesJobId: null,
  deliveries: null,
  watchDeliveries: (jobId) => {
    const keep = get().deliveries?.jobId === jobId
    set({ watchedDeliveriesJobId: jobId, ...(keep ? {} : { deliveries: null }) })
    // Main reads at once and then on its own schedule; a failed watch leaves the job's own list on screen.
    api.watchDeliveries({ jobId }).catch(() => undefined)
  },
  applyDeliveries: (view) => {
    if (view.jobId !== get().watchedDeliveriesJobId) return
    set({ deliveries: view })
  },
})
