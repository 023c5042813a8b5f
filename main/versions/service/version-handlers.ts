/**
 * The bridge handlers of shared/bridge-versions.ts, composed from the take store, the read-back engine and
 * the recording calls (for punch-and-roll). compose.ts wires `handlers` into the core; `store` is told how
 * to render a current version whose render went missing. Finishing for delivery is given as a port
 * (`finish`, main/finish/finish-version.ts, which builds on this folder): journalled and guarded here like
 * every other version job.
 */
import { readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import type { BridgeHandlers } from '../../bridge/dispatch'
import type { ReadbackState, ReadbackStored } from '../../../shared/bridge-readback'
import type { TakeMeta } from '../../takes/take-types'
import type { EventHub } from '../../bridge/event-hub'
import type { VersionMade, versionCalls } from '../../../shared/bridge-versions'
import type { FinishChoices } from '../../../shared/versions/finish'
import type { ScriptCopy } from '../../readback/index'
import { decodePcmFloat32 } from '../../takes/recording-handlers'
import type { TakeStore } from '../../takes/take-store'
import { CompService } from '../comps/comp-service'
import { findLatency } from '../punch/latency-calibration'
import { PickupCards } from '../fixes/pickup-cards'
import { PatchHearings } from '../hearing/patch-hearings'
import { PunchSessions, type RecordingCallsForPunch } from '../punch/punch-sessions'
import { cutRemovedLines, listRemovedLines } from '../fixes/removed-line-version'
import { cutRestart, makePickupVersion } from '../fixes/take-fixes'
import { TakeInputError } from '../../takes/take-input-checks'
import { TakeVersions } from '../store/take-versions'
import { takeSentences } from '../punch/take-sentences'
import type { Transcribe } from '../hearing/version-inputs'
import { guardVersionErrors } from './version-errors'
import { VersionWork } from '../work/version-work'
import { WorkJournal } from '../store/work-journal'

export type VersionHandlers = Pick<BridgeHandlers, keyof typeof versionCalls>

/** Makes a take's finished version (main/finish/finish-version.ts), inside the take's one job at a time. */
export type Finisher = (work: VersionWork, takeId: string, choices: FinishChoices) => Promise<VersionMade>

export interface VersionAreaDeps {
  store: TakeStore
  hub: EventHub
  transcribe: Transcribe
  currentScript(jobId: string): Promise<ScriptCopy | null>
  /** Sends a job's takes again (the takes area's `changed`). */
  takesChanged(jobId: string): void
  /** The recording calls, with the read-back's hooks, that a punch records through. */
  recording: RecordingCallsForPunch
  now?: () => number
  /** Where a note that could not be read is told (the log). */
  warn?: (message: string) => void
  /** Finishing for delivery; absent where no finish engine is wired (the call then says so). */
  finish?: Finisher
}

export function createVersionArea(deps: VersionAreaDeps) {
  // A disk that fills up or turns read-only during a fix is named as such, with what to do once it is fixed.
  const disk = { dataDir: deps.store.folders.dataDir, again: 'make the fix again' }
  const guard = <T>(run: () => Promise<T>): Promise<T> => guardVersionErrors(run, disk)
  const versions = new TakeVersions(deps.store)
  deps.store.useVersionAudio((take, fresh) => versions.ensureRender(take, fresh))
  // Every recording and import gets its content hash the moment its file is complete (issue 41 point 3).
  deps.store.useSeal((take) => versions.sealOwnFile(take))
  const work = new VersionWork({
    store: deps.store,
    versions,
    transcribe: deps.transcribe,
    currentScript: deps.currentScript,
    emitProgress: (p) => deps.hub.emit('versionProgress', p),
    takesChanged: deps.takesChanged,
    readbackChanged: (s) => deps.hub.emit('readback', s),
    patchHearings: new PatchHearings(
      (jobId) => join(dirname(versions.folders(jobId).recordings), 'hearings'),
      (jobId) => versions.recordings(jobId),
    ),
    ...(deps.now ? { now: deps.now } : {}),
  })
  const punches = new PunchSessions(work, deps.recording)
  // Each version-making job on a take is journalled on disk, so a start after Booth stopped mid-job says so.
  const journal = new WorkJournal(join(deps.store.folders.dataDir, 'version-work'), {
    readTake: (id) => deps.store.get(id).catch(() => null),
    warn: deps.warn ?? (() => undefined),
  })
  const comps = new CompService(work, (base, job) => journal.run(base, 'comp', job))
  const cards = new PickupCards(work)
  const journalled = async <T>(
    takeId: string,
    what: Parameters<WorkJournal['run']>[1],
    job: () => Promise<T>,
  ): Promise<T> => journal.run(await deps.store.get(takeId), what, job)
  /** The take each punch recording is punched into, for the journal. */
  const punchedInto = new Map<string, string>()

  const handlers: VersionHandlers = {
    listVersions: ({ takeId }) => guard(async () => versions.checkedView(await deps.store.get(takeId))),
    restoreVersion: ({ takeId, version }) =>
      guard(async () => {
        const take = await versions.restore(takeId, version)
        deps.takesChanged(take.job_id)
        deps.hub.emit('readback', await readbackState(versions, take))
        return take
      }),
    makePickupVersion: ({ takeId, pickupTakeIds }) =>
      guard(() => journalled(takeId, 'pickup', () => makePickupVersion(work, takeId, pickupTakeIds))),
    cutRestart: ({ takeId, from_s, to_s }) =>
      guard(() => journalled(takeId, 'cut_restart', () => cutRestart(work, takeId, { from_s, to_s }))),
    listRemovedLines: ({ takeId }) => guard(() => listRemovedLines(work, takeId)),
    cutRemovedLines: ({ takeId }) =>
      guard(() => journalled(takeId, 'cut_removed', () => cutRemovedLines(work, takeId))),
    listTakeSentences: ({ takeId }) => guard(async () => takeSentences(work, await deps.store.get(takeId))),
    planPunch: ({ takeId, sentence, prerollS }) => guard(() => punches.plan(takeId, sentence, prerollS)),
    startPunch: (a) =>
      guard(async () => {
        const started = await punches.start(a)
        punchedInto.set(started.recordingTakeId, a.takeId)
        return started
      }),
    finishPunch: ({ recordingTakeId }) =>
      guard(async () => {
        const into = punchedInto.get(recordingTakeId)
        try {
          return await (into
            ? journalled(into, 'punch', () => punches.finish(recordingTakeId))
            : punches.finish(recordingTakeId))
        } finally {
          punchedInto.delete(recordingTakeId)
        }
      }),
    cancelPunch: ({ recordingTakeId }) =>
      guard(() => {
        punchedInto.delete(recordingTakeId)
        return punches.cancel(recordingTakeId)
      }),
    analyzeCalibration: ({ sampleRate, channels, pcmBase64 }) =>
      guard(async () => {
        const c = findLatency(decodePcmFloat32(pcmBase64, channels), channels, sampleRate)
        return {
          latency_samples: c.latencyFrames,
          latency_ms: c.latencyMs,
          clicks_heard: c.clicksHeard,
          spread_samples: c.spreadFrames,
        }
      }),
    getCompGrid: ({ jobId }) => guard(() => comps.grid(jobId)),
    renderComp: ({ jobId, picks, note }) => guard(() => comps.render(jobId, picks, note ?? null)),
    finishVersion: ({ takeId, choices }) =>
      guard(() => {
        const finish = deps.finish
        if (!finish) throw new TakeInputError('Finishing for delivery is not available in this Booth.')
        return journalled(takeId, 'finish', () => finish(work, takeId, choices))
      }),
    importPickupCsv: ({ jobId, takeId, csv }) => guard(() => cards.importCsv(jobId, takeId, csv)),
    listPickupCards: ({ jobId }) => guard(() => cards.list(jobId)),
    listUnfinishedWork: ({ jobId }) => guard(() => journal.notes(jobId)),
    dismissUnfinishedWork: ({ takeId }) =>
      guard(async () => {
        await journal.dismiss(takeId)
        return null
      }),
  }
  /** The window recording a punch went away (app/idle-recordings.ts): let go of it as a punch. */
  const letGoPunch = (recordingTakeId: string) => {
    punchedInto.delete(recordingTakeId)
    return punches.letGo(recordingTakeId)
  }
  return { handlers, versions, work, journal, letGoPunch }
}

/** The take's read-back after a version became current: its kept result, or none. */
async function readbackState(versions: TakeVersions, take: TakeMeta): Promise<ReadbackState> {
  try {
    const result = JSON.parse(await readFile(versions.readbackPath(take), 'utf8')) as ReadbackStored
    return { takeId: take.id, status: 'done', result, message: null }
  } catch {
    return { takeId: take.id, status: 'none', result: null, message: null }
  }
}
