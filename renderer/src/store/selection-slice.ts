/** The jobs ticked in the list for a bulk action (checkboxes, Shift/Ctrl-click, x), across pages of one tab. */
import type { StateCreator } from 'zustand'
import type { JobSummary } from '../../../shared/bridge'
import type { BoothState } from './booth-state'
import { checkRange, refreshChecked, setPageChecked, toggleChecked, uncheck } from './check-selection'

export interface SelectionSlice {
  checkedJobs: JobSummary[]
  /** The job last ticked or unticked: where a Shift-click range starts. */
  checkAnchorId: string | null
  toggleCheck(jobId: string): void
  checkRangeTo(jobId: string): void
  checkPage(on: boolean): void
  uncheckJobs(jobIds: readonly string[]): void
  clearChecked(): void
  /** A new list snapshot arrived: keep ticked summaries current. */
  refreshCheckedFrom(page: readonly JobSummary[]): void
}

export const createSelectionSlice = (): StateCreator<BoothState, [], [], SelectionSlice> => (set, get) => {
  const pageJobs = () => get().jobList?.items ?? []
  return {
    checkedJobs: [],
    checkAnchorId: null,
    toggleCheck: (jobId) => {
      const job = pageJobs().find((j) => j.job_id === jobId) ?? get().checkedJobs.find((j) => j.job_id === jobId)
      if (!job) return
      set({ checkedJobs: toggleChecked(get().checkedJobs, job), checkAnchorId: jobId })
    },
    checkRangeTo: (jobId) => {
      set({ checkedJobs: checkRange(get().checkedJobs, pageJobs(), get().checkAnchorId, jobId), checkAnchorId: jobId })
    },
    checkPage: (on) => set({ checkedJobs: setPageChecked(get().checkedJobs, pageJobs(), on) }),
    uncheckJobs: (jobIds) => set({ checkedJobs: uncheck(get().checkedJobs, jobIds) }),
    clearChecked: () => set({ checkedJobs: [], checkAnchorId: null }),
    refreshCheckedFrom: (page) => {
      if (get().checkedJobs.length) set({ checkedJobs: refreshChecked(get().checkedJobs, page) })
    },
  }
}
