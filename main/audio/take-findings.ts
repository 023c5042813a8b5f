/**
 * Judges a measured take against its delivery profile and the job: a list of findings in plain words,
 * each with its numbers, the rule it breaks and where in the take it happens. Pure.
 * (finding-warnings.ts turns problems into the API's preflight warnings.)
 */
import type { DeliveryProfile, Severity } from './delivery-profiles'
import type { TakeKind } from './preflight'
import {
  DC_OFFSET_NOTE,
  DC_OFFSET_PROBLEM,
  LENGTH_TOLERANCE_RATIO,
  LENGTH_TOLERANCE_S,
  LONG_LEAD_SILENCE_S,
  LONG_TAIL_SILENCE_S,
  MIN_LOUDNESS_DURATION_S,
  MIN_SAMPLE_RATE_HZ,
} from './thresholds'
import { isSilentLevel } from '../../shared/format/level-words'

export const FINDING_CODES = [
  'runs_long',
  'runs_short',
  'low_sample_rate',
  'clipping',
  'true_peak_over',
  'peak_over',
  'too_loud',
  'too_quiet',
  'noise_floor_high',
  'dc_offset',
  'long_lead_silence',
  'long_tail_silence',
  'stereo_dry_voice',
] as const
export type FindingCode = (typeof FINDING_CODES)[number]

export interface Finding {
  code: FindingCode
  severity: Severity
  message: string
  /** Where in the take (seconds from its start); null when it concerns the whole take. */
  at_s: number | null
}

/** What the one decoding pass (or the running measurement) measured; dB unrounded; -Infinity = digital silence. */
export interface TakeMeasurements {
  durationS: number
  sampleRate: number | null
  channels: number | null
  peakDbfs: number | null
  lufs: number | null
  leadSilenceS: number
  tailSilenceS: number
  /** Duration minus head, tail and inner pauses of 300 ms or more. */
  voicedS?: number
  truePeakDbtp?: number | null
  /** Where the loudest sample is (s). */
  peakAtS?: number | null
  /** Where the true peak is (s): an inter-sample over can be far from the loudest sample. */
  truePeakAtS?: number | null
  rmsDbfs?: number | null
  noiseFloorDbfs?: number | null
  /** Largest |mean| of a channel (full scale 1). */
  dcOffset?: number | null
  clip?: { runs: number; overs: number; firstAtS: number | null; levelDbfs: number | null } | null
}

export interface JudgeOptions {
  /** The job's length_s; null, undefined or 0 = unknown, so no length finding. */
  spotLengthS?: number | null
  kind?: TakeKind
}

/** How far a take may be from the spot length before it runs long or short. */
export function lengthToleranceS(spotLengthS: number): number {
  return Math.max(LENGTH_TOLERANCE_S, LENGTH_TOLERANCE_RATIO * spotLengthS)
}

/**
 * The length judged against the spot: a finished spot airs as the whole file; a dry voice (or a take of
 * unknown kind — Booth records voice) is trimmed of its head and tail silence before use.
 */
export function judgedLengthS(m: TakeMeasurements, kind: TakeKind): number {
  if (kind === 'finished_spot') return m.durationS
  return Math.max(0, m.durationS - m.leadSilenceS - m.tailSilenceS)
}

/** A level as people write it: one decimal, an explicit + above zero. */
export const dB = (n: number): string => `${n > 0 ? '+' : ''}${n.toFixed(1)}`
const s1 = (n: number): string => `${n.toFixed(1)} s`
const at = (n: number | null | undefined): string => (n === null || n === undefined ? '' : ` at ${s1(n)}`)
/** Compare on the figure shown (one decimal), so a take that reads -22.0 is not called over -22.0. */
const shown = (n: number): number => Math.round(n * 10) / 10

function lengthFindings(m: TakeMeasurements, kind: TakeKind, spot: number): Finding[] {
  if (!(spot > 0)) return []
  // Judged as shown (0.1 s): the room-tone high-pass rings for ~20 ms after a sound stops.
  const length = shown(judgedLengthS(m, kind))
  const tolerance = lengthToleranceS(spot)
  const what = kind === 'finished_spot' ? 'The take' : 'From first to last sound, the take'
  if (length > spot + tolerance)
    return [
      {
        code: 'runs_long',
        severity: 'problem',
        message: `${what} runs ${s1(length)}; the spot is ${s1(spot)} (±${tolerance.toFixed(1)} s).`,
        at_s: null,
      },
    ]
  if (length < spot - tolerance)
    return [
      {
        code: 'runs_short',
        severity: 'problem',
        message: `${what} runs ${s1(length)}; the spot is ${s1(spot)} (±${tolerance.toFixed(1)} s).`,
        at_s: null,
      },
    ]
  return []
}

function levelFindings(m: TakeMeasurements, profile: DeliveryProfile): Finding[] {
  const out: Finding[] = []
  const silentThroughout = m.peakDbfs === Number.NEGATIVE_INFINITY
  for (const target of profile.loudness) {
    const value = target.measure === 'integrated' ? m.lufs : (m.rmsDbfs ?? null)
    const unit = target.measure === 'integrated' ? 'LUFS' : 'dB RMS'
    const name = target.measure === 'integrated' ? 'Loudness' : 'RMS level'
    const range =
      target.target === undefined
        ? `${profile.label} asks ${dB(target.min)} to ${dB(target.max)} ${unit}`
        : `${profile.label} asks ${dB(target.target)} ${unit} ±${(target.max - target.target).toFixed(1)}`
    // No sound to measure (null, −∞, or a level below the silent line such as a filter's residue): no figure.
    if (value === null || isSilentLevel(value, unit)) {
      if (target.measure === 'integrated' && (silentThroughout || m.durationS >= MIN_LOUDNESS_DURATION_S)) {
        out.push({
          code: 'too_quiet',
          severity: target.severity,
          message: `Nothing in the take is loud enough to measure (below -70 LUFS); ${range}.`,
          at_s: null,
        })
      }
      continue
    }
    if (shown(value) > target.max)
      out.push({
        code: 'too_loud',
        severity: target.severity,
        message: `${name} ${dB(value)} ${unit}; ${range}.`,
        at_s: null,
      })
    else if (shown(value) < target.min)
      out.push({
        code: 'too_quiet',
        severity: target.severity,
        message: `${name} ${dB(value)} ${unit}; ${range}.`,
        at_s: null,
      })
  }
  const peak = profile.peak
  if (peak) {
    const truePeak = peak.measure === 'true' && m.truePeakDbtp !== undefined && m.truePeakDbtp !== null
    const value = truePeak ? m.truePeakDbtp : m.peakDbfs
    if (value !== null && value !== undefined && Number.isFinite(value) && shown(value) > peak.max) {
      // The time of the peak that is judged: a true peak is placed where the true peak is, never at the
      // loudest sample (unknown rather than wrong when it could not be placed).
      const where = (truePeak ? m.truePeakAtS : m.peakAtS) ?? null
      out.push({
        code: peak.measure === 'true' ? 'true_peak_over' : 'peak_over',
        severity: peak.severity,
        message:
          `${peak.measure === 'true' ? 'True peak' : 'Peak'} ${dB(value)} ` +
          `${truePeak ? 'dBTP' : 'dBFS'}; ${profile.label} allows ` +
          `${dB(peak.max)}${where !== null ? ` (loudest at ${s1(where)})` : ''}.`,
        at_s: where,
      })
    }
  }
  const floor = profile.noiseFloorMaxDbfs
  if (
    floor &&
    m.noiseFloorDbfs !== null &&
    m.noiseFloorDbfs !== undefined &&
    Number.isFinite(m.noiseFloorDbfs) &&
    shown(m.noiseFloorDbfs) > floor.max
  ) {
    out.push({
      code: 'noise_floor_high',
      severity: floor.severity,
      message: `Room tone ${dB(m.noiseFloorDbfs)} dBFS RMS; ${profile.label} allows ${dB(floor.max)}.`,
      at_s: null,
    })
  }
  return out
}

function signalFindings(m: TakeMeasurements): Finding[] {
  const out: Finding[] = []
  const clip = m.clip
  if (clip && (clip.runs > 0 || clip.overs > 0)) {
    const parts: string[] = []
    if (clip.runs > 0)
      parts.push(
        `${clip.runs} flat-topped run${clip.runs === 1 ? '' : 's'}${clip.levelDbfs !== null ? ` at ${dB(clip.levelDbfs)} dBFS` : ''}`,
      )
    if (clip.overs > 0) parts.push(`${clip.overs} sample${clip.overs === 1 ? '' : 's'} at full scale`)
    out.push({
      code: 'clipping',
      severity: 'problem',
      message: `Clipping: ${parts.join(' and ')}, first${at(clip.firstAtS)}.`,
      at_s: clip.firstAtS,
    })
  }
  const dc = m.dcOffset
  if (dc !== null && dc !== undefined && dc >= DC_OFFSET_NOTE) {
    out.push({
      code: 'dc_offset',
      severity: dc >= DC_OFFSET_PROBLEM ? 'problem' : 'note',
      message:
        `DC offset ${(dc * 100).toFixed(2)} % of full scale; keep it under ` +
        `${(DC_OFFSET_NOTE * 100).toFixed(1)} % (check the interface or apply a DC filter).`,
      at_s: null,
    })
  }
  return out
}

function timeFindings(m: TakeMeasurements, kind: TakeKind): Finding[] {
  const out: Finding[] = []
  if (m.sampleRate !== null && m.sampleRate < MIN_SAMPLE_RATE_HZ) {
    out.push({
      code: 'low_sample_rate',
      severity: 'problem',
      message: `Sample rate ${m.sampleRate} Hz; deliver at ${MIN_SAMPLE_RATE_HZ} Hz or more.`,
      at_s: null,
    })
  }
  const silentThroughout = m.leadSilenceS >= m.durationS && m.durationS > 0
  // Judged as shown (0.1 s), so a head of 1.04 s never reads "1.0 s; keep it under 1.0 s".
  if (shown(m.leadSilenceS) > LONG_LEAD_SILENCE_S) {
    out.push({
      code: 'long_lead_silence',
      severity: 'problem',
      message: silentThroughout
        ? `The take is silent throughout (${s1(m.durationS)}).`
        : `Silence before the first sound: ${s1(m.leadSilenceS)}; keep it under ${s1(LONG_LEAD_SILENCE_S)}.`,
      at_s: 0,
    })
  }
  if (shown(m.tailSilenceS) > LONG_TAIL_SILENCE_S) {
    out.push({
      code: 'long_tail_silence',
      severity: 'problem',
      message: silentThroughout
        ? `The take is silent throughout (${s1(m.durationS)}).`
        : `Silence after the last sound: ${s1(m.tailSilenceS)}; keep it under ${s1(LONG_TAIL_SILENCE_S)}.`,
      at_s: Math.max(0, m.durationS - m.tailSilenceS),
    })
  }
  if (kind === 'dry_voice' && m.channels !== null && m.channels > 1) {
    out.push({
      code: 'stereo_dry_voice',
      severity: 'problem',
      message: `A dry voice should be mono; this take has ${m.channels} channels.`,
      at_s: null,
    })
  }
  return out
}

/** Every finding about a measured take, problems first, then notes. */
export function findTakeFindings(m: TakeMeasurements, profile: DeliveryProfile, options: JudgeOptions = {}): Finding[] {
  const kind = options.kind ?? 'not_set'
  const all = [
    ...lengthFindings(m, kind, options.spotLengthS ?? 0),
    ...signalFindings(m),
    ...levelFindings(m, profile),
    ...timeFindings(m, kind),
  ]
  return [...all.filter((f) => f.severity === 'problem'), ...all.filter((f) => f.severity === 'note')]
}
