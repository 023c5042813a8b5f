/**
 * From the facts of one pass over a take (sample facts, loudness, true peak, stream facts) to the
 * API's preflight object and Booth's report (profile, true peak, noise floor, findings). Shared by the
 * ffmpeg pass after stop and the running measurement made while recording. Pure.
 */
import type { TakeFacts } from '../../shared/audio-dsp/take-facts'
import { roomTone } from '../../shared/audio-dsp/room-tone'
import { toDb } from '../../shared/audio-dsp/true-peak'
import type { TakeReportView } from '../../shared/bridge-audio'
import type { DeliveryProfile } from './delivery-profiles'
import { warningsOfFindings } from './finding-warnings'
import type { Preflight } from './preflight'
import type { Finding, JudgeOptions, TakeMeasurements } from './take-findings'
import { findTakeFindings } from './take-findings'
import { MAX_CODEC_CHARS, ROOM_TONE_RULES } from './thresholds'

/** The bridge's TakeReportView (dc_offset: largest |mean| of a channel, as a fraction of full scale), with Booth's finding codes. */
export interface TakeReport extends TakeReportView {
  findings: Finding[]
}

export interface StreamFacts {
  codec: string | null
  bitDepth: number | null
}

export interface LevelFacts {
  /** Integrated loudness (LUFS); null when nothing passed the gate. */
  lufs: number | null
  /** True peak (dBTP); null when not measured; -Infinity for digital silence. */
  truePeakDbtp: number | null
  /** Where the true peak is (s from the start); null when not known. */
  truePeakAtS?: number | null
}

const round = (n: number, digits: number): number => Number(n.toFixed(digits))
const finiteOrNull = (n: number | null | undefined, digits: number): number | null =>
  n === null || n === undefined || !Number.isFinite(n) ? null : round(n, digits)

export function measurementsOf(facts: TakeFacts, levels: LevelFacts): TakeMeasurements {
  const durationS = facts.frames / facts.sampleRate
  // Found as the take streamed in (the running measurement), or now from its blocks: the same either way.
  const room =
    facts.room ?? roomTone(facts.blockEnergies, facts.unweightedBlocks, facts.blockS, durationS, ROOM_TONE_RULES)
  return {
    durationS,
    sampleRate: facts.sampleRate,
    channels: facts.channels,
    peakDbfs: toDb(facts.peak),
    peakAtS: facts.peak > 0 ? facts.peakFrame / facts.sampleRate : null,
    lufs: levels.lufs,
    truePeakDbtp: levels.truePeakDbtp,
    truePeakAtS: levels.truePeakAtS ?? null,
    rmsDbfs: toDb(facts.rms),
    leadSilenceS: room.leadS,
    tailSilenceS: room.tailS,
    noiseFloorDbfs: room.noiseFloorDbfs,
    dcOffset: Math.max(0, ...facts.dcOffsets.map(Math.abs)),
    clip: {
      runs: facts.clip.runs,
      overs: facts.clip.overs,
      firstAtS: firstClipS(facts),
      levelDbfs: facts.clip.runs > 0 ? toDb(facts.clip.level) : null,
    },
    voicedS: room.voicedS,
  }
}

function firstClipS(facts: TakeFacts): number | null {
  const frames = [facts.clip.firstFrame, facts.clip.firstOverFrame].filter((f): f is number => f !== null)
  return frames.length ? Math.min(...frames) / facts.sampleRate : null
}

export interface PreflightAndReport {
  preflight: Preflight
  report: TakeReport
}

/** The preflight object (for the API) and the report (for Booth) of a measured take. */
export function preflightAndReport(
  m: TakeMeasurements,
  stream: StreamFacts,
  profile: DeliveryProfile,
  options: JudgeOptions,
): PreflightAndReport {
  const findings = findTakeFindings(m, profile, options)
  const peak = m.peakDbfs
  return {
    preflight: {
      measured: true,
      duration_s: round(m.durationS, 3),
      voiced_s: m.voicedS === undefined ? null : round(m.voicedS, 3),
      sample_rate: m.sampleRate,
      channels: m.channels,
      bit_depth: stream.bitDepth,
      peak_dbfs: finiteOrNull(peak, 2),
      lufs: finiteOrNull(m.lufs, 1),
      lead_silence_s: round(m.leadSilenceS, 3),
      tail_silence_s: round(m.tailSilenceS, 3),
      codec: stream.codec ? stream.codec.slice(0, MAX_CODEC_CHARS) : null,
      warnings: warningsOfFindings(findings),
    },
    report: {
      profile: profile.name,
      true_peak_dbtp: finiteOrNull(m.truePeakDbtp, 1),
      noise_floor_dbfs: finiteOrNull(m.noiseFloorDbfs, 1),
      lufs: finiteOrNull(m.lufs, 1),
      dc_offset: m.dcOffset === null || m.dcOffset === undefined ? null : round(m.dcOffset, 5),
      findings,
    },
  }
}
