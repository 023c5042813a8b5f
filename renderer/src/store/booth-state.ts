/** The whole renderer state: one zustand store made of slices. */
import type { SessionSlice } from './session-slice'
import type { JobsSlice } from './jobs-slice'
import type { JobSlice } from './job-slice'
import type { ConnectivitySlice } from './connectivity-slice'
import type { ActionsSlice } from './actions-slice'
import type { SelectionSlice } from './selection-slice'
import type { DocumentsSlice } from './documents-slice'
import type { ViewSlice } from './view-slice'
import type { DeliveriesSlice } from './deliveries-slice'

export type BoothState = SessionSlice &
  JobsSlice &
  JobSlice &
  ConnectivitySlice &
  ActionsSlice &
  SelectionSlice &
  DocumentsSlice &
  ViewSlice &
  DeliveriesSlice
