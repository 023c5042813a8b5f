/**
 * The bridge the takes area talks through: the window's one bridge, passed down by main.tsx with
 * <TakesApiProvider api={api}>, so the window keeps a single event stream.
 */
import { createContext, useContext, type ReactNode } from 'react'
import type { BoothApi } from '../../../shared/bridge'

const TakesApiContext = createContext<BoothApi | null>(null)

export function TakesApiProvider({ api, children }: { api: BoothApi; children: ReactNode }) {
  return <TakesApiContext.Provider value={api}>{children}</TakesApiContext.Provider>
}

export function useTakesApi(): BoothApi {
  const given = useContext(TakesApiContext)
  if (!given) throw new Error('The takes area was shown outside <TakesApiProvider>; main.tsx provides it.')
  return given
}
