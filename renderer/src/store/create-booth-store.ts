/**
 * Builds the store for one bridge and subscribes ONCE to main's events; each event carries a whole
 * snapshot that is applied with setState (through the slice that owns it).
 */
import { createStore, type StoreApi } from 'zustand/vanilla'
import type { BoothApi } from '../../../shared/bridge'
import type { BoothState } from './booth-state'
import { createSessionSlice } from './session-slice'
import { createJobsSlice } from './jobs-slice'
import { createJobSlice } from './job-slice'
import { createConnectivitySlice } from './connectivity-slice'
import { createActionsSlice } from './actions-slice'
import { createSelectionSlice } from './selection-slice'
import { createDocumentsSlice } from './documents-slice'
import { createViewSlice } from './view-slice'
import { createDeliveriesSlice } from './deliveries-slice'
import { setTalentZone } from '../../../shared/format/shown-zone'

export type BoothStore = StoreApi<BoothState>

export function createBoothStore(api: BoothApi): { store: BoothStore; unsubscribe: () => void } {
  const store = createStore<BoothState>()((...a) => ({
    ...createSessionSlice(api)(...a),
    ...createJobsSlice(api)(...a),
    ...createJobSlice(api)(...a),
    ...createConnectivitySlice(api)(...a),
    ...createActionsSlice(api)(...a),
    ...createSelectionSlice()(...a),
    ...createDocumentsSlice(api)(...a),
    ...createViewSlice()(...a),
    ...createDeliveriesSlice(api)(...a),
  }))
  const s = () => store.getState()
  const offs = [
    api.on('session', (session) => s().applySession(session)),
    api.on('jobs', (view) => s().applyJobList(view)),
    api.on('job', (view) => s().applyJobView(view)),
    api.on('deliveries', (view) => s().applyDeliveries(view)),
    api.on('connectivity', (connectivity) => store.setState({ connectivity })),
    api.on('badge', ({ count }) => store.setState({ badgeCount: count })),
    api.on('talentTimeZone', ({ zone }) => {
      // Times of day name their zone where the talent's differs from this computer's (shown-zone.ts).
      setTalentZone(zone)
      store.setState({ talentZone: zone })
    }),
    api.on('notificationClicked', ({ jobId }) => {
      s().setView('jobs')
      void s().openJob(jobId)
    }),
    // Booth back after it was gone (restarted after a crash): it does not know what this page had open.
    api.onPresence?.((host) => {
      const was = s().host
      store.setState({ host })
      if (host !== 'up' || was === 'up') return
      const open = s().openJobId
      if (open) void s().openJob(open)
      void s().refreshNow()
    }) ?? (() => undefined),
  ]
  return { store, unsubscribe: () => offs.forEach((off) => off()) }
}
