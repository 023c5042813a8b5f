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
import type { StoreHandle } from '../store/store-handle'

export interface SetAsideState {
  files: SetAsideFile[]
  dismiss(id: string): Promise<void>
}

/** The set-aside files' store for the window's bridge (made once, by createStores). */
export function createSetAsideStore(api: BoothApi): StoreHandle<SetAsideState> {
  const store = createStore<SetAsideState>()((set) => ({
    files: [],
    dismiss: async (id) => {
      set({ files: await api.dismissSetAsideFile({ id }) })
    },
  }))
  const off = api.on('setAsideFiles', (files) => store.setState({ files }))
  // Files set aside while Booth started, before this window was there to hear of them.
  void Promise.resolve()
    .then(() => api.listSetAsideFiles({}))
    .then((files) => store.setState({ files }), () => undefined)
  return { store, unsubscribe: off }
}

export function useSetAside<T>(selector: (s: SetAsideState) => T): T {
  return useStore(useStores().setAside, useShallow(selector))
}
