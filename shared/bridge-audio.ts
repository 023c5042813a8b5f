/**
 * Bridge calls for delivery profiles and a take's measurement report: the profiles Booth knows (built in,
 * with their sources, and the talent's own), the profile of a job (chosen on the job, else remembered for
 * its customer, else implied by its kind), and the findings of a take judged by it.
 * Merged into the one contract by shared/bridge.ts.
 */
import { apiId, nullable, num, obj, oneOf, optional, str, takeId, type Check } from './check'
import { JOB_KINDS } from './bridge-takes'

const profileName = str({ min: 1, max: 40, pattern: /^[a-z0-9][a-z0-9-]{0,39}$/ })
const kind = oneOf(JOB_KINDS)
/** The job as the renderer knows it: its customer decides the remembered profile, its kind the default. */
const jobRef = { jobId: apiId, customerId: nullable(apiId), kind }

export const audioCalls = {
  listDeliveryProfiles: obj({}),
  saveDeliveryProfile: obj({
    name: profileName,
    label: str({ min: 1, max: 60 }),
    loudness_measure: oneOf(['integrated', 'rms'] as const),
    loudness_min: num({ min: -70, max: 0 }),
    loudness_max: num({ min: -70, max: 0 }),
    true_peak_max: nullable(num({ min: -20, max: 0 })),
    noise_floor_max: nullable(num({ min: -100, max: -20 })),
    source: optional(str({ min: 1, max: 200 })),
  }),
  deleteDeliveryProfile: obj({ name: profileName }),
  getJobProfile: obj(jobRef),
  /** Chooses the job's profile and remembers it for the job's customer. null: back to the kind's default. */
  setJobProfile: obj({ ...jobRef, profile: nullable(profileName) }),
  getTakeReport: obj({ takeId, customerId: optional(nullable(apiId)) }),
} satisfies Record<string, Check<unknown>>

export type FindingSeverity = 'problem' | 'note'

export interface ProfileTargetView {
  what: string
  source: string
}

export interface DeliveryProfileView {
  name: string
  label: string
  builtIn: boolean
  /** Each target in words with its source, e.g. "Loudness -24.0 to -22.0 LUFS (problem)". */
  targets: ProfileTargetView[]
  /** The integrated-loudness window whose breach is a problem (LUFS), for the live meter; null if none. */
  loudnessWindow: { min: number; max: number } | null
  /** The true-peak ceiling (dBTP), null when the profile judges sample peaks or none. */
  truePeakMax: number | null
}

export interface JobProfileView {
  profile: DeliveryProfileView
  /** Why this profile: chosen on the job, remembered for the customer, or the default of the job's kind. */
  chosenBy: 'job' | 'customer' | 'kind'
}

export interface FindingView {
  code: string
  severity: FindingSeverity
  message: string
  at_s: number | null
}

export interface TakeReportView {
  profile: string
  true_peak_dbtp: number | null
  noise_floor_dbfs: number | null
  lufs: number | null
  dc_offset: number | null
  findings: FindingView[]
}

export interface AudioResults {
  listDeliveryProfiles: { profiles: DeliveryProfileView[] }
  saveDeliveryProfile: { profiles: DeliveryProfileView[] }
  deleteDeliveryProfile: { profiles: DeliveryProfileView[] }
  getJobProfile: JobProfileView
  setJobProfile: JobProfileView
  /** null when the take could not be measured. */
  getTakeReport: TakeReportView | null
}
