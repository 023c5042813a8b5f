/**
 * The deliveries of the job on screen, refreshed by main alone: the page names the job it shows
 * (watchDeliveries) and main pushes each fresh list as a `deliveries` event, which this slice keeps and
 * writes into the open job's deliveries_detail, so every part of the job view (takes list, deliveries
 * panel, script checks) shows the same fresh list. The renderer never re-reads on its own schedule.
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
    const open = get().jobView
    const jobView = open && open.job.job_id === view.jobId ? { ...open, job: { ...open.job, deliveries_detail: view.deliveries } } : open
    set({ deliveries: view, jobView })
  },
})
