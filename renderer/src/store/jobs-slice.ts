/** The job list: the query (tab, filter, search, page), the last snapshot, and the keyboard selection. */
import type { StateCreator } from 'zustand'
import {
  DEFAULT_JOB_LIST_QUERY,
  sameJobListQuery,
  type BoothApi,
  type JobListQuery,
  type JobListView,
} from '../../../shared/bridge'
import type { BoothState } from './booth-state'
import { errorText } from './error-text'

export interface JobsSlice {
  query: JobListQuery
  jobList: JobListView | null
  jobListLoading: boolean
  jobListError: string | null
  selectedJobId: string | null
  setQuery(patch: Partial<JobListQuery>): void
  loadJobs(): Promise<void>
  applyJobList(view: JobListView): void
  selectJob(jobId: string | null): void
  moveSelection(delta: number): void
  resetJobs(): void
}

/** Search text as the API wants it: trimmed, at most 100 characters, null when empty. */
export function normaliseSearch(text: string | null | undefined): string | null {
  const q = (text ?? '').trim().slice(0, 100)
  return q ? q : null
}

export const createJobsSlice =
  (api: BoothApi): StateCreator<BoothState, [], [], JobsSlice> =>
  (set, get) => {
    let latest = 0
    return {
      query: DEFAULT_JOB_LIST_QUERY,
      jobList: null,
      jobListLoading: false,
      jobListError: null,
      selectedJobId: null,
      setQuery: (patch) => {
        const current = get().query
        const next: JobListQuery = { ...current, ...patch }
        if ('q' in patch) next.q = normaliseSearch(patch.q)
        // A real change of anything but the page starts again at page 1; a patch that changes nothing
        // (e.g. the search box re-sending the same empty search) leaves the page where it is.
        const otherChanged = (Object.keys(next) as Array<keyof JobListQuery>).some(
          (k) => k !== 'page' && next[k] !== current[k],
        )
        if (!('page' in patch) && otherChanged) next.page = 1
        if (sameJobListQuery(current, next)) return
        // Ticked jobs belong to one tab: an action on pending jobs makes no sense for declined ones.
        if (next.tab !== current.tab) get().clearChecked()
        set({ query: next })
        void get().loadJobs()
      },
      loadJobs: async () => {
        const ticket = ++latest
        const query = get().query
        set({ jobListLoading: true, jobListError: null })
        try {
          const view = await api.listJobs(query)
          if (ticket !== latest) return
          get().applyJobList(view)
        } catch (err) {
          if (ticket === latest) set({ jobListError: errorText(err) })
        } finally {
          if (ticket === latest) set({ jobListLoading: false })
        }
      },
      applyJobList: (view) => {
        // A snapshot for another query than the one on screen is ignored.
        if (!sameJobListQuery(view.query, get().query)) return
        const selected = get().selectedJobId
        const keep = selected !== null && view.items.some((j) => j.job_id === selected)
        set({ jobList: view, selectedJobId: keep ? selected : (view.items[0]?.job_id ?? null) })
        get().refreshCheckedFrom(view.items)
      },
      selectJob: (jobId) => set({ selectedJobId: jobId }),
      moveSelection: (delta) => {
        const items = get().jobList?.items ?? []
        if (!items.length) return
        const at = items.findIndex((j) => j.job_id === get().selectedJobId)
        const next = Math.min(items.length - 1, Math.max(0, (at < 0 ? 0 : at) + delta))
        set({ selectedJobId: items[next]?.job_id ?? null })
      },
      resetJobs: () => {
        latest++
        set({
          query: DEFAULT_JOB_LIST_QUERY,
          jobList: null,
          jobListError: null,
          jobListLoading: false,
          selectedJobId: null,
        })
        get().clearChecked()
        get().closeJob()
      },
    }
  }
