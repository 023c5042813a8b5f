/**
 * Reading mode's remembered choices, per computer: whether the sidebar and jobs list are tucked away while
 * a job is open (so the script and the recorder get the whole window), and whether the prompter runs.
 * One small store, so the workspace, the job header's button and the `\` key all see the same state.
 */
import { create } from 'zustand'

export const LIST_COLLAPSED_KEY = 'booth.listCollapsed'

function readCollapsed(): boolean {
  try {
    return window.localStorage.getItem(LIST_COLLAPSED_KEY) === '1'
  } catch {
    return false
  }
}

export interface ReadingLayout {
  listCollapsed: boolean
  setListCollapsed(collapsed: boolean): void
  toggleList(): void
}

export const useReadingLayout = create<ReadingLayout>()((set, get) => ({
  listCollapsed: readCollapsed(),
  setListCollapsed: (collapsed) => {
    set({ listCollapsed: collapsed })
    try {
      window.localStorage.setItem(LIST_COLLAPSED_KEY, collapsed ? '1' : '0')
    } catch {
      // Storage refused: the choice holds until Booth closes.
    }
  },
  toggleList: () => get().setListCollapsed(!get().listCollapsed),
}))
