/**
 * The notification centre's list in the renderer: main's `notices` snapshots, and which notices arrived
 * while this window was open (only those may become browser notifications, so a reload shows none twice).
 */
import { useStore } from 'zustand'
import { createStore, type StoreApi } from 'zustand/vanilla'
import { useShallow } from 'zustand/react/shallow'
import type { BoothApi } from '../../../shared/bridge'
import type { BoothNotice, NoticesView } from '../../../shared/bridge-notices'

export interface NoticesState {
  view: NoticesView
  /** Ids seen in this window; a notice not yet seen is new. */
  seen: Set<string>
  /** Called with each notice that arrives while the window is open. */
  onArrival: ((notice: BoothNotice) => void) | null
  apply(view: NoticesView): void
  markRead(ids: string[] | null): Promise<void>
}

const stores = new WeakMap<BoothApi, StoreApi<NoticesState>>()

export function noticesStoreFor(api: BoothApi): StoreApi<NoticesState> {
  let store = stores.get(api)
  if (store) return store
  let first = true
  const made = createStore<NoticesState>()((set, get) => ({
    view: { items: [], unread: 0 },
    seen: new Set(),
    onArrival: null,
    apply: (view) => {
      const seen = new Set(get().seen)
      const fresh = first ? [] : view.items.filter((n) => !seen.has(n.id))
      first = false
      for (const n of view.items) seen.add(n.id)
      set({ view, seen })
      for (const n of fresh.reverse()) get().onArrival?.(n)
    },
    markRead: async (ids) => {
      get().apply(await api.markNoticesRead({ ids }))
    },
  }))
  api.on('notices', (view) => made.getState().apply(view))
  void api.listNotices({}).then((view) => made.getState().apply(view), () => undefined)
  stores.set(api, made)
  store = made
  return store
}

export function useNotices<T>(api: BoothApi, selector: (s: NoticesState) => T): T {
  return useStore(noticesStoreFor(api), useShallow(selector))
}
