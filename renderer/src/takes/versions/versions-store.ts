/**
 * The state of fixing takes in the window: what each take's version work is doing (main's versionProgress
 * events), what it last said, each take's versions as main lists them, a job's comp grid and pickup cards.
 * Made once per window by createStores; every call that makes or restores a version is made after the
 * person asked for it on screen. A failure is a sentence on the take (or the job), never a thrown error.
 */
import { useStore } from 'zustand'
import { createStore, type StoreApi } from 'zustand/vanilla'
import { useShallow } from 'zustand/react/shallow'
import type { BoothApi } from '../../../../shared/bridge'
import type { ScriptRead } from '../../../../shared/bridge-takes'
import type { FinishPreview, UnfinishedWorkNote, VersionProgress } from '../../../../shared/bridge-versions'
import type { FinishChoices } from '../../../../shared/versions/finish'
import type { CompGridView, PickupCardsView, RemovedLinesView, VersionsView } from '../../../../shared/versions/types'
import { displayText } from '../../../../shared/display-text'
import { errorText } from '../../store/error-text'
import { HOST_GONE_MESSAGE } from '../../bridge/http-transport'
import type { StoreHandle } from '../../store/store-handle'
import { useStores } from '../../bridge/BridgeProvider'
import { importDropped } from '../dropped-files'
import { listenToVersionEvents } from './versions-events'
import { cardsKey, compKey, pickupsKey, takeWork, type WorkKey } from './version-keys'

declare module '../../bridge/BridgeProvider' {
  /** This store, as the window's provider holds it (useStores().versions). */
  interface BoothStoreRegistry {
    versions: StoreApi<VersionsState>
  }
}

export interface VersionsNotice {
  tone: 'success' | 'danger' | 'info'
  text: string
}

export { cardsKey, compKey, pickupsKey, takeWork, takeOfWork, type WorkKey } from './version-keys'

export interface VersionsState {
  /** By work (version-keys.ts): the last progress main reported while work runs. */
  progress: Record<WorkKey, VersionProgress>
  /** By take id (or compKey / cardsKey): what is under way, in words; absent when nothing is. */
  busy: Record<WorkKey, string>
  /** By take id (or compKey / cardsKey): what the last action said. */
  notice: Record<WorkKey, VersionsNotice>
  /** By take id. */
  views: Record<string, VersionsView>
  /** By job id. */
  grids: Record<string, CompGridView>
  /** By job id. */
  cards: Record<string, PickupCardsView>
  /** By take id: the lines the producer removed since the script its current audio reads (main's answer). */
  removed: Record<string, RemovedLinesView>
  /**
   * By take id: work main's journal found cut off when Booth last stopped (shown until dismissed). The one
   * source of "did not finish" for a take: the page's own memory says it only when main has no note.
   */
  unfinished: Record<string, UnfinishedWorkNote>
  /** By take id: a finish's audio main offered to play while its version is still being made (until undone or finished again). */
  previews: Record<string, FinishPreview>
  loadUnfinished(jobId: string): Promise<void>
  dismissUnfinished(takeId: string): Promise<void>
  loadVersions(takeId: string): Promise<void>
  restore(takeId: string, version: number): Promise<void>
  placePickups(takeId: string, pickupTakeIds: string[]): Promise<boolean>
  cutRestart(takeId: string, range: { from_s: number; to_s: number }): Promise<void>
  /** Asks main which lines the producer removed since the take's audio was read (none: nothing to offer). */
  loadRemoved(takeId: string): Promise<void>
  /** Makes a version with the removed lines cut out, read back against the current script. */
  cutRemoved(takeId: string): Promise<void>
  /** Finishes the take for delivery with these choices (a new version; a refusal is the take's notice). */
  finish(takeId: string, choices: FinishChoices): Promise<void>
  loadGrid(jobId: string): Promise<void>
  renderComp(jobId: string, picks: Array<{ sentence: number; takeId: string }>): Promise<void>
  importCsv(jobId: string, takeId: string, csv: string): Promise<void>
  loadCards(jobId: string): Promise<void>
  /** Adds dropped or chosen audio files to the job as takes labelled pickup, read from `script`. */
  importPickups(jobId: string, files: readonly File[], script?: ScriptRead): Promise<void>
  dismiss(key: WorkKey): void
}

function shown(err: unknown): string {
  return displayText(errorText(err))
}

/** `refreshTakes`: lets the takes list show a changed take at once (main's takes event follows too). */
export function createVersionsStore(api: BoothApi, refreshTakes: (jobId: string) => void): StoreHandle<VersionsState> {
  /** By work key: what was under way when Booth stopped ("The pickup placed"), to be said once it answers again. */
  const interrupted = new Map<WorkKey, { what: string; since: number }>()
  /** By job id: the question to main about unfinished work while it is asked (one at a time per job). */
  const unfinishedAsked = new Map<string, Promise<void>>()
  const store = createStore<VersionsState>()((set, get) => {
    const patch = <K extends 'busy' | 'notice' | 'progress' | 'previews'>(
      field: K,
      key: K extends 'previews' ? string : WorkKey,
      value: VersionsState[K][keyof VersionsState[K]] | undefined,
    ) => {
      const { [key]: _old, ...rest } = get()[field] as Record<string, unknown>
      set({ [field]: value === undefined ? rest : { ...rest, [key]: value } } as Partial<VersionsState>)
    }
    /**
     * Runs one piece of work under `key`; the answer's words or the failure's sentence become its notice. A
     * failure because Booth stopped is remembered as `unfinished` (what it was), said again once Booth answers.
     */
    const work = async <T>(
      key: WorkKey,
      doing: string,
      run: () => Promise<T>,
      said: (v: T) => VersionsNotice | null,
      unfinished?: string,
    ): Promise<T | null> => {
      patch('busy', key, doing)
      patch('notice', key, undefined)
      interrupted.delete(key)
      const since = Date.now()
      try {
        const value = await run()
        const notice = said(value)
        if (notice) patch('notice', key, notice)
        return value
      } catch (err) {
        if (unfinished && hostGone(err)) interrupted.set(key, { what: unfinished, since })
        patch('notice', key, { tone: 'danger', text: shown(err) })
        return null
      } finally {
        patch('busy', key, undefined)
        patch('progress', key, undefined)
      }
    }
    const putView = (view: VersionsView) => set({ views: { ...get().views, [view.takeId]: view } })
    const afterChange = async (takeId: string, jobId: string) => {
      refreshTakes(jobId)
      try {
        putView(await api.listVersions({ takeId }))
      } catch {
        // The list stays as it was; the take row shows the take's own versions.
      }
    }
    const putUnfinished = (jobId: string, notes: readonly UnfinishedWorkNote[]) => {
      const kept = Object.fromEntries(Object.entries(get().unfinished).filter(([, n]) => n.jobId !== jobId))
      set({ unfinished: { ...kept, ...Object.fromEntries(notes.map((n) => [n.takeId, n])) } })
    }
    return {
      progress: {},
      busy: {},
      notice: {},
      views: {},
      grids: {},
      cards: {},
      removed: {},
      unfinished: {},
      previews: {},
      loadUnfinished: async (jobId) => {
        let asking = unfinishedAsked.get(jobId)
        if (!asking) {
          asking = api
            .listUnfinishedWork({ jobId })
            .then(
              (notes) => putUnfinished(jobId, notes),
              () => undefined,
            )
            .finally(() => unfinishedAsked.delete(jobId))
          unfinishedAsked.set(jobId, asking)
        }
        await asking
      },
      dismissUnfinished: async (takeId) => {
        const { [takeId]: _gone, ...rest } = get().unfinished
        set({ unfinished: rest })
        try {
          await api.dismissUnfinishedWork({ takeId })
        } catch {
          // Booth is not answering: the note may come back on the next start, which says nothing wrong.
        }
      },
      loadVersions: async (takeId) => {
        try {
          putView(await api.listVersions({ takeId }))
        } catch (err) {
          patch('notice', takeWork(takeId), { tone: 'danger', text: shown(err) })
        }
      },
      restore: async (takeId, version) => {
        patch('previews', takeId, undefined)
        const take = await work(
          takeWork(takeId),
          `Going back to version ${version}…`,
          () => api.restoreVersion({ takeId, version }),
          () => ({ tone: 'success', text: `Version ${version} is the take again.` }),
          `Going back to version ${version}`,
        )
        if (take) await afterChange(takeId, take.job_id)
      },
      placePickups: async (takeId, pickupTakeIds) => {
        const made = await work(
          takeWork(takeId),
          'Placing the pickups…',
          () => api.makePickupVersion({ takeId, pickupTakeIds }),
          (m) => ({
            tone: m.version.readback?.clean ? 'success' : 'info',
            text: `Version ${m.version.number}: ${displayText(m.version.summary)}`,
          }),
          'The pickup placed',
        )
        if (made) await afterChange(takeId, made.take.job_id)
        return made !== null
      },
      cutRestart: async (takeId, range) => {
        const made = await work(
          takeWork(takeId),
          'Cutting the false start…',
          () => api.cutRestart({ takeId, ...range }),
          (m) => ({ tone: 'success', text: `Version ${m.version.number}: ${displayText(m.version.summary)}` }),
          'The false start cut',
        )
        if (made) await afterChange(takeId, made.take.job_id)
      },
      loadRemoved: async (takeId) => {
        try {
          const view = await api.listRemovedLines({ takeId })
          set({ removed: { ...get().removed, [takeId]: view } })
        } catch {
          // Nothing is offered while Booth cannot say which lines went; the take row shows the rest.
          const { [takeId]: _gone, ...rest } = get().removed
          set({ removed: rest })
        }
      },
      cutRemoved: async (takeId) => {
        const made = await work(
          takeWork(takeId),
          'Cutting the removed lines…',
          () => api.cutRemovedLines({ takeId }),
          (m) => ({
            tone: m.version.readback?.clean ? 'success' : 'info',
            text: `Version ${m.version.number}: ${displayText(m.version.summary)}`,
          }),
          'The cut of the removed lines',
        )
        if (made) {
          await afterChange(takeId, made.take.job_id)
          await get().loadRemoved(takeId)
        }
      },
      finish: async (takeId, choices) => {
        patch('previews', takeId, undefined)
        const made = await work(
          takeWork(takeId),
          'Finishing for delivery…',
          () => api.finishVersion({ takeId, choices }),
          (m) => ({
            tone: m.version.readback?.clean === false ? 'info' : 'success',
            text: `Version ${m.version.number}: ${displayText(m.version.summary)}`,
          }),
          'The finish for delivery',
        )
        if (made) await afterChange(takeId, made.take.job_id)
        else patch('previews', takeId, undefined)
      },
      loadGrid: async (jobId) => {
        const grid = await work(
          compKey(jobId),
          'Reading the takes sentence by sentence…',
          () => api.getCompGrid({ jobId }),
          () => null,
        )
        if (grid) set({ grids: { ...get().grids, [jobId]: grid } })
      },
      renderComp: async (jobId, picks) => {
        const made = await work(
          compKey(jobId),
          'Rendering the comp…',
          () => api.renderComp({ jobId, picks }),
          (m) => ({
            tone: m.version.readback?.clean ? 'success' : 'info',
            text: `The comp is take ${m.take.take_number}. ${displayText(m.version.summary)}`,
          }),
          'The comp rendered',
        )
        if (made) refreshTakes(jobId)
      },
      importCsv: async (jobId, takeId, csv) => {
        const view = await work(
          cardsKey(jobId),
          'Reading the pickup list…',
          () => api.importPickupCsv({ jobId, takeId, csv }),
          (v) => ({
            tone: 'success',
            text: `${v.cards.length} pickup card${v.cards.length === 1 ? '' : 's'} on the script.`,
          }),
        )
        if (view) set({ cards: { ...get().cards, [jobId]: view } })
      },
      loadCards: async (jobId) => {
        try {
          set({ cards: { ...get().cards, [jobId]: await api.listPickupCards({ jobId }) } })
        } catch (err) {
          patch('notice', cardsKey(jobId), { tone: 'danger', text: shown(err) })
        }
      },
      importPickups: async (jobId, files, script) => {
        const key = pickupsKey(jobId)
        patch('busy', key, `Adding ${files.length} pickup file${files.length === 1 ? '' : 's'}…`)
        patch('notice', key, undefined)
        const { lines, failed } = await importDropped(
          files,
          async (file) =>
            api.importTake({
              jobId,
              path: await api.pathForFile(file),
              label: 'pickup',
              ...(script ? { script } : {}),
            }),
          { said: (file, take) => `“${displayText(file.name)}” is pickup ${take.take_number}.`, shown },
        )
        patch('busy', key, undefined)
        if (lines.length) patch('notice', key, { tone: failed === 0 ? 'success' : 'danger', text: lines.join(' ') })
        refreshTakes(jobId)
      },
      dismiss: (key) => patch('notice', key, undefined),
    }
  })
  return { store, unsubscribe: listenToVersionEvents(api, store, interrupted, refreshTakes) }
}

/** A call that failed because Booth itself stopped answering (the web host's page), not because it refused. */
function hostGone(err: unknown): boolean {
  return errorText(err) === HOST_GONE_MESSAGE
}

/** Hooks for components: the window's versions store from <BridgeProvider>. */
export function useVersionsStore(): StoreApi<VersionsState> {
  return useStores().versions
}

export function useVersions<T>(selector: (state: VersionsState) => T): T {
  return useStore(useVersionsStore(), useShallow(selector))
}
