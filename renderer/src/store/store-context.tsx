/** Hands the one store to components; they read it with useBooth(selector), compared shallowly. */
import { createContext, useContext, type ReactNode } from 'react'
import { useStore } from 'zustand'
import { useShallow } from 'zustand/react/shallow'
import type { BoothState } from './booth-state'
import type { BoothStore } from './create-booth-store'

const StoreContext = createContext<BoothStore | null>(null)

export function BoothStoreProvider({ store, children }: { store: BoothStore; children: ReactNode }) {
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>
}

export function useBoothStore(): BoothStore {
  const store = useContext(StoreContext)
  if (!store) throw new Error('Booth’s store is missing: wrap the app in <BoothStoreProvider>.')
  return store
}

export function useBooth<T>(selector: (state: BoothState) => T): T {
  return useStore(useBoothStore(), useShallow(selector))
}
