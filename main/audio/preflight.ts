/**
 * The API's preflight object (seed 000, "Preflight object"; also the request shape of `preflight` when
 * delivering). Defined here until the lead aligns it with the types generated from the OpenAPI document.
 */

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
] as const

export type PreflightWarning = (typeof PREFLIGHT_WARNINGS)[number]

/** The job's kind (seed 000, job summary `kind`). */
export type TakeKind = 'dry_voice' | 'finished_spot' | 'not_set'
export const TAKE_KINDS: readonly TakeKind[] = ['dry_voice', 'finished_spot', 'not_set']

export interface Preflight {
  measured: boolean
  duration_s: number | null
  voiced_s: number | null
  sample_rate: number | null
  channels: number | null
  bit_depth: number | null
  /** Sample peak in dBFS; null when not measured or when the take is digital silence (no peak at all). */
  peak_dbfs: number | null
  /** Integrated loudness (EBU R128) in LUFS; null when not measured or undefined (all below the absolute gate). */
  lufs: number | null
  lead_silence_s: number | null
  tail_silence_s: number | null
  /** Decoder name as ffmpeg reports it (pcm_s24le, mp3, aac, flac ...), at most 20 characters. */
  codec: string | null
  warnings: PreflightWarning[]
}

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
