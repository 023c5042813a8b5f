/**
 * The notification centre's list in the renderer: main's `notices` snapshots, and which notices arrived
 * while this window was open (only those may become browser notifications, so a reload shows none twice).
 */
import { useStore } from 'zustand'
import { createStore, type StoreApi } from 'zustand/vanilla'
import { useShallow } from 'zustand/react/shallow'
import type { BoothApi } from '../../../shared/bridge'
import type { BoothNotice, NoticesView } from '../../../shared/bridge-notices'
import { useStores } from '../bridge/BridgeProvider'
import { createAnswerOrder } from '../store/answer-order'
import type { StoreHandle } from '../store/store-handle'

declare module '../bridge/BridgeProvider' {
  /** This store, as the window's provider holds it (useStores().notices). */
  interface BoothStoreRegistry {
    notices: StoreApi<NoticesState>
  }
}

export interface NoticesState {
  view: NoticesView
  /** Ids seen in this window; a notice not yet seen is new. */
  seen: Set<string>
  /** Called with each notice that arrives while the window is open. */
  onArrival: ((notice: BoothNotice) => void) | null
  apply(view: NoticesView): void
  markRead(ids: string[] | null): Promise<void>
}

/** The notification centre's store for the window's bridge (made once, by createStores). */
export function createNoticesStore(api: BoothApi): StoreHandle<NoticesState> {
  let first = true
  // A notices event that came in while a call was out wins over the call's answer (answer-order.ts).
  const order = createAnswerOrder()
  const store = createStore<NoticesState>()((set, get) => ({
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
      await order.ask(
        'notices',
        () => api.markNoticesRead({ ids }),
        (view) => get().apply(view),
      )
    },
  }))
  const off = api.on('notices', (view) => {
    order.heard('notices')
    store.getState().apply(view)
  })
  void order
    .ask(
      'notices',
      () => api.listNotices({}),
      (view) => store.getState().apply(view),
    )
    .catch(() => undefined)
  return { store, unsubscribe: off }
}

export function useNoticesStore(): StoreApi<NoticesState> {
  return useStores().notices
}

export function useNotices<T>(selector: (s: NoticesState) => T): T {
  return useStore(useNoticesStore(), useShallow(selector))
}
