/**
 * The one way the renderer makes a store: a factory `createXStore(api)` that builds a zustand vanilla store
 * for the window's bridge, subscribes ONCE to the events that feed it, and hands back both.
 * createStores (app/create-stores.ts) calls every factory once per window.
 */
import type { StoreApi } from 'zustand/vanilla'

export interface StoreHandle<T> {
  store: StoreApi<T>
  /** Stops following main's events (tests; the window's stores live as long as the window). */
  unsubscribe(): void
}
