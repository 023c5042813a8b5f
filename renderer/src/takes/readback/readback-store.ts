/**
 * The read-back's state on the page: each take's read-back (Booth's own check) and the read-back
 * settings. Made once per window by createStores; it follows main's readback and readbackSettings events.
 */
import { useStore } from 'zustand'
import { createStore, type StoreApi } from 'zustand/vanilla'
import type { BoothApi } from '../../../../shared/bridge'
import type { ReadbackEngineChoice, ReadbackSettingsView, ReadbackState } from '../../../../shared/bridge-readback'
import { createAnswerOrder } from '../../store/answer-order'
import { createPaintHold, type AfterPaint } from '../../store/paint-hold'
import { afterPaintOrNow } from '../../ui/after-paint'
import { errorText } from '../../store/error-text'
import type { StoreHandle } from '../../store/store-handle'
import { useStores } from '../../bridge/BridgeProvider'

declare module '../../bridge/BridgeProvider' {
  /** This store, as the window's provider holds it (useStores().readback). */
  interface BoothStoreRegistry {
    readback: StoreApi<ReadbackStoreState>
  }
}

export interface ReadbackStoreState {
  byTake: Record<string, ReadbackState>
  settings: ReadbackSettingsView | null
  error: string | null
  /**
   * The take whose read-back is marked on each job's script, when the talent chose one, with the newest
   * take number at that moment: a take recorded later takes the script back (see script-take.ts).
   */
  onScript: Record<string, { takeId: string; newest: number }>
  showOnScript(jobId: string, choice: { takeId: string; newest: number } | null): void
  load(takeId: string): Promise<void>
  run(takeId: string): Promise<void>
  loadSettings(): Promise<void>
  setSettings(patch: { enabled?: boolean; engine?: ReadbackEngineChoice }): Promise<void>
  download(): Promise<void>
  cancelDownload(): Promise<void>
  setFolder(path: string | null): Promise<void>
  /** Stop was pressed: read-back events wait until `done` settles and the frame after it is painted (paint-hold.ts). */
  holdEventsUntil(done: Promise<unknown>): void
}

export interface ReadbackStoreOptions {
  /** Resolves once the frame on its way is painted (tests: by hand). */
  afterPaint?: AfterPaint
}

/**
 * The read-back store of the window's bridge (made once by createStores). A read-back event that comes
 * between the Stop key and the stopped take's check on screen (the new take's read-back starting, or the
 * previous take's finishing just then) waits until the check's frame is painted (paint-hold.ts), so the
 * talent sees the check first.
 */
export function createReadbackStore(
  api: BoothApi,
  options: ReadbackStoreOptions = {},
): StoreHandle<ReadbackStoreState> {
  const order = createAnswerOrder()
  const events = createPaintHold<ReadbackState>(options.afterPaint ?? afterPaintOrNow, (states) => {
    store.setState((st) => ({ byTake: { ...st.byTake, ...Object.fromEntries(states) } }))
  })
  const store = createStore<ReadbackStoreState>()((set) => {
    const settingsCall = async (call: () => Promise<ReadbackSettingsView>) => {
      try {
        set({ settings: await call(), error: null })
      } catch (err) {
        set({ error: errorText(err) })
        throw err
      }
    }
    return {
      byTake: {},
      settings: null,
      error: null,
      onScript: {},
      showOnScript: (jobId, choice) =>
        set((st) => {
          const { [jobId]: _was, ...rest } = st.onScript
          return { onScript: choice === null ? rest : { ...rest, [jobId]: choice } }
        }),
      load: async (takeId) => void (await order.ask(takeId, () => api.getReadback({ takeId }), put)),
      run: async (takeId) => void (await order.ask(takeId, () => api.runReadback({ takeId }), put)),
      loadSettings: () => settingsCall(() => api.getReadbackSettings({})),
      setSettings: (patch) => settingsCall(() => api.setReadbackSettings(patch)),
      download: () => settingsCall(() => api.downloadReadbackModel({})),
      cancelDownload: () => settingsCall(() => api.cancelReadbackModelDownload({})),
      setFolder: (path) => settingsCall(() => api.setReadbackModelFolder({ path })),
      holdEventsUntil: (done) => events.holdUntil(done),
    }
  })
  // One take's read-back from a call's answer: asked after any event still waiting, so newer.
  function put(s: ReadbackState): void {
    events.drop(s.takeId)
    store.setState((st) => ({ byTake: { ...st.byTake, [s.takeId]: s } }))
  }
  const offs = [
    api.on('readback', (s) => {
      order.heard(s.takeId)
      events.offer(s.takeId, s)
    }),
    api.on('takeChecked', () => events.hold()),
    api.on('readbackSettings', (v) => store.setState({ settings: v })),
  ]
  return { store, unsubscribe: () => offs.forEach((off) => off()) }
}

/** Hooks for components: the window's read-back store from <BridgeProvider>. */
export function useReadbackStore(): StoreApi<ReadbackStoreState> {
  return useStores().readback
}

export function useReadback<T>(pick: (s: ReadbackStoreState) => T): T {
  return useStore(useReadbackStore(), pick)
}

/**
 * The important (high-severity) issues of a take's read-back; empty when none, when not checked, and when
 * no speech was heard at all (music, a tone, another language: the read-back has nothing to say then).
 */
export function highIssues(state: ReadbackState | undefined) {
  if (!state?.result || state.result.words.length === 0) return []
  return state.result.check.issues.filter((i) => i.severity === 'high')
}
