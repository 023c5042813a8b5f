/**
 * A take's facts once processed. length_s comes from the file's WAV header when it is a WAV, else from
 * the preflight the app measured (duration_s); with neither, facts stay null. The verdict against the
 * spot length allows LONG_TOLERANCE_S over and SHORT_TOLERANCE_S under; a spot length of 0 is unknown.
 */
import type { Facts, Preflight } from './state'
import type { WavInfo } from './wav'

export const LONG_TOLERANCE_S = 0.5
export const SHORT_TOLERANCE_S = 1.5

export function lengthVerdict(lengthS: number, spotLengthS: number): Facts['length_verdict'] {
  if (spotLengthS <= 0) return 'unknown'
  if (lengthS > spotLengthS + LONG_TOLERANCE_S) return 'long'
  if (lengthS < spotLengthS - SHORT_TOLERANCE_S) return 'short'
  return 'pass'
}

export function takeFacts(wav: WavInfo | null, preflight: Preflight | null, spotLengthS: number): Facts | null {
  const measured = wav?.durationS ?? preflight?.duration_s ?? null
  if (measured === null || !Number.isFinite(measured)) return null
  const lengthS = Math.max(0, measured)
  const voiced = preflight?.voiced_s
  return {
    length_s: lengthS,
    voiced_s: typeof voiced === 'number' && Number.isFinite(voiced) ? Math.max(0, voiced) : null,
    channels: wav?.channels ?? Math.max(0, Math.round(preflight?.channels ?? 0)),
    sample_rate: wav?.sampleRate ?? Math.max(0, Math.round(preflight?.sample_rate ?? 0)),
    spot_length_s: spotLengthS,
    length_verdict: lengthVerdict(lengthS, spotLengthS),
  }
}
