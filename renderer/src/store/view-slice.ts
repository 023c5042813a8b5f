/**
 * Which area fills the main part of the workspace: the jobs (list + job view) or one of the money and
 * account pages. Also hands out the bridge itself, for areas that keep their own store (account pages).
 */
import type { StateCreator } from 'zustand'
import type { BoothApi } from '../../../shared/bridge'
import type { BoothState } from './booth-state'

export const BOOTH_VIEWS = ['jobs', 'earnings', 'availability', 'preferences', 'consent', 'settings'] as const
export type BoothView = (typeof BOOTH_VIEWS)[number]

export function isBoothView(value: unknown): value is BoothView {
  return typeof value === 'string' && (BOOTH_VIEWS as readonly string[]).includes(value)
}

export interface ViewSlice {
  view: BoothView
  /** The bridge this store talks through (the same object for the life of the window). */
  bridge: BoothApi
  setView(view: BoothView): void
}

export const createViewSlice = (api: BoothApi): StateCreator<BoothState, [], [], ViewSlice> => (set, get) => ({
  view: 'jobs',
  bridge: api,
  setView: (view) => {
    if (!isBoothView(view)) throw new RangeError(`"${String(view)}" is not a part of Booth; choose one of ${BOOTH_VIEWS.join(', ')}.`)
    if (get().view !== view) set({ view })
  },
})
