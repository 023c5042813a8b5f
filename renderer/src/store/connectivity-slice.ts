/**
 * Whether main can reach the API (and whether the page can reach main: `host`), the unread badge count,
 * and the talent's time zone as main read it.
 */
import type { StateCreator } from 'zustand'
import type { BoothApi, Connectivity, HostPresence } from '../../../shared/bridge'
import type { BoothState } from './booth-state'
import { errorText } from './error-text'

export interface ConnectivitySlice {
  connectivity: Connectivity | null
  /** Whether Booth itself answers this page (the web host: killed, hung or restarted; always 'up' in the desktop app). */
  host: HostPresence
  badgeCount: number
  /** The time zone of the talent's preferences (main sends it as `talentTimeZone`); null until known. */
  talentZone: string | null
  refreshing: boolean
  refreshError: string | null
  refreshNow(): Promise<void>
}

export const createConnectivitySlice =
  (api: BoothApi): StateCreator<BoothState, [], [], ConnectivitySlice> =>
  (set) => ({
    connectivity: null,
    host: 'up',
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
