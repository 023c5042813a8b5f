/**
 * The prompter's state on the page: how it moves (voice, pace, off: main keeps the choice) and where the
 * voice is in the script while a take records (main's `follow` events). Made once per window by
 * createStores; the script panel reads it.
 */
import { useStore } from 'zustand'
import { createStore, type StoreApi } from 'zustand/vanilla'
import type { BoothApi } from '../../../../shared/bridge'
import type { FollowPosition, PrompterMode, PrompterSettingsView } from '../../../../shared/bridge-prompter'
import { errorText } from '../../store/error-text'
import type { StoreHandle } from '../../store/store-handle'
import { useStores } from '../../bridge/BridgeProvider'

declare module '../../bridge/BridgeProvider' {
  /** This store, as the window's provider holds it (useStores().prompter). */
  interface BoothStoreRegistry {
    prompter: StoreApi<PrompterStoreState>
  }
}

export interface PrompterStoreState {
  settings: PrompterSettingsView | null
  /** The latest position main sent (one take records at a time). */
  follow: FollowPosition | null
  error: string | null
  load(): Promise<void>
  setMode(mode: PrompterMode): Promise<void>
}

export function createPrompterStore(api: BoothApi): StoreHandle<PrompterStoreState> {
  const store = createStore<PrompterStoreState>()((set) => ({
    settings: null,
    follow: null,
    error: null,
    load: async () => {
      try {
        set({ settings: await api.getPrompterSettings({}), error: null })
      } catch (err) {
        set({ error: errorText(err) })
      }
    },
    setMode: async (mode) => {
      try {
        set({ settings: await api.setPrompterSettings({ mode }), error: null })
      } catch (err) {
        set({ error: errorText(err) })
      }
    },
  }))
  const offs = [
    api.on('follow', (follow) => store.setState({ follow })),
    api.on('prompterSettings', (settings) => store.setState({ settings })),
    // Booth gone: nobody listens any more, so no "Listening…" and no highlight is left on the script.
    ...(api.onPresence
      ? [
          api.onPresence((host) => {
            if (host !== 'up') store.setState({ follow: null })
          }),
        ]
      : []),
  ]
  return { store, unsubscribe: () => offs.forEach((off) => off()) }
}

export function usePrompterStore(): StoreApi<PrompterStoreState> {
  return useStores().prompter
}

export function usePrompterState<T>(pick: (s: PrompterStoreState) => T): T {
  return useStore(usePrompterStore(), pick)
}
