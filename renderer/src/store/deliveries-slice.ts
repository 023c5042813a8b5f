/**
 * The deliveries of the job on screen, refreshed by main alone: the page names the job it shows
 * (watchDeliveries) and main pushes each fresh list as a `deliveries` event, which this slice writes into
 * the open job's deliveries_detail, so every part of the job view (takes list, deliveries
 * panel, script checks) shows the same fresh list. The renderer never re-reads on its own schedule.
 */
import type { StateCreator } from 'zustand'
import type { BoothApi } from '../../../shared/bridge'
import type { DeliveriesView } from '../../../shared/bridge-deliveries'
import type { BoothState } from './booth-state'

export interface DeliveriesSlice {
  /** The job whose deliveries main is asked to keep fresh (null: none). */
  watchedDeliveriesJobId: string | null
  watchDeliveries(jobId: string | null): void
  applyDeliveries(view: DeliveriesView): void
}

export const createDeliveriesSlice =
  (api: BoothApi): StateCreator<BoothState, [], [], DeliveriesSlice> =>
  (set, get) => ({
    watchedDeliveriesJobId: null,
    watchDeliveries: (jobId) => {
      set({ watchedDeliveriesJobId: jobId })
      // Main reads at once and then on its own schedule; a failed watch leaves the job's own list on screen.
      api.watchDeliveries({ jobId }).catch(() => undefined)
    },
    applyDeliveries: (view) => {
      if (view.jobId !== get().watchedDeliveriesJobId) return
      const open = get().jobView
      if (open && open.job.job_id === view.jobId)
        set({ jobView: { ...open, job: { ...open.job, deliveries_detail: view.deliveries } } })
    },
  })
