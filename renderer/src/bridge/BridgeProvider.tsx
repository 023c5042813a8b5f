/**
 * The renderer's one access path to main and to its stores: main.tsx connects the bridge once
 * (connectBridge), makes the window's stores once (createStores) and wraps the app in <BridgeProvider>.
 * Components reach the bridge with useBridge() and the stores through the hooks beside each store
 * (useBooth, useTakes, useAccount, useReadback), which read them from here.
 */
import { createContext, useContext, type ReactNode } from 'react'
import type { BoothApi } from '../../../shared/bridge'

/**
 * The window's stores by name, as the provider holds them. Empty here on purpose: each store's module adds
 * its own entry (declaration merging: `declare module '…/bridge/BridgeProvider'`), so the bridge names no
 * feature and imports none, and app/create-stores.ts, which makes them all, is checked against the whole.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface BoothStoreRegistry {}

interface Bridged {
  api: BoothApi
  stores: BoothStoreRegistry
}

const BridgeContext = createContext<Bridged | null>(null)

export function BridgeProvider({ api, stores, children }: Bridged & { children: ReactNode }) {
  return <BridgeContext.Provider value={{ api, stores }}>{children}</BridgeContext.Provider>
}

function useBridged(): Bridged {
  const given = useContext(BridgeContext)
  if (!given) throw new Error('Booth’s bridge is missing: wrap the app in <BridgeProvider> (main.tsx does).')
  return given
}

/** The window's bridge to main. */
export function useBridge(): BoothApi {
  return useBridged().api
}

/** The window's stores (made once by createStores). */
export function useStores(): BoothStoreRegistry {
  return useBridged().stores
}
