/**
 * The shape of a take on disk: the metadata JSON kept beside each audio file in
 * `<dataDir>/takes/<job_id>/` (the bridge contract's TakeView, re-exported here under main's names), and
 * the functions a TakeStore is given (measure, clock, ids).
 * The preflight object and the job kind are main/audio's (one definition of the API's preflight).
 */
import { TAKE_LABEL_VALUES, type TakeLabelValue, type TakeView } from '../../shared/bridge-takes'

export { DELIVERY_STATUSES, UPLOAD_STATUSES } from '../../shared/bridge-takes'
export type { DeliveryState, DeliveryStatus, TakeTrim, UploadState, UploadStatus } from '../../shared/bridge-takes'

export type { MeasureTake, Preflight, PreflightWarning, TakeKind } from '../audio/preflight'

export const TAKE_LABELS = TAKE_LABEL_VALUES
export type TakeLabel = TakeLabelValue

export type TakeSource = TakeMeta['source']
export type TakeState = TakeMeta['state']

/**
 * A take's metadata on disk: the bridge contract's TakeView (shared/bridge-takes.ts), defined once there
 * because the renderer is handed exactly what main keeps.
 */
export type TakeMeta = TakeView

/** A take whose metadata could not be read: reported, never deleted and never a crash. */
export interface DamagedTake {
  job_id: string
  /** The metadata file that could not be read (null: audio that no readable record names). */
  meta_path: string | null
  /** The take id taken from the file name (for audio without a record: `audio:<file name>`). */
  id: string
  message: string
  /** Where it is: with the takes or in the trash (absent: with the takes). */
  shelf?: 'takes' | 'trash'
  /** Its audio, when Booth knows which file it is. */
  audio_path?: string | null
}

export interface TakeListing {
  takes: TakeMeta[]
  damaged: DamagedTake[]
}
