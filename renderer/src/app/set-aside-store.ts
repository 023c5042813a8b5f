/**
 * The data files main set aside because it could not read them (shared/bridge-data-files.ts): main's
 * `setAsideFiles` snapshots, and dismissing one once the talent has read it.
 */
import { useStore } from 'zustand'
import { createStore } from 'zustand/vanilla'
import { useShallow } from 'zustand/react/shallow'
import type { BoothApi } from '../../../shared/bridge'
import type { SetAsideFile } from '../../../shared/bridge-data-files'
import { useStores } from '../bridge/BridgeProvider'
import type { StoreApi } from 'zustand/vanilla'
import { createAnswerOrder } from '../store/answer-order'
import type { StoreHandle } from '../store/store-handle'

declare module '../bridge/BridgeProvider' {
  /** This store, as the window's provider holds it (useStores().setAside). */
  interface BoothStoreRegistry {
    setAside: StoreApi<SetAsideState>
  }
}

export interface SetAsideState {
  files: SetAsideFile[]
  dismiss(id: string): Promise<void>
}

/** The set-aside files' store for the window's bridge (made once, by createStores). */
export function createSetAsideStore(api: BoothApi): StoreHandle<SetAsideState> {
  // A setAsideFiles event that came in while a call was out wins over the call's answer (answer-order.ts).
  const order = createAnswerOrder()
  const put = (files: SetAsideFile[]) => store.setState({ files })
  const store = createStore<SetAsideState>()(() => ({
    files: [],
    dismiss: async (id) => {
      await order.ask('files', () => api.dismissSetAsideFile({ id }), put)
    },
  }))
  const off = api.on('setAsideFiles', (files) => {
    order.heard('files')
    put(files)
  })
  // Files set aside while Booth started, before this window was there to hear of them.
  void Promise.resolve()
    .then(() => order.ask('files', () => api.listSetAsideFiles({}), put))
    .catch(() => undefined)
  return { store, unsubscribe: off }
}

export function useSetAside<T>(selector: (s: SetAsideState) => T): T {
  return useStore(useStores().setAside, useShallow(selector))
}
