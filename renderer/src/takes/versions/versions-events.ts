/**
 * What the versions store hears from main rather than asks: the progress of version work (versionProgress),
 * and Booth answering again after it stopped: the work it cut off is said as not finished, or as finished
 * just before, as the take's versions show (versions-store.ts keeps `interrupted` while Booth is away).
 */
import type { StoreApi } from 'zustand/vanilla'
import type { BoothApi } from '../../../../shared/bridge'
import { compKey, takeOfWork, takeWork, type WorkKey } from './version-keys'
import type { VersionsState } from './versions-store'

/** Listens to main for the store; returns the unsubscribe. */
export function listenToVersionEvents(
  api: BoothApi,
  store: StoreApi<VersionsState>,
  interrupted: Map<WorkKey, { what: string; since: number }>,
  refreshTakes: (jobId: string) => void,
): () => void {
  const off = api.on('versionProgress', (p) => {
    const state = store.getState()
    const key = p.takeId ? takeWork(p.takeId) : compKey(p.jobId)
    if (p.preview && p.takeId) store.setState({ previews: { ...state.previews, [p.takeId]: p.preview } })
    const { [key]: _old, ...rest } = state.progress
    if (p.stage !== 'done' && p.stage !== 'failed') {
      store.setState({ progress: { ...rest, [key]: p } })
      return
    }
    // done / failed: the call's answer says the rest. A comp's stages came without a take (compKey) and
    // its done names the new take: an event that came in after the answer must not stay on screen.
    const comp = compKey(p.jobId)
    const { [comp]: _comp, ...others } = rest
    store.setState({ progress: state.busy[comp] === undefined ? others : rest })
    if (p.stage === 'done' && p.takeId) void state.loadVersions(p.takeId)
  })
  // Booth answers again after it stopped: the "not running" of work it cut off gives way at once to what did not finish.
  const offPresence =
    api.onPresence?.((host) => {
      if (host !== 'up') return
      // Booth started again: its journal may name work cut off on any take shown.
      for (const jobId of new Set(Object.values(store.getState().unfinished).map((n) => n.jobId)))
        void store.getState().loadUnfinished(jobId)
      for (const [key, cut] of [...interrupted]) {
        interrupted.delete(key)
        void sayUnfinished(key, cut.what, cut.since)
      }
    }) ?? (() => undefined)
  const sayUnfinished = async (key: WorkKey, what: string, since: number) => {
    const patchNotice = (text: string) =>
      store.setState({ notice: { ...store.getState().notice, [key]: { tone: 'info', text } } })
    const takeId = takeOfWork(key)
    if (takeId === null) {
      patchNotice(`${what} before Booth stopped was not finished; no comp take was made from it.`)
      return
    }
    patchNotice(`${what} before Booth stopped was not finished.`)
    try {
      const view = await api.listVersions({ takeId })
      store.setState({ views: { ...store.getState().views, [takeId]: view } })
      if (interrupted.has(key) || store.getState().busy[key] !== undefined) return
      // Main's journal is the one source when it has a note of this take: the page does not say it again.
      await store.getState().loadUnfinished(view.jobId)
      if (store.getState().unfinished[takeId]) {
        const { [key]: _said, ...others } = store.getState().notice
        store.setState({ notice: others })
        refreshTakes(view.jobId)
        return
      }
      const take = view.takeNumber !== undefined ? `take ${view.takeNumber}` : 'the take'
      // Its answer was lost, but the version may have been made just before Booth stopped: said as it is.
      const made = view.versions.find(
        (v) => v.number === view.current && v.number > 1 && Date.parse(v.created_at) >= since,
      )
      patchNotice(
        made
          ? `${what} was finished just before Booth stopped; ${take} is at version ${view.current}.`
          : `${what} before Booth stopped was not finished; ${take} is at version ${view.current}.`,
      )
      refreshTakes(view.jobId)
    } catch {
      // The sentence without the version stays; the takes list shows the take as Booth has it.
    }
  }
  return () => {
    off()
    offPresence()
  }
}
