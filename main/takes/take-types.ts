/**
 * The shape of a take on disk: the metadata JSON kept beside each audio file in
 * `<dataDir>/takes/<job_id>/`, and the functions a TakeStore is given (measure, clock, ids).
 * The preflight object and the job kind are main/audio's (one definition of the API's preflight).
 */
import type { Preflight, TakeKind } from '../audio/preflight'

export type { Preflight, PreflightWarning, TakeKind } from '../audio/preflight'

export const TAKE_LABELS = ['main', 'alt', 'safety', 'pickup', 'tag'] as const
export type TakeLabel = (typeof TAKE_LABELS)[number]

/** Injected measurement: main/audio's measureTake (a failure there yields a not-measured preflight). */
export type MeasureTake = (
  path: string,
  options: { spotLengthS: number | null; kind: TakeKind; signal?: AbortSignal },
) => Promise<Preflight>

export type TakeSource = 'recorded' | 'imported'

/** recording: being written (or cut off by a crash); recovered: repaired on start, waiting for the person; ready: usable. */
export type TakeState = 'recording' | 'recovered' | 'ready'

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

export interface TakeMeta {
  schema: 1
  id: string
  job_id: string
  /** The audio file's name inside the job's folder, e.g. ACME_SPRING30_main_03.wav. */
  file_name: string
  label: TakeLabel
  /** 1, 2, 3 … per job, across labels; never reused (trashed takes keep theirs). */
  take_number: number
  note: string | null
  preflight: Preflight | null
  /** The script revision (and its text) on screen when the take was recorded; absent for older or imported takes. */
  script_read?: { revision_id: string | null; text: string } | null
  /** The measurement of the trimmed take (what a delivery uploads) while a trim is set; absent or null otherwise. */
  trimmed_preflight?: Preflight | null
  /** ISO 8601. */
  created_at: string
  source: TakeSource
  /** The dropped file's name for imported takes; null for recorded ones. */
  original_name: string | null
  state: TakeState
  /** The job's spot length and kind the take is measured against (kept so a recovered take is measured alike). */
  spot_length_s: number | null
  job_kind: TakeKind
  trim: TakeTrim
  upload: UploadState
  delivery: DeliveryState
}

/** A take whose metadata could not be read: reported, never deleted and never a crash. */
export interface DamagedTake {
  job_id: string
  /** The metadata file that could not be read. */
  meta_path: string
  /** The take id taken from the file name. */
  id: string
  message: string
}

export interface TakeListing {
  takes: TakeMeta[]
  damaged: DamagedTake[]
}
