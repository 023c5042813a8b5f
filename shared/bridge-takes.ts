/**
 * Bridge calls and events for takes: recording, the takes on disk, uploads, deliveries and the offline
 * delivery queue. Merged into the one contract by shared/bridge.ts.
 *
 * Every state change for the person (deliver, cancel) is called only after they confirmed it on screen.
 */
import { apiId, int, nullable, num, obj, oneOf, optional, str, type Check } from './check'
import type { components } from './api/talent-v1'

export const TAKE_LABEL_VALUES = ['main', 'alt', 'safety', 'pickup', 'tag'] as const
export type TakeLabelValue = (typeof TAKE_LABEL_VALUES)[number]

/** Longest PCM chunk one appendRecording call may carry, as base64 (≈ 1.5 MB of float32 samples). */
export const MAX_PCM_BASE64_CHARS = 2 * 1024 * 1024
/** Longest trim at either end, in seconds (a take is never hours long). */
export const MAX_TRIM_S = 3600
/** The longest script text a take keeps as the text it was read from. */
export const MAX_SCRIPT_TEXT = 100_000

const jobId = apiId
const takeId = str({ min: 1, max: 64, pattern: /^[A-Za-z0-9_-]{1,64}$/ })
const label = oneOf(TAKE_LABEL_VALUES)
const note = nullable(str({ max: 1000 }))
const takeOnly = obj({ takeId })

export const takeCalls = {
  listTakes: obj({ jobId }),
  /** The path of a file dropped on a job (Electron gives paths; the web host will add an upload route). */
  importTake: obj({ jobId, path: str({ min: 1, max: 4096 }), label: optional(label), note: optional(note) }),
  setTakeLabel: obj({ takeId, label }),
  setTakeNote: obj({ takeId, note }),
  setTakeTrim: obj({ takeId, head_s: num({ min: 0, max: MAX_TRIM_S }), tail_s: num({ min: 0, max: MAX_TRIM_S }) }),
  deleteTake: takeOnly,
  restoreTake: takeOnly,
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
    script: optional(obj({ revision_id: nullable(str({ max: 64 })), text: str({ max: MAX_SCRIPT_TEXT }) })),
  }),
  /** Interleaved little-endian float32 samples, base64. */
  appendRecording: obj({ takeId, pcmBase64: str({ min: 4, max: MAX_PCM_BASE64_CHARS, pattern: /^[A-Za-z0-9+/]*={0,2}$/ }) }),
  stopRecording: takeOnly,
  cancelRecording: takeOnly,
  getTakeMediaUrl: takeOnly,
  getListenUrl: obj({ jobId, deliveryId: apiId }),
} satisfies Record<string, Check<unknown>>

export type Preflight = components['schemas']['Preflight']

/** A take as main keeps it on disk (main/takes/take-types.ts TakeMeta has this shape). */
export interface TakeView {
  schema: 1
  id: string
  job_id: string
  file_name: string
  label: TakeLabelValue
  take_number: number
  note: string | null
  preflight: Preflight | null
  /** The script revision the take was read from, and that revision's text; absent for takes made before Booth kept it, or imported. */
  script_read?: { revision_id: string | null; text: string } | null
  /** The trimmed take's measurement (what is delivered) while a trim is set. */
  trimmed_preflight?: Preflight | null
  created_at: string
  source: 'recorded' | 'imported'
  original_name: string | null
  state: 'recording' | 'recovered' | 'ready'
  spot_length_s: number | null
  job_kind: 'dry_voice' | 'finished_spot' | 'not_set'
  trim: { head_s: number; tail_s: number }
  upload: { handle: string | null; offset: number; status: 'none' | 'uploading' | 'paused' | 'uploaded' | 'failed' }
  delivery: {
    idempotency_key: string | null
    delivery_id: string | null
    status: 'none' | 'queued' | 'sending' | 'delivered' | 'failed'
    queued: boolean
  }
}

export interface TakesSnapshot {
  jobId: string
  takes: TakeView[]
  /** Deleted takes of this job, which restoreTake brings back. */
  trash: TakeView[]
  /** Takes whose metadata cannot be read: shown, never deleted. */
  damaged: Array<{ id: string; message: string }>
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
}

export interface DeliveryQueueView {
  items: DeliveryQueueEntry[]
}

export interface RecordingLevel {
  peakDbfs: number
  rmsDbfs: number
  clipped: boolean
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
}

export interface TakeEvents {
  takes: TakesSnapshot
  uploadProgress: UploadProgress
  deliveryState: DeliveryStateEvent
  deliveryQueue: DeliveryQueueView
}

export const TAKE_EVENT_NAMES: { [E in keyof TakeEvents]: true } = {
  takes: true, uploadProgress: true, deliveryState: true, deliveryQueue: true,
}
