/** Whether main can reach the API, the unread badge count, and the talent's time zone as main read it. */
import type { StateCreator } from 'zustand'
import type { BoothApi, Connectivity } from '../../../shared/bridge'
import type { BoothState } from './booth-state'
import { errorText } from './error-text'

export interface ConnectivitySlice {
  connectivity: Connectivity | null
  badgeCount: number
  /** The time zone of the talent's preferences (main sends it as `talentTimeZone`); null until known. */
  talentZone: string | null
  refreshing: boolean
  refreshError: string | null
  refreshNow(): Promise<void>
}

export const createConnectivitySlice = (api: BoothApi): StateCreator<BoothState, [], [], ConnectivitySlice> => (set) => ({
  connectivity: null,
  badgeCount: 0,
  talentZone: null,
  refreshing: false,
  refreshError: null,
  refreshNow: async () => {
    set({ refreshing: true, refreshError: null })
    try {
      await api.refreshNow({})
    } catch (err) {
      set({ refreshError: errorText(err) })
    } finally {
      set({ refreshing: false })
    }
  },
})
