/**
 * The API's preflight object (resources/api/talent-v1.yaml, Preflight; also the request shape of `preflight` when
 * delivering), as the OpenAPI document defines it, and the warnings it may carry.
 */
import type { components } from '../../shared/api/talent-v1'

export const PREFLIGHT_WARNINGS = [
  'runs_long',
  'runs_short',
  'low_sample_rate',
  'clipping',
  'very_quiet',
  'very_loud',
  'long_lead_silence',
  'long_tail_silence',
  'stereo_dry_voice',
  'not_measured',
] as const satisfies readonly Preflight['warnings'][number][]

export type PreflightWarning = Preflight['warnings'][number]

/** Compile-time check that the list names every warning the contract has (a missing one fails here). */
type Unlisted = Exclude<PreflightWarning, (typeof PREFLIGHT_WARNINGS)[number]>
export const EVERY_WARNING_LISTED: [Unlisted] extends [never] ? true : Unlisted = true

/** The job's kind (resources/api/talent-v1.yaml, JobSummary `kind`). */
export type TakeKind = 'dry_voice' | 'finished_spot' | 'not_set'
export const TAKE_KINDS: readonly TakeKind[] = ['dry_voice', 'finished_spot', 'not_set']

/**
 * peak_dbfs is the sample peak (null when not measured or digital silence); lufs is integrated EBU R128
 * loudness (null when not measured or all below the absolute gate); codec is ffmpeg's decoder name.
 */
export type Preflight = components['schemas']['Preflight']

/** The measurement a TakeStore is given: measureTake (measure-take.ts; a failure there yields a not-measured preflight). */
export type MeasureTake = (
  path: string,
  options: { spotLengthS: number | null; kind: TakeKind; signal?: AbortSignal },
) => Promise<Preflight>

/** What a take that could not be measured reports: every number null, one warning. */
export function notMeasuredPreflight(): Preflight {
  return {
    measured: false,
    duration_s: null,
    voiced_s: null,
    sample_rate: null,
    channels: null,
    bit_depth: null,
    peak_dbfs: null,
    lufs: null,
    lead_silence_s: null,
    tail_silence_s: null,
    codec: null,
    warnings: ['not_measured'],
  }
}
