/**
 * Turns a measured take into the preflight warnings, by the thresholds in thresholds.ts.
 * Pure: no ffmpeg, no files.
 */
import type { PreflightWarning, TakeKind } from './preflight'
import { PREFLIGHT_WARNINGS } from './preflight'
import {
  CLIPPING_PEAK_DBFS,
  LENGTH_TOLERANCE_RATIO,
  LENGTH_TOLERANCE_S,
  LONG_LEAD_SILENCE_S,
  LONG_TAIL_SILENCE_S,
  LOUDNESS_RULES,
  MAX_WARNINGS,
  MIN_LOUDNESS_DURATION_S,
  MIN_SAMPLE_RATE_HZ,
} from './thresholds'

/** What the one decoding pass measured (dB values unrounded; -Infinity = digital silence). */
export interface TakeMeasurements {
  durationS: number
  sampleRate: number | null
  channels: number | null
  peakDbfs: number | null
  lufs: number | null
  leadSilenceS: number
  tailSilenceS: number
}

export interface JudgeOptions {
  /** The job's length_s; null, undefined or 0 = unknown, so no length warning. */
  spotLengthS?: number | null
  kind?: TakeKind
}

/** How far a take may be from the spot length before it runs long or short. */
export function lengthToleranceS(spotLengthS: number): number {
  return Math.max(LENGTH_TOLERANCE_S, LENGTH_TOLERANCE_RATIO * spotLengthS)
}

/**
 * The length judged against the spot: a finished spot airs as the whole file; a dry voice (or a take of
 * unknown kind — Booth records voice) is trimmed of its head and tail silence before use, so only the
 * span from first to last sound counts.
 */
export function judgedLengthS(m: TakeMeasurements, kind: TakeKind): number {
  if (kind === 'finished_spot') return m.durationS
  return Math.max(0, m.durationS - m.leadSilenceS - m.tailSilenceS)
}

export function judgeTake(m: TakeMeasurements, options: JudgeOptions = {}): PreflightWarning[] {
  const kind = options.kind ?? 'not_set'
  const found = new Set<PreflightWarning>()
  const spot = options.spotLengthS ?? 0
  if (spot > 0) {
    const length = judgedLengthS(m, kind)
    const tolerance = lengthToleranceS(spot)
    if (length > spot + tolerance) found.add('runs_long')
    if (length < spot - tolerance) found.add('runs_short')
  }
  if (m.sampleRate !== null && m.sampleRate < MIN_SAMPLE_RATE_HZ) found.add('low_sample_rate')
  if (m.peakDbfs !== null && m.peakDbfs >= CLIPPING_PEAK_DBFS) found.add('clipping')

  const rule = LOUDNESS_RULES[kind]
  const silentThroughout = m.peakDbfs === Number.NEGATIVE_INFINITY
  if (m.lufs !== null) {
    if (m.lufs < rule.veryQuietBelowLufs) found.add('very_quiet')
    if (m.lufs > rule.veryLoudAboveLufs) found.add('very_loud')
  } else if (silentThroughout || m.durationS >= MIN_LOUDNESS_DURATION_S) {
    // Nothing passed the −70 LUFS absolute gate although there was enough audio to measure.
    found.add('very_quiet')
  }
  if (rule.peakCeilingDbfs !== null && m.peakDbfs !== null && m.peakDbfs > rule.peakCeilingDbfs) found.add('very_loud')

  if (m.leadSilenceS > LONG_LEAD_SILENCE_S) found.add('long_lead_silence')
  if (m.tailSilenceS > LONG_TAIL_SILENCE_S) found.add('long_tail_silence')
  if (kind === 'dry_voice' && m.channels !== null && m.channels > 1) found.add('stereo_dry_voice')

  return PREFLIGHT_WARNINGS.filter((w) => found.has(w)).slice(0, MAX_WARNINGS)
}
