/**
 * The recorder store's shapes (recorder-store.ts): its state, what it is made from (the capture it drives,
 * the clock it counts with, the stores it tells) and the punch-and-roll it runs. Types only, so the store,
 * the browser capture and the views import them without importing each other.
 */
import type { StoreApi } from 'zustand/vanilla'
import type { BoothApi, JobDetail } from '../../../../shared/bridge'
import type { CutShortTake, TakeLabelValue, TakeView } from '../../../../shared/bridge-takes'
import type { VersionMade } from '../../../../shared/bridge-versions'
import type { PunchPlanView } from '../../../../shared/versions/types'
import type { RecorderState } from './recorder-machine'
import type { AudioInput, InputLevel, RecordingSink } from './pcm-capture'
import type { LatencyChoice } from './punch-latency'
import type { PunchSettings } from './punch-settings'
import type { TakesState } from '../takes-store'
import type { ReadbackStoreState } from '../readback/readback-store'

/** One take being captured (pcm-capture.ts's PcmCapture): the input to main's recording calls. */
export interface TakeCapture {
  /** Opens the input and main's recording take; resolves once samples flow. */
  start(deviceId: string | null, channels: 1 | 2): Promise<string>
  /** The take finished and saved, as main answers it. */
  stop(): Promise<TakeView>
  /** Lets go of everything and tells main to drop the take. */
  cancel(): Promise<void>
  /** Lets go of the input without telling main (Booth is gone). */
  abandon(): Promise<void>
}

export interface PunchStarted {
  recordingTakeId: string
  plan: PunchPlanView
  latency: LatencyChoice
}

/** One punch-and-roll's audio (punch-audio.ts's PunchAudio). */
export interface PunchCapture {
  readonly started: PunchStarted | null
  /** The input, the take's audio and main's recording take, up to the first frame. */
  prepare(): Promise<PunchStarted>
  /** The pre-roll and the recording, from one frame. */
  roll(): void
  /** Where the take is now (s). */
  positionS(): number
  stop(): Promise<void>
  cancel(): Promise<void>
}

export interface PunchCaptureOptions {
  takeId: string
  sentence: number
  deviceId: string | null
  prerollS: number
  keepPlaying: boolean
}

/** Every side effect of capturing: the browser's (browser-capture.ts), or a test's fake. */
export interface RecorderCapture {
  listInputs(): Promise<AudioInput[]>
  /** Calls `changed` when an input comes or goes; returns the undo. */
  watchInputs(changed: () => void): () => void
  take(
    sink: RecordingSink<TakeView>,
    onLevel: (level: InputLevel) => void,
    onFailure: (err: unknown) => void,
  ): TakeCapture
  punch(o: PunchCaptureOptions): PunchCapture
  /** Why the input could not be opened, in words (getUserMedia's refusals). */
  describeError(err: unknown): string
}

/** Time as the recorder counts it: the page's clock and frames, or a test's. */
export interface RecorderClock {
  now(): number
  /** Calls `fn` once after `ms`; returns the cancel. */
  after(ms: number, fn: () => void): () => void
  /** Calls `fn` every `ms`; returns the cancel. */
  every(ms: number, fn: () => void): () => void
  /** Calls `fn` on each frame until cancelled. */
  frames(fn: () => void): () => void
  /** Resolves once the frame on its way is painted. */
  afterPaint(): Promise<void>
}

export interface RecorderDeps {
  api: BoothApi
  capture: RecorderCapture
  clock: RecorderClock
  takes: StoreApi<TakesState>
  readback: StoreApi<ReadbackStoreState>
  /** Where the input choice and the count-in are remembered (localStorage in the window). */
  storage: Pick<Storage, 'getItem' | 'setItem'>
  /** Where the take being recorded is written for a reload to find (the tab's sessionStorage; take-in-flight.ts). */
  session?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null
}

/** What the input meter hears: a level from main's answer, the start of a take, or the meter back at rest. */
export type MeterEvent = { kind: 'level'; level: InputLevel } | { kind: 'start'; at: number } | { kind: 'rest' }

export interface PunchRequestShown {
  takeId: string
  sentence: number
  /** "Take 2", for the words on screen. */
  takeName: string
}

/**
 * The punch-and-roll shown beside the recorder: what it is about and what it ended with. Its stages are the
 * recorder's phases (planning, armed, starting … stopping: recorder-machine.ts); this holds no stage of its own.
 */
export interface PunchSession {
  /** The job whose punch panel shows it. */
  job: RecorderRun | null
  request: PunchRequestShown | null
  plan: PunchPlanView | null
  latency: LatencyChoice | null
  /** The version it made: the punch is over and done. */
  made: VersionMade | null
  /** What ended the punch without a version, what went wrong, or what a request while it ran was told, in words. */
  message: string | null
}

/** Whose take or punch the phases are about (the guard names the advertiser). */
export interface RecorderRun {
  jobId: string
  advertiser: string
}

export interface RecorderData {
  /** The recorder's phase (recorder-machine.ts): changed only by this store's actions. */
  rec: RecorderState
  run: RecorderRun | null
  /** Stop's "Saving…" is shown: 150 ms after Stop when saving takes that long, at once for Discard. */
  savingShown: boolean
  /** When the take's first frame was captured (clock.now()). */
  startedAt: number
  /** What the recorder last said (a take that stopped by itself, an input that cannot be opened). */
  error: string | null
  /** Main's take this recorder writes, from main's answer to the start until the recorder is idle again. */
  recordingTakeId: string | null
  /** Takes main stopped because their window went away (main's `takesCutShort`), until the talent closes each. */
  cutShortTakes: CutShortTake[]
  /** The takes this tab was recording before its reload (take-in-flight.ts): said as cut short "by the reload". */
  reloadedTakeIds: string[]
  /** What this page found of the take its reload cut short, should main's list not have it (take-in-flight.ts). */
  cutShort: { jobId: string; takeId: string; text: string } | null
  inputs: AudioInput[]
  /** The input a take or a punch records: the one chosen (remembered), else the system default. */
  input: AudioInput | null
  countIn: number
  punch: PunchSession
  /** The pre-roll's length and whether the old take keeps playing after the punch point (remembered). */
  punchSettings: PunchSettings
  /** Where the person asked to go while something records; waits for "Stop and keep the take" or staying. */
  leave: { what: string; go: () => void } | null
  /** The label the talent chose for the next take (`l`, the settings), until it starts; null: main, then alt. */
  chosenLabel: TakeLabelValue | null
  /** The level check runs (the input meter without recording: use-level-check.ts), as the talent asked. */
  levelCheck: boolean
}

export interface RecorderActions {
  /**
   * The job's recorder is on screen: the remembered input and count-in are read, the inputs listed now and
   * whenever one comes or goes. The undo (the job was left) stops a take and keeps it, and leaves nothing
   * half-open (a count-in is cancelled, an input being opened is let go and main's take dropped).
   */
  attachTake(jobId: string): () => void
  refreshInputs(): Promise<void>
  chooseInput(input: AudioInput | null): void
  setCountIn(beats: number): void
  setError(error: string | null): void
  chooseLabel(label: TakeLabelValue | null): void
  setLevelCheck(on: boolean): void
  /** Record / Stop / Cancel count-in, as the record control and Space do it. */
  toggle(job: JobDetail, label: TakeLabelValue): void
  stop(): Promise<void>
  discard(): Promise<void>
  /** The window lost Booth mid-take: the input is let go and the recorder says why. */
  hostGone(): void
  /** Once, as the page starts: the take a reload cut short is stopped and kept, and `cutShort` says so. */
  settleCutShort(): Promise<void>
  /** The talent read what became of the take: no window says it again. */
  dismissCutShort(takeId: string): void
  /** The job's punch panel is on screen; the undo (the job was left) cancels a punch under way and closes it. */
  attachPunch(jobId: string): () => void
  /** The input meter's feed (levels, a take's start, back at rest); returns the undo. */
  onMeter(listener: (e: MeterEvent) => void): () => void
  /** Plans a punch of `job` (refused in words while a take records or another punch runs). */
  requestPunch(job: JobDetail, r: PunchRequestShown): void
  setPunchSettings(settings: PunchSettings): void
  startPunch(): void
  stopPunch(): void
  cancelPunch(): void
  closePunch(): void
  /** Runs `go` now, or after the person confirms when something records. `what` says where it leads ("open Orchard Dental"). */
  guardLeave(what: string, go: () => void): void
  confirmLeave(): Promise<void>
  stay(): void
}

export type RecorderStoreState = RecorderData & RecorderActions
