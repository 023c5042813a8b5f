/**
 * The read-back's bridge handlers (shared/bridge-readback.ts) and its hooks into the take calls: while a
 * take records, read-backs wait; one that stops, or is imported, is queued (and compared with the take's
 * own script_read). The lead
 * wires `handlers` and `wrapTakeHandlers` into the core, calls start() once and stop() before quitting.
 */
import { UserFacingError } from '../../bridge/describe-error'
import type { BridgeHandlers } from '../../bridge/dispatch'
import type { EventHub } from '../../bridge/event-hub'
import type { TakeStore } from '../../takes/take-store'
import type { JobView } from '../../../shared/bridge'
import type { readbackCalls } from '../../../shared/bridge-readback'
import { join } from 'node:path'
import { guardTakeErrors } from '../../takes/take-errors'
import { keepReadbackFor } from '../../takes/version-readbacks'
import { ReadbackService, type ReadbackServiceDeps } from './readback-service'
import { findTransducer } from '../engines/sherpa/sherpa-model'
import type { ScriptCopy } from './script-copies'

export type ReadbackHandlers = Pick<BridgeHandlers, keyof typeof readbackCalls>
type TakeHooks = Pick<BridgeHandlers, 'startRecording' | 'stopRecording' | 'cancelRecording' | 'importTake'>

export interface ReadbackAreaDeps {
  dataDir: string
  store: TakeStore
  hub: EventHub
  getJob(jobId: string): Promise<JobView>
  warn(message: string): void
  /** Tests only. */
  service?: Partial<Pick<ReadbackServiceDeps, 'engines' | 'manifest' | 'recheckMs' | 'now'>>
}

function scriptOfJob(view: JobView): ScriptCopy | null {
  const s = view.job.script
  if (!s || s.kind === 'none' || !s.text.trim()) return null
  return {
    revision_id: s.revision_id,
    text: s.text,
    names: [view.job.advertiser, view.job.customer.name].filter((n) => n && n.trim()),
  }
}

export function createReadbackArea(deps: ReadbackAreaDeps) {
  const service = new ReadbackService({
    dataDir: deps.dataDir,
    takes: {
      get: (id) => deps.store.get(id),
      audioPath: (take) => deps.store.audioPath(take),
      // Beside the take's metadata, named by its id: emptying the trash removes it with the take (TakeStore.emptyTrash).
      resultPath: (take) => join(deps.store.folders.dir('takes', take.job_id), `${take.id}.readback.json`),
      // Only over the version it was made for: an undo while it ran keeps the restored version's read-back.
      keep: (take, result) => keepReadbackFor(deps.store, take, result),
    },
    currentScript: async (jobId) => scriptOfJob(await deps.getJob(jobId)),
    emitState: (s) => deps.hub.emit('readback', s),
    emitSettings: (v) => deps.hub.emit('readbackSettings', v),
    warn: deps.warn,
    ...deps.service,
  })

  const handlers: ReadbackHandlers = {
    getReadback: ({ takeId }) => guardTakeErrors(() => service.get(takeId)),
    runReadback: ({ takeId }) =>
      guardTakeErrors(async () => {
        await service.get(takeId) // a take that does not exist is refused here, with the store's sentence
        return service.requeue(takeId)
      }),
    getReadbackSettings: () => service.settingsView(),
    setReadbackSettings: ({ enabled, engine }) =>
      service.updateSettings({ ...(enabled !== undefined ? { enabled } : {}), ...(engine ? { engine } : {}) }),
    downloadReadbackModel: async () => {
      service.model.start()
      return service.settingsView()
    },
    cancelReadbackModelDownload: async () => {
      service.model.cancel()
      await service.model.settled()
      return service.settingsView()
    },
    setReadbackModelFolder: async ({ path }) => {
      if (path !== null) {
        const found = await findTransducer(path)
        if (typeof found === 'string') throw new UserFacingError('readback_model', found, 400)
      }
      return service.updateSettings({ modelFolder: path })
    },
  }

  /** The take calls with the read-back's hooks around them; each hook's failure is logged, never the call's. */
  const wrapTakeHandlers = <T extends TakeHooks>(takes: T): T => ({
    ...takes,
    startRecording: async (a) => {
      const started = await takes.startRecording(a)
      service.recordingStarted({ id: started.takeId })
      return started
    },
    stopRecording: async (a) => {
      try {
        return await takes.stopRecording(a)
      } finally {
        service.takeFinished(a.takeId)
      }
    },
    cancelRecording: async (a) => {
      try {
        return await takes.cancelRecording(a)
      } finally {
        service.recordingCancelled(a.takeId)
      }
    },
    importTake: async (a) => {
      const take = await takes.importTake(a)
      service.takeFinished(take.id)
      return take
    },
  })

  return { service, handlers, wrapTakeHandlers, start: () => service.start(), stop: () => service.stop() }
}
