/**
 * The takes area's state: each job's takes (and deleted takes, for undo), the delivery queue, upload
 * progress, and what the last drop or action said. Made once per window by createStores;
 * it follows main's takes, takeChecked, uploadProgress and deliveryQueue events.
 */
import { useStore } from 'zustand'
import { createStore, type StoreApi } from 'zustand/vanilla'
import { useShallow } from 'zustand/react/shallow'
import type { BoothApi } from '../../../shared/bridge'
import type {
  DeliveryQueueEntry,
  ScriptRead,
  TakeLabelValue,
  TakesSnapshot,
  TakeView,
  UploadProgress,
} from '../../../shared/bridge-takes'
import { createAnswerOrder } from '../store/answer-order'
import { errorText } from '../store/error-text'
import type { StoreHandle } from '../store/store-handle'
import { useStores } from '../bridge/BridgeProvider'
import { importDropped } from './dropped-files'
import { displayText } from '../../../shared/display-text'
import { takeName } from './take-numbers'
import { afterPaintOrNow } from '../ui/after-paint'
import { createPaintHold, type AfterPaint } from '../store/paint-hold'

declare module '../bridge/BridgeProvider' {
  /** This store, as the window's provider holds it (useStores().takes). */
  interface BoothStoreRegistry {
    takes: StoreApi<TakesState>
  }
}

export interface TakesNotice {
  jobId: string
  tone: 'success' | 'danger' | 'info'
  lines: string[]
}

export interface TakesState {
  byJob: Record<string, TakesSnapshot>
  loadError: Record<string, string>
  queue: DeliveryQueueEntry[]
  progress: Record<string, UploadProgress>
  /** What the last drop or action on a job said (shown under the takes list). */
  notice: TakesNotice | null
  /** The take just deleted (with its one name), which Undo brings back. */
  undo: { jobId: string; takeId: string; name: string } | null
  /** The take last handed to the delivery queue in this window, whose state the recorder area shows. */
  lastDelivered: { jobId: string; takeId: string; at: number } | null
  forgetLastDelivered(): void
  importing: Record<string, number>
  /** The job a file is being dragged over (its takes column shows a drop hint). */
  dropTarget: string | null
  setDropTarget(jobId: string | null): void
  loadTakes(jobId: string): Promise<void>
  /** Puts a take main just answered (a stopped recording) into its job's list at once. */
  applyTake(take: TakeView): void
  loadQueue(): Promise<void>
  /** `script`: the job's script on screen at the drop, which the new takes are read from. */
  importFiles(jobId: string, files: readonly File[], script?: ScriptRead): Promise<void>
  setLabel(take: TakeView, label: TakeLabelValue): Promise<void>
  setNote(take: TakeView, note: string | null): Promise<void>
  setTrim(take: TakeView, trim: { head_s: number; tail_s: number }): Promise<void>
  deleteTake(take: TakeView): Promise<void>
  /** Keeps a take recovered after a crash, so it can be delivered (discarding it is deleteTake). */
  keepRecovered(take: TakeView): Promise<void>
  undoDelete(): Promise<void>
  deliver(take: TakeView, label: TakeLabelValue, note: string | null): Promise<DeliveryQueueEntry>
  cancelDelivery(takeId: string, jobId: string): Promise<void>
  retryDelivery(takeId: string, jobId: string): Promise<void>
  pauseUpload(takeId: string, jobId: string): Promise<void>
  resumeUpload(takeId: string, jobId: string): Promise<void>
  say(notice: TakesNotice | null): void
  /** Stop was pressed: main's takes events wait until `done` settles and the frame after it is painted (paint-hold.ts). */
  holdEventsUntil(done: Promise<unknown>): void
}

/**
 * A failure as the takes area shows it: main's sentence, neutralised like every name Booth shows
 * (displayText), since it quotes a file name that may carry bidirectional controls.
 */
function shownError(err: unknown): string {
  return displayText(errorText(err))
}

/** Puts one changed take into its job's snapshot (events bring the whole list soon after; this is at once). */
function withTake(snap: TakesSnapshot | undefined, take: TakeView): TakesSnapshot | undefined {
  if (!snap) return snap
  const takes = snap.takes.some((t) => t.id === take.id)
    ? snap.takes.map((t) => (t.id === take.id ? take : t))
    : [...snap.takes, take]
  return { ...snap, takes }
}

/**
 * A stopped take's check while its file is saved (main's takeChecked): shown at once, unless the list
 * already holds the take finished (Stop's answer, or what the disk kept, came first).
 */
function withChecked(snap: TakesSnapshot | undefined, take: TakeView): TakesSnapshot | undefined {
  const known = snap?.takes.find((t) => t.id === take.id)
  if (!snap || (known && known.state !== 'recording')) return snap
  return withTake(snap, known ? { ...known, preflight: take.preflight, saving: true } : take)
}

export interface TakesStoreOptions {
  /** Resolves once the frame on its way is painted (tests: by hand). Default: afterNextPaint (none without a page). */
  afterPaint?: AfterPaint
}

/**
 * The takes store of the window's bridge; it follows main's takes, deliveryQueue and uploadProgress events.
 * A stopped take's check (takeChecked) is drawn before anything else of the takes: main's takes events
 * from the Stop key on (the saved take, its row drawn in full) wait for the check's frame (paint-hold.ts),
 * as Stop's own answer does (recorder/recorder-store.ts); the newest list of each job is then applied.
 */
export function createTakesStore(api: BoothApi, options: TakesStoreOptions = {}): StoreHandle<TakesState> {
  const order = createAnswerOrder()
  const lists = createPaintHold<TakesSnapshot>(options.afterPaint ?? afterPaintOrNow, (snaps) => {
    store.setState({ byJob: { ...store.getState().byJob, ...Object.fromEntries(snaps) } })
  })
  const store = createStore<TakesState>()((set, get) => {
    const apply = (take: TakeView) => {
      const snap = withTake(get().byJob[take.job_id], take)
      if (snap) set({ byJob: { ...get().byJob, [take.job_id]: snap } })
    }
    /** Runs an action; a failure becomes a notice on the job (never a thrown error in a click handler). */
    const act = async (jobId: string, run: () => Promise<void>) => {
      try {
        await run()
      } catch (err) {
        set({ notice: { jobId, tone: 'danger', lines: [shownError(err)] } })
      }
    }
    return {
      byJob: {},
      loadError: {},
      queue: [],
      progress: {},
      notice: null,
      undo: null,
      lastDelivered: null,
      importing: {},
      dropTarget: null,
      setDropTarget: (jobId) => {
        if (get().dropTarget !== jobId) set({ dropTarget: jobId })
      },
      applyTake: (take) => apply(take),
      loadTakes: async (jobId) => {
        try {
          // A takes event that came in while the list was asked for wins over the answer (answer-order.ts).
          await order.ask(
            jobId,
            () => api.listTakes({ jobId }),
            (snap) => {
              // Asked after any list still waiting for a check's frame, so newer: that one is dropped.
              lists.drop(jobId)
              set({ byJob: { ...get().byJob, [jobId]: snap } })
            },
          )
          const { [jobId]: _gone, ...rest } = get().loadError
          set({ loadError: rest })
        } catch (err) {
          set({ loadError: { ...get().loadError, [jobId]: shownError(err) } })
        }
      },
      loadQueue: async () => {
        try {
          set({ queue: (await api.listDeliveryQueue({})).items })
        } catch {
          // The queue view says nothing new; the next deliveryQueue event fills it.
        }
      },
      importFiles: async (jobId, files, script) => {
        const count = (delta: number) =>
          set({ importing: { ...get().importing, [jobId]: Math.max(0, (get().importing[jobId] ?? 0) + delta) } })
        const { lines, ok, failed } = await importDropped(
          files,
          async (file) => {
            const take = await api.importTake({
              jobId,
              path: await api.pathForFile(file),
              ...(script ? { script } : {}),
            })
            apply(take)
            return take
          },
          { said: (file, take) => `“${displayText(file.name)}” is ${takeName(take)}.`, shown: shownError, each: count },
        )
        if (lines.length)
          set({ notice: { jobId, tone: failed === 0 ? 'success' : ok === 0 ? 'danger' : 'info', lines } })
      },
      setLabel: (take, label) =>
        act(take.job_id, async () => apply(await api.setTakeLabel({ takeId: take.id, label }))),
      setNote: (take, note) => act(take.job_id, async () => apply(await api.setTakeNote({ takeId: take.id, note }))),
      setTrim: (take, trim) => act(take.job_id, async () => apply(await api.setTakeTrim({ takeId: take.id, ...trim }))),
      keepRecovered: (take) => act(take.job_id, async () => apply(await api.keepRecoveredTake({ takeId: take.id }))),
      deleteTake: (take) =>
        act(take.job_id, async () => {
          await api.deleteTake({ takeId: take.id })
          const snap = get().byJob[take.job_id]
          if (snap)
            set({
              byJob: {
                ...get().byJob,
                [take.job_id]: {
                  ...snap,
                  takes: snap.takes.filter((t) => t.id !== take.id),
                  trash: [...snap.trash, take],
                },
              },
            })
          set({ undo: { jobId: take.job_id, takeId: take.id, name: takeName(take) } })
        }),
      undoDelete: async () => {
        const undo = get().undo
        if (!undo) return
        await act(undo.jobId, async () => {
          const take = await api.restoreTake({ takeId: undo.takeId })
          set({ undo: null })
          const snap = get().byJob[undo.jobId]
          if (snap)
            set({
              byJob: { ...get().byJob, [undo.jobId]: { ...snap, trash: snap.trash.filter((t) => t.id !== take.id) } },
            })
          apply(take)
        })
      },
      // Errors go back to the dialog that asked, which shows them.
      deliver: async (take, label, note) => {
        const entry = await api.deliverTake({ takeId: take.id, label, note })
        set({
          queue: [...get().queue.filter((q) => q.takeId !== entry.takeId), entry],
          lastDelivered: { jobId: take.job_id, takeId: take.id, at: Date.now() },
        })
        return entry
      },
      forgetLastDelivered: () => set({ lastDelivered: null }),
      cancelDelivery: (takeId, jobId) => act(jobId, async () => apply(await api.cancelDelivery({ takeId }))),
      retryDelivery: (takeId, jobId) => act(jobId, async () => void (await api.retryDelivery({ takeId }))),
      pauseUpload: (takeId, jobId) => act(jobId, async () => void (await api.pauseUpload({ takeId }))),
      resumeUpload: (takeId, jobId) => act(jobId, async () => void (await api.resumeUpload({ takeId }))),
      say: (notice) => set({ notice }),
      holdEventsUntil: (done) => lists.holdUntil(done),
    }
  })
  const offs = [
    api.on('takes', (snap) => {
      // Heard now (an answer asked before it is older), applied once a check on its way is drawn.
      order.heard(snap.jobId)
      lists.offer(snap.jobId, snap)
    }),
    api.on('takeChecked', (take) => {
      order.heard(take.job_id)
      const snap = withChecked(store.getState().byJob[take.job_id], take)
      if (!snap || snap === store.getState().byJob[take.job_id]) return
      store.setState({ byJob: { ...store.getState().byJob, [take.job_id]: snap } })
      lists.hold()
    }),
    api.on('deliveryQueue', (view) => store.setState({ queue: view.items })),
    api.on('uploadProgress', (p) => store.setState({ progress: { ...store.getState().progress, [p.takeId]: p } })),
    // Booth back after it was gone: the takes it recovered and the queue it resumed are read again.
    api.onPresence?.((host) => {
      if (host !== 'up') return
      for (const jobId of Object.keys(store.getState().byJob)) void store.getState().loadTakes(jobId)
      void store.getState().loadQueue()
    }) ?? (() => undefined),
  ]
  void store.getState().loadQueue()
  return { store, unsubscribe: () => offs.forEach((off) => off()) }
}

/** Hooks for components: the window's takes store from <BridgeProvider>. */
export function useTakesStore(): StoreApi<TakesState> {
  return useStores().takes
}

export function useTakes<T>(selector: (state: TakesState) => T): T {
  return useStore(useTakesStore(), useShallow(selector))
}
