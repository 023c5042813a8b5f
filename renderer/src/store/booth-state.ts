/** The whole renderer state: one zustand store made of slices. */
import type { SessionSlice } from './session-slice'
import type { JobsSlice } from './jobs-slice'
import type { JobSlice } from './job-slice'
import type { ConnectivitySlice } from './connectivity-slice'
import type { ActionsSlice } from './actions-slice'

export type BoothState = SessionSlice & JobsSlice & JobSlice & ConnectivitySlice & ActionsSlice
