/**
 * Whether the sidebar and jobs list are folded into the rail while a job is open, so the script and the
 * recorder get the window.
 *  - Below 1440 px wide they fold whenever a job is open (a laptop's width belongs to the script). The
 *    rail's button, the header's « button or `\` lays them over the job for a moment ("peek"); choosing
 *    a job, Esc or a click outside folds them again, and the script behind never reflows.
 *  - From 1440 px they fold only when the talent folds them (remembered, use-reading-layout.ts), and the
 *    same button or key unfolds them for good.
 * `narrow` follows the window through one media query; `peek` is never remembered.
 */
import { create } from 'zustand'
import { useReadingLayout } from './use-reading-layout'
import { JOB_LIST_ID } from '../ui/dom-ids'

export const FOLD_BELOW_PX = 1440
/** The same width in CSS: layout.css folds the columns under `.workspace.is-folded`. */
export const NARROW_QUERY = `(max-width: ${FOLD_BELOW_PX - 0.02}px)`

export interface ListFold {
  narrow: boolean
  peek: boolean
  setPeek(peek: boolean): void
}

function matchNarrow(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(NARROW_QUERY)
    : null
}

export const useListFold = create<ListFold>()((set) => {
  const media = matchNarrow()
  media?.addEventListener('change', (e) => set({ narrow: e.matches, peek: false }))
  return {
    narrow: media?.matches ?? false,
    peek: false,
    setPeek: (peek) => set({ peek }),
  }
})

/** Folded (the rail shows instead of the sidebar and list), and whether they are laid over the job now. */
export interface FoldState {
  folded: boolean
  peeking: boolean
}

export function foldState(jobOpen: boolean, narrow: boolean, collapsed: boolean, peek: boolean): FoldState {
  const folded = jobOpen && (narrow || collapsed)
  return { folded, peeking: folded && narrow && peek }
}

/** The folded layout as the workspace should show it now. */
export function useFoldState(jobOpen: boolean): FoldState {
  const { narrow, peek } = useListFold()
  const collapsed = useReadingLayout((s) => s.listCollapsed)
  return foldState(jobOpen, narrow, collapsed, peek)
}

/** `\`, the rail's button and the header's button: peek below 1440 px, fold or unfold (remembered) above. */
export function toggleListFold(): void {
  const fold = useListFold.getState()
  if (fold.narrow) {
    fold.setPeek(!fold.peek)
    // Laid over the job, the list takes the keys (j, k, Enter) at once.
    if (!fold.peek) requestAnimationFrame(() => document.getElementById(JOB_LIST_ID)?.focus())
  } else {
    fold.setPeek(false)
    useReadingLayout.getState().toggleList()
  }
}

/** What the toggle does now, as the words on its button. */
export function listToggleLabel(state: FoldState, narrow: boolean): string {
  if (!state.folded) return 'Hide the sidebar and jobs list (\\)'
  if (narrow) return state.peeking ? 'Hide the jobs list (\\)' : 'Show the jobs list (\\)'
  return 'Show the sidebar and jobs list (\\)'
}
