/**
 * Which area fills the main part of the workspace: the jobs (list + job view) or one of the money and
 * account pages.
 */
import type { StateCreator } from 'zustand'
import type { BoothState } from './booth-state'

export const BOOTH_VIEWS = ['jobs', 'earnings', 'availability', 'preferences', 'consent', 'settings'] as const
export type BoothView = (typeof BOOTH_VIEWS)[number]

export function isBoothView(value: unknown): value is BoothView {
  return typeof value === 'string' && (BOOTH_VIEWS as readonly string[]).includes(value)
}

export interface ViewSlice {
  view: BoothView
  setView(view: BoothView): void
}

export const createViewSlice = (): StateCreator<BoothState, [], [], ViewSlice> => (set, get) => ({
  view: 'jobs',
  setView: (view) => {
    if (!isBoothView(view))
      throw new RangeError(`"${String(view)}" is not a part of Booth; choose one of ${BOOTH_VIEWS.join(', ')}.`)
    if (get().view !== view) set({ view })
  },
})
