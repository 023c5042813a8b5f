/** The job that is open in the job view, kept live by main (watchJob) and the `job` event. */
import type { StateCreator } from 'zustand'
import type { BoothApi, JobView } from '../../../shared/bridge'
import type { BoothState } from './booth-state'
import { errorText } from './error-text'

export interface JobSlice {
  openJobId: string | null
  jobView: JobView | null
  jobLoading: boolean
  jobError: string | null
  openJob(jobId: string): Promise<void>
  reloadJob(): Promise<void>
  closeJob(): void
  applyJobView(view: JobView): void
}

export const createJobSlice =
  (api: BoothApi): StateCreator<BoothState, [], [], JobSlice> =>
  (set, get) => {
    let latest = 0
    async function fetchJob(jobId: string): Promise<void> {
      const ticket = ++latest
      set({ jobLoading: true, jobError: null })
      try {
        const view = await api.getJob({ jobId })
        if (ticket === latest) get().applyJobView(view)
      } catch (err) {
        if (ticket === latest) set({ jobError: errorText(err) })
      } finally {
        if (ticket === latest) set({ jobLoading: false })
      }
    }
    return {
      openJobId: null,
      jobView: null,
      jobLoading: false,
      jobError: null,
      openJob: async (jobId) => {
        const same = get().openJobId === jobId
        set({ openJobId: jobId, selectedJobId: jobId, ...(same ? {} : { jobView: null }) })
        api.watchJob({ jobId }).catch(() => undefined)
        await fetchJob(jobId)
      },
      reloadJob: async () => {
        const id = get().openJobId
        if (id) await fetchJob(id)
      },
      closeJob: () => {
        if (get().openJobId === null) return
        latest++
        set({ openJobId: null, jobView: null, jobError: null, jobLoading: false })
        api.watchJob({ jobId: null }).catch(() => undefined)
      },
      applyJobView: (view) => {
        if (view.job.job_id !== get().openJobId) return
        set({ jobView: view })
      },
    }
  }
