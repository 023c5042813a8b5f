/**
 * The takes area's bridge handlers (shared/bridge-takes.ts): takes on disk, recording, delivery and the
 * delivery queue, composed from the TakeStore and the DeliveryService. The lead wires `handlers` into
 * the core, calls start() once the app is up and stop() before it quits. The composition root
 * (main/app/compose.ts) builds the DeliveryService, given this area's store and `changed`: takes/ does
 * not import delivery/ (which builds on takes/).
 */
import type { TalentClient } from '../api/client'
import { measureTake } from '../audio/measure-take'
import type { BridgeHandlers } from '../bridge/dispatch'
import type { EventHub } from '../bridge/event-hub'
import type { Log } from '../logging/redacting-log'
import { TakeInputError } from './take-input-checks'
import { TakeStore } from './take-store'
import { guardTakeErrors } from './take-errors'
import type { MeasureTake, TakeLabel, TakeMeta } from './take-types'
import {
  scriptReadOf,
  type DeliveryQueueEntry,
  type DeliveryQueueView,
  type takeCalls,
  type TakesSnapshot,
} from '../../shared/bridge-takes'
import type { JobDetail } from '../../shared/bridge'
import { createJobFactsLookup } from './job-facts-lookup'
import { createRecordingCalls, type ProfileOf } from './recording-handlers'
import { takeName } from '../../shared/take-name'

/** What the take calls use of the DeliveryService (main/delivery/delivery-service.ts). */
export interface TakeDelivery {
  readonly queue: { get(takeId: string): unknown }
  start(): Promise<void>
  stop(): Promise<void>
  releaseUpload(takeId: string): Promise<void>
  list(): DeliveryQueueView
  deliver(takeId: string, o: { label: TakeLabel; note: string | null; jobId: string }): Promise<DeliveryQueueEntry>
  cancel(takeId: string): Promise<TakeMeta>
  retry(takeId: string): Promise<DeliveryQueueEntry>
  pause(takeId: string): Promise<DeliveryQueueEntry>
  resume(takeId: string): Promise<DeliveryQueueEntry>
}

/** The pieces of the takes area the delivery service is built on: its store, its log, and `changed` (a take's metadata changed). */
export interface TakeDeliveryParts {
  store: TakeStore
  log: Log
  changed: (jobId: string) => void
}

export interface TakeHandlerDeps<D extends TakeDelivery = TakeDelivery> {
  client: () => TalentClient | null
  dataDir: string
  hub: EventHub
  log: Log
  /** Builds the delivery service (compose.ts: a DeliveryService) on this area's store. */
  delivery: (parts: TakeDeliveryParts) => D
  /** The saved copy of a job (offline cache), so a take can be made at once without the network. */
  savedJob?: (jobId: string) => Promise<JobDetail | null>
  /** Tests and benchmarks only: measurement and ffmpeg. */
  measure?: MeasureTake
  /** The delivery profile a job's takes are judged by (main/audio/profile-settings.ts); default: its kind's. */
  profileOf?: ProfileOf
  ffmpegPath?: string
}

/** Every take call but the two media URLs, which main/takes/playback-handlers.ts answers (they need the transport's media URLs). */
export type TakeHandlers = Pick<
  BridgeHandlers,
  Exclude<keyof typeof takeCalls, 'getTakeMediaUrl' | 'getListenUrl' | 'dismissCutShort'>
>

export interface TakeArea<D extends TakeDelivery = TakeDelivery> {
  handlers: TakeHandlers
  store: TakeStore
  delivery: D
  /** Sends this job's takes again (the 'takes' event); a listing that fails is logged. */
  changed(jobId: string): void
  start(): Promise<void>
  stop(): Promise<void>
}

export function createTakeHandlers<D extends TakeDelivery>(deps: TakeHandlerDeps<D>): TakeArea<D> {
  const log = deps.log.child({ module: 'takes' })
  const store = new TakeStore({
    dataDir: deps.dataDir,
    measure: deps.measure ?? measureTake,
    ffmpegPath: deps.ffmpegPath,
  })

  const snapshot = async (jobId: string): Promise<TakesSnapshot> => {
    const [live, trash] = await Promise.all([store.list(jobId), store.listTrash(jobId)])
    // Damaged takes are listed wherever they are, the trash included: never dropped.
    const damaged = [...live.damaged, ...trash.damaged].map((d) => ({
      id: d.id,
      message: d.message,
      shelf: d.shelf ?? 'takes',
      audioPath: d.audio_path ?? null,
    }))
    return { jobId, takes: live.takes, trash: trash.takes, damaged }
  }
  const changed = (jobId: string) => {
    snapshot(jobId).then(
      (s) => deps.hub.emit('takes', s),
      (err: unknown) =>
        log.warn('could not list takes', { jobId, err: err instanceof Error ? err.message : String(err) }),
    )
  }
  const facts = createJobFactsLookup(deps.client, log, deps.savedJob)
  /** A drop the page sent without a script (a job not open on screen): the script of Booth's saved copy of the job. */
  const savedScript = async (jobId: string) =>
    scriptReadOf((await deps.savedJob?.(jobId).catch(() => null))?.script) ?? null
  // A stopped take's check goes to the window as soon as it is known, before its file is saved.
  const recording = createRecordingCalls(store, facts, changed, deps.profileOf, (take) =>
    deps.hub.emit('takeChecked', take),
  )
  const delivery = deps.delivery({ store, log, changed })
  /** A take call whose failures reach the page as sentences; a disk problem also says what to do next (`again`). */
  const guard = <T>(run: () => Promise<T>, again = 'try again'): Promise<T> =>
    guardTakeErrors(run, { dataDir: deps.dataDir, again })
  /** Runs a change to one take, then sends that job's takes again. */
  const edit = async <T extends { job_id: string }>(run: () => Promise<T>): Promise<T> => {
    const take = await run()
    changed(take.job_id)
    return take
  }

  const handlers: TakeHandlers = {
    listTakes: ({ jobId }) => guard(() => snapshot(jobId)),
    importTake: ({ jobId, path, label, note, script }) =>
      guard(
        () =>
          edit(async () =>
            store.import(jobId, path, {
              ...(await facts(jobId)),
              label,
              note,
              script: script ?? (await savedScript(jobId)),
            }),
          ),
        'drop the file on the job again',
      ),
    setTakeLabel: ({ takeId, label }) => guard(() => edit(() => store.setLabel(takeId, label))),
    setTakeNote: ({ takeId, note }) => guard(() => edit(() => store.setNote(takeId, note))),
    setTakeTrim: ({ takeId, head_s, tail_s }) =>
      guard(() => edit(() => store.setTrimAndMeasure(takeId, { head_s, tail_s })), 'trim the take again'),
    deleteTake: ({ takeId }) =>
      guard(() =>
        edit(async () => {
          const take = await store.get(takeId)
          if (delivery.queue.get(takeId))
            throw new TakeInputError(
              `${takeName(take)} is in the delivery queue; cancel its delivery before deleting it.`,
            )
          // An upload of it that no delivery uses is deleted on the service, not left behind there.
          await delivery.releaseUpload(takeId)
          return store.delete(takeId)
        }),
      ),
    restoreTake: ({ takeId }) => guard(() => edit(() => store.restore(takeId))),
    keepRecoveredTake: ({ takeId }) => guard(() => edit(() => store.keepRecovered(takeId))),
    deliverTake: ({ takeId, label, note }) =>
      guard(async () => {
        const take = await store.get(takeId)
        return delivery.deliver(takeId, { label, note, jobId: take.job_id })
      }, 'deliver it again'),
    listDeliveryQueue: () => guard(async () => delivery.list()),
    cancelDelivery: ({ takeId }) => guard(() => delivery.cancel(takeId)),
    retryDelivery: ({ takeId }) => guard(() => delivery.retry(takeId)),
    pauseUpload: ({ takeId }) => guard(() => delivery.pause(takeId)),
    resumeUpload: ({ takeId }) => guard(() => delivery.resume(takeId)),
    startRecording: (a) => guard(() => recording.start(a), 'record again'),
    appendRecording: (a) => guard(() => recording.append(a), 'record again'),
    stopRecording: (a) => guard(() => recording.stop(a), 'record again'),
    cancelRecording: (a) => guard(() => recording.cancel(a), 'record again'),
  }

  return {
    handlers,
    store,
    delivery,
    changed,
    start: async () => {
      const report = await store.recoverUnfinished()
      for (const r of report.recovered) {
        log.info('recovered a take cut off while recording', { takeId: r.take.id })
        changed(r.take.job_id)
      }
      for (const f of report.failed) log.warn(f.message, { takeId: f.id })
      await delivery.start()
    },
    // No take file is written after stop: the reference passes of takes just stopped finish first.
    stop: async () => {
      await recording.settle()
      await delivery.stop()
    },
  }
}
