/**
 * Bridge calls and events for takes: recording, the takes on disk, uploads, deliveries and the offline
 * delivery queue. Merged into the one contract by shared/bridge.ts.
 *
 * Every state change for the person (deliver, cancel) is called only after they confirmed it on screen.
 */
import { apiId, int, nullable, num, obj, oneOf, optional, str, takeId, type Check } from './check'
import type { components } from './api/talent-v1'
import type { TakeVersion } from './versions/types'

/** The job kinds a take is measured against (the job's kind, or not_set). */
export const JOB_KINDS = ['dry_voice', 'finished_spot', 'not_set'] as const
export type JobKind = (typeof JOB_KINDS)[number]

/** The kind a take of a job is measured as: a kind the API document does not name ('unknown') is measured as not set. */
export function measuredKind(kind: JobKind | 'unknown'): JobKind {
  return kind === 'unknown' ? 'not_set' : kind
}

export const TAKE_LABEL_VALUES = ['main', 'alt', 'safety', 'pickup', 'tag'] as const
export type TakeLabelValue = (typeof TAKE_LABEL_VALUES)[number]

/** Longest PCM chunk one appendRecording call may carry, as base64 (≈ 1.5 MB of float32 samples). */
export const MAX_PCM_BASE64_CHARS = 2 * 1024 * 1024
/** Longest trim at either end, in seconds (a take is never hours long). */
export const MAX_TRIM_S = 3600
/** The longest script text a take keeps as the text it was read from. */
export const MAX_SCRIPT_TEXT = 100_000

const jobId = apiId
const label = oneOf(TAKE_LABEL_VALUES)
const note = nullable(str({ max: 1000 }))
const takeOnly = obj({ takeId })
/** Interleaved little-endian float32 samples, base64. */
const pcmBase64 = str({ min: 4, max: MAX_PCM_BASE64_CHARS, pattern: /^[A-Za-z0-9+/]*={0,2}$/ })
/** The script revision on screen and its text: what a take is read from (to show what changed since). */
const scriptRead = obj({ revision_id: nullable(str({ max: 64 })), text: str({ max: MAX_SCRIPT_TEXT }) })

/** The script a take was read from: the revision on screen when it was recorded or dropped, and that revision's text. */
export interface ScriptRead {
  revision_id: string | null
  text: string
}

/** What a take made now is read from, given the job's script (the API's Script); undefined when the job has none. */
export function scriptReadOf(
  script: { kind: string; revision_id: string | null; text: string } | null | undefined,
): ScriptRead | undefined {
  if (!script || script.kind === 'none') return undefined
  return { revision_id: script.revision_id, text: script.text.slice(0, MAX_SCRIPT_TEXT) }
}

export const takeCalls = {
  listTakes: obj({ jobId }),
  /**
   * The path of a file dropped on a job (Electron gives paths; in the web host, the path POST /bridge/upload
   * answered). `script`: the job's script on screen at the drop; without it main uses its saved copy of the job.
   */
  importTake: obj({
    jobId,
    path: str({ min: 1, max: 4096 }),
    label: optional(label),
    note: optional(note),
    script: optional(scriptRead),
  }),
  setTakeLabel: obj({ takeId, label }),
  setTakeNote: obj({ takeId, note }),
  setTakeTrim: obj({ takeId, head_s: num({ min: 0, max: MAX_TRIM_S }), tail_s: num({ min: 0, max: MAX_TRIM_S }) }),
  deleteTake: takeOnly,
  restoreTake: takeOnly,
  /** A take recovered after a crash becomes an ordinary take (until then it cannot be delivered); discard is deleteTake. */
  keepRecoveredTake: takeOnly,
  deliverTake: obj({ takeId, label, note }),
  listDeliveryQueue: obj({}),
  cancelDelivery: takeOnly,
  retryDelivery: takeOnly,
  pauseUpload: takeOnly,
  resumeUpload: takeOnly,
  startRecording: obj({
    jobId,
    sampleRate: int({ min: 8000, max: 192_000 }),
    channels: int({ min: 1, max: 2 }),
    label: optional(label),
    /** The script revision on screen when the take starts, and its text (to show what changed since). */
    script: optional(scriptRead),
  }),
  appendRecording: obj({ takeId, pcmBase64 }),
  /**
   * The last samples may come with Stop (one call instead of an append and then a stop). `appended`: how
   * many appendRecording calls the page sent for the take, so Stop need not wait for the answer to the one
   * still on its way: main writes each of them before Stop's samples.
   */
  stopRecording: obj({ takeId, pcmBase64: optional(pcmBase64), appended: optional(int({ min: 0, max: 100_000_000 })) }),
  cancelRecording: takeOnly,
  /** The talent read what became of a take its window's going cut short (`takesCutShort`): no window says it again. */
  dismissCutShort: takeOnly,
  /** The take's current version's audio, or (`version`) one of its other versions' (rendered first when missing). */
  getTakeMediaUrl: obj({ takeId, version: optional(int({ min: 1, max: 10_000 })) }),
  getListenUrl: obj({ jobId, deliveryId: apiId }),
} satisfies Record<string, Check<unknown>>

export type Preflight = components['schemas']['Preflight']

/** Where a take's upload and delivery stand; main keeps both on the take, so they resume after a drop or a restart. */
export const UPLOAD_STATUSES = ['none', 'uploading', 'paused', 'uploaded', 'failed'] as const
export type UploadStatus = (typeof UPLOAD_STATUSES)[number]

export const DELIVERY_STATUSES = ['none', 'queued', 'sending', 'delivered', 'failed'] as const
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number]

export interface TakeTrim {
  head_s: number
  tail_s: number
}

export interface UploadState {
  handle: string | null
  offset: number
  status: UploadStatus
}

export interface DeliveryState {
  idempotency_key: string | null
  delivery_id: string | null
  status: DeliveryStatus
  queued: boolean
}

/**
 * A take: the one definition of its shape. Main keeps exactly this on disk as the metadata JSON beside
 * each audio file (main/takes/take-types.ts `TakeMeta` is this type) and the renderer is handed it as is.
 */
export interface TakeView {
  schema: 1
  id: string
  job_id: string
  /** The audio file's name inside the job's folder, e.g. ACME_SPRING30_main_03.wav. */
  file_name: string
  label: TakeLabelValue
  /** 1, 2, 3 … per job, across labels; never reused (trashed takes keep theirs). */
  take_number: number
  note: string | null
  preflight: Preflight | null
  /**
   * The script revision the take was read from (on screen when it was recorded, or when its file was
   * dropped), and that revision's text; null or absent when no script was known.
   */
  script_read?: ScriptRead | null
  /** The trimmed take's measurement (what is delivered) while a trim is set. */
  trimmed_preflight?: Preflight | null
  /** ISO 8601. */
  created_at: string
  /** comp: a take made of the best sentences of other takes (its version 1 is the comp). */
  source: 'recorded' | 'imported' | 'comp'
  /** The dropped file's name for imported takes; null for recorded ones. */
  original_name: string | null
  /** For an imported take whose file needed Booth's repair: what was wrong and what Booth delivers (absent otherwise). */
  import_notice?: string
  /** recording: being written (or cut off by a crash); recovered: repaired on start, waiting for the person; ready: usable. */
  state: 'recording' | 'recovered' | 'ready'
  /**
   * Never on disk: main's view of a take that was stopped and whose file is being closed and saved (still
   * "recording" on disk until then), with its check from the running measurement as its preflight.
   */
  saving?: true
  /** The job's spot length and kind the take is measured against (kept so a recovered take is measured alike). */
  spot_length_s: number | null
  job_kind: JobKind
  trim: TakeTrim
  upload: UploadState
  delivery: DeliveryState
  /**
   * Its versions (shared/versions/types.ts), oldest first, once a second one was made; absent: the take
   * has one version, its recording. preflight, trim and trimmed_preflight above are the current version's.
   */
  versions?: TakeVersion[]
  /** The number of the current version (what plays, is measured, read back and delivered); absent: 1. */
  current_version?: number
}

export interface TakesSnapshot {
  jobId: string
  takes: TakeView[]
  /** Deleted takes of this job, which restoreTake brings back. */
  trash: TakeView[]
  /**
   * Takes whose metadata cannot be read, and audio no readable take record names, with the takes or in the
   * trash: shown, never deleted. `audioPath`: the audio file when Booth knows which it is.
   */
  damaged: Array<{ id: string; message: string; shelf: 'takes' | 'trash'; audioPath: string | null }>
}

/** waiting: in line (or waiting for the API to answer again); sending: going out now; paused: upload paused by the person; failed: the server said no. */
export type QueueEntryStatus = 'waiting' | 'sending' | 'paused' | 'failed'

export interface DeliveryQueueEntry {
  takeId: string
  jobId: string
  label: TakeLabelValue
  note: string | null
  queuedAt: number
  status: QueueEntryStatus
  /** Why it waits or failed, in words; null when nothing to say. */
  message: string | null
  attempts: number
  /** When the next try is planned (ms since epoch); null when not waiting on a timer. */
  nextAttemptAt: number | null
  /** False once the delivery may already have reached the server (then it can only be confirmed, not cancelled). */
  canCancel: boolean
  /**
   * Until when the service asked Booth to wait (Retry-After) before trying this delivery again; null or
   * absent when it did not. The delivery is parked until then and goes out by itself.
   */
  waitUntil?: number | null
  /**
   * True while Booth does not know whether the delivery reached the service (its answer was lost): a
   * cancel first asks the service what happened, and says so.
   */
  outcomeUnknown?: boolean
}

export interface DeliveryQueueView {
  items: DeliveryQueueEntry[]
}

export interface RecordingLevel {
  peakDbfs: number
  rmsDbfs: number
  clipped: boolean
  /** BS.1770 readings of the running measurement (main/audio/running-measurement.ts); null until a window is full. */
  live?: LiveLoudness
}

export interface LiveLoudness {
  momentaryLufs: number | null
  shortTermLufs: number | null
  /** True peak since the previous chunk (dBTP). */
  truePeakDbtp: number | null
  /** Highest true peak of the take so far (dBTP). */
  truePeakMaxDbtp: number | null
}

export interface UploadProgress {
  takeId: string
  jobId: string
  bytesSent: number
  bytesTotal: number
}

export interface DeliveryStateEvent {
  takeId: string
  jobId: string
  status: TakeView['delivery']['status']
  deliveryId: string | null
  message: string | null
}

export interface TakeResults {
  /** A URL the page can play: booth-media:// on the desktop, /media/<id> in the web host. */
  getTakeMediaUrl: { url: string }
  /** A delivered take's audio, fetched through a fresh listen_url by main and played from a local copy. */
  getListenUrl: { url: string }
  listTakes: TakesSnapshot
  importTake: TakeView
  setTakeLabel: TakeView
  setTakeNote: TakeView
  setTakeTrim: TakeView
  deleteTake: TakeView
  restoreTake: TakeView
  keepRecoveredTake: TakeView
  deliverTake: DeliveryQueueEntry
  listDeliveryQueue: DeliveryQueueView
  cancelDelivery: TakeView
  retryDelivery: DeliveryQueueEntry
  pauseUpload: DeliveryQueueEntry
  resumeUpload: DeliveryQueueEntry
  startRecording: { takeId: string }
  appendRecording: RecordingLevel
  stopRecording: TakeView
  cancelRecording: null
  dismissCutShort: CutShortTakes
}

/** Why a take stopped without its Stop: the window that recorded it went (and how, when main knows), or fell silent. */
export type CutShortCause = 'reloaded' | 'closed' | 'crashed' | 'went_away' | 'unheard'

/**
 * A take main stopped because the window recording it went away (main/app/idle-recordings.ts): what
 * was recorded is kept (or, for a punch-and-roll, kept as its own pickup and the take left unchanged).
 */
export interface CutShortTake {
  take_id: string
  job_id: string
  /** The take as main kept it after stopping it (null: it could not be stopped or is gone). */
  take: Pick<TakeView, 'id' | 'job_id' | 'file_name' | 'take_number' | 'label' | 'state' | 'preflight'> | null
  cause: CutShortCause
  /** The window that recorded it, as main names it (`window:<id>`, `tab:<page id>`); null when not known. */
  page: string | null
  /** The punch-and-roll this recording was: no punched version was made, the take it was for is unchanged. */
  punch: { into_take_id: string; into_name: string; sentence: number } | null
}

export interface CutShortTakes {
  takes: CutShortTake[]
}

export interface TakeEvents {
  takes: TakesSnapshot
  /**
   * A stopped take's check, the moment it is known: the take as it is while its file is closed and saved
   * (`saving`, its check as preflight). stopRecording answers the saved take once that is done, or fails.
   */
  takeChecked: TakeView
  uploadProgress: UploadProgress
  deliveryState: DeliveryStateEvent
  deliveryQueue: DeliveryQueueView
  /** Takes cut short by their window's going, until the talent has read each (a window opened later shows them). */
  takesCutShort: CutShortTakes
}

export const TAKE_EVENT_NAMES: { [E in keyof TakeEvents]: true } = {
  takes: true,
  takeChecked: true,
  uploadProgress: true,
  deliveryState: true,
  deliveryQueue: true,
  takesCutShort: true,
}
