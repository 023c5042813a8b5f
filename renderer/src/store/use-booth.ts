/** The booth store for components, from <BridgeProvider>; they read it with useBooth(selector), compared shallowly. */
import { useStore } from 'zustand'
import { useShallow } from 'zustand/react/shallow'
import { useStores } from '../bridge/BridgeProvider'
import type { BoothState } from './booth-state'
import type { BoothStore } from './create-booth-store'

declare module '../bridge/BridgeProvider' {
  /** This store, as the window's provider holds it (useStores().booth). */
  interface BoothStoreRegistry {
    booth: BoothStore
  }
}

export function useBoothStore(): BoothStore {
  return useStores().booth
}

export function useBooth<T>(selector: (state: BoothState) => T): T {
  return useStore(useBoothStore(), useShallow(selector))
}
