/**
 * Every store of the window, made once from its one bridge: the booth store (session, jobs, open job,
 * deliveries, view), the takes store, the account pages' store, the read-back store, the notification centre's store and the prompter's. main.tsx hands them,
 * with the bridge, to <BridgeProvider>; components read them with useBooth / useTakes / useAccount / useReadback.
 * Every store that main's events feed or that calls the bridge is made here, by its factory
 * (store/store-handle.ts): the recorder's too (takes/recorder/recorder-store.ts: the one recorder the record
 * control, the punch, the recording guard and Stop read), with the browser's capture and clock. Window-only
 * UI flags that no bridge call or event touches (reading layout, shortcut overlay) are plain zustand hooks
 * beside the part that owns them.
 */
import type { StoreApi } from 'zustand/vanilla'
import type { BoothApi } from '../../../shared/bridge'
import type { BoothStoreRegistry } from '../bridge/BridgeProvider'
import { createBoothStore, type BoothStore } from '../store/create-booth-store'
import { createTakesStore, type TakesState } from '../takes/takes-store'
import { createAccountStore, type AccountSlice } from '../account/account-store'
import { createReadbackStore, type ReadbackStoreState } from '../takes/readback/readback-store'
import { createNoticesStore, type NoticesState } from '../notifications/notices-store'
import { createPrompterStore, type PrompterStoreState } from '../script/prompter/prompter-store'
import { createSetAsideStore, type SetAsideState } from './set-aside-store'
import { createVersionsStore, type VersionsState } from '../takes/versions/versions-store'
import { createRecorderStore } from '../takes/recorder/recorder-store'
import type { RecorderStoreState } from '../takes/recorder/recorder-types'
import { browserCapture, browserClock, windowSession, windowStorage } from '../takes/recorder/browser-capture'

/** Every store by name: what <BridgeProvider> holds (its BoothStoreRegistry, which each store's module fills in). */
export interface BoothStores extends BoothStoreRegistry {
  booth: BoothStore
  takes: StoreApi<TakesState>
  account: StoreApi<AccountSlice>
  readback: StoreApi<ReadbackStoreState>
  notices: StoreApi<NoticesState>
  prompter: StoreApi<PrompterStoreState>
  setAside: StoreApi<SetAsideState>
  versions: StoreApi<VersionsState>
  recorder: StoreApi<RecorderStoreState>
}

export function createStores(api: BoothApi): { stores: BoothStores; unsubscribe: () => void } {
  const booth = createBoothStore(api)
  const takes = createTakesStore(api)
  const account = createAccountStore(api)
  const readback = createReadbackStore(api)
  const notices = createNoticesStore(api)
  const prompter = createPrompterStore(api)
  const setAside = createSetAsideStore(api)
  const versions = createVersionsStore(api, (jobId) => void takes.store.getState().loadTakes(jobId))
  const recorder = createRecorderStore({
    api,
    capture: browserCapture(api),
    clock: browserClock,
    takes: takes.store,
    readback: readback.store,
    storage: windowStorage,
    session: windowSession,
  })
  return {
    stores: {
      booth: booth.store,
      takes: takes.store,
      account: account.store,
      readback: readback.store,
      notices: notices.store,
      prompter: prompter.store,
      setAside: setAside.store,
      versions: versions.store,
      recorder: recorder.store,
    },
    unsubscribe: () =>
      [booth, takes, account, readback, notices, prompter, setAside, versions, recorder].forEach((h) =>
        h.unsubscribe(),
      ),
  }
}
