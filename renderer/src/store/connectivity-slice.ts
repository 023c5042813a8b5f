/** Whether main can reach the API, and the unread badge count. */
import type { StateCreator } from 'zustand'
import type { BoothApi, Connectivity } from '../../../shared/bridge'
import type { BoothState } from './booth-state'
import { errorText } from './error-text'

export interface ConnectivitySlice {
  connectivity: Connectivity | null
  badgeCount: number
  refreshing: boolean
  refreshError: string | null
  refreshNow(): Promise<void>
}

export const createConnectivitySlice = (api: BoothApi): StateCreator<BoothState, [], [], ConnectivitySlice> => (set) => ({
  connectivity: null,
  badgeCount: 0,
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
