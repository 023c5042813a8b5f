/**
 * The measurement of a take made while it is recorded: every chunk the WAV writer stores also goes
 * through the same sample facts, BS.1770 loudness and 4x true peak as the ffmpeg pass, so when the
 * person stops, the take's check is ready at once (a few milliseconds for any length: only the 10-per-
 * second loudness blocks and the 100-per-second room-tone blocks are summed). The ffmpeg pass still runs
 * after stop as the reference, and its figures replace these.
 * Between chunks it also gives the live meter readings: momentary and short-term loudness and true peak.
 */
import { LoudnessMeter } from '../../shared/audio-dsp/loudness-meter'
import { TakeFactsCollector } from '../../shared/audio-dsp/take-facts'
import { toDb, TruePeakMeter } from '../../shared/audio-dsp/true-peak'
import type { LiveLoudness } from '../../shared/bridge-takes'
import { levelForWire } from '../../shared/format/level-words'
import type { DeliveryProfile } from './delivery-profiles'
import type { TakeKind } from './preflight'
import { profileFor } from './delivery-profiles'
import type { PreflightAndReport } from './take-measurements'
import { measurementsOf, preflightAndReport } from './take-measurements'
import { clipRule, ROOM_TONE_RULES } from './thresholds'

/** Booth writes takes as 24-bit PCM (main/media/wav-writer.ts). */
const RECORDED_BIT_DEPTH = 24
const RECORDED_CODEC = 'pcm_s24le'

export class RunningMeasurement {
  private readonly facts: TakeFactsCollector
  private readonly loudness: LoudnessMeter
  private readonly truePeak: TruePeakMeter
  private scratch = new Float64Array(0)

  constructor(
    readonly sampleRate: number,
    readonly channels: number,
  ) {
    const rule = clipRule(RECORDED_CODEC, RECORDED_BIT_DEPTH, sampleRate)
    // The room tone is found block by block, so at Stop the check is judged, not computed over the take.
    this.facts = new TakeFactsCollector(sampleRate, channels, rule.minRun, { ...rule, roomTone: ROOM_TONE_RULES })
    this.loudness = new LoudnessMeter(sampleRate, channels)
    this.truePeak = new TruePeakMeter(channels)
  }

  /** Feeds one chunk of interleaved float samples, as the WAV writer received it. */
  push(chunk: Float32Array): void {
    // One array type through the shared loops keeps them monomorphic (fast) for the ffmpeg pass too.
    if (this.scratch.length !== chunk.length) this.scratch = new Float64Array(chunk.length)
    const x = this.scratch
    for (let i = 0; i < chunk.length; i++) x[i] = chunk[i] as number
    this.facts.push(x)
    this.loudness.push(x)
    this.truePeak.push(x)
  }

  /**
   * The meters' readings: null before there is one (loudness needs 400 ms / 3 s of audio), and silence as
   * the unit's silent line (shared/format/level-words.ts), never the thousands of dB below zero that a
   * K-weighting filter ringing down into digital zeros would give.
   */
  live(): LiveLoudness {
    return {
      momentaryLufs: levelForWire(this.loudness.momentaryLufs(), 'LUFS'),
      shortTermLufs: levelForWire(this.loudness.shortTermLufs(), 'LUFS'),
      truePeakDbtp: levelForWire(toDb(this.truePeak.takeWindowPeak()), 'dBTP'),
      truePeakMaxDbtp: levelForWire(toDb(this.truePeak.maxAbs), 'dBTP'),
    }
  }

  /** The take's preflight and report from what was recorded, judged as the ffmpeg pass would judge it. */
  result(options: {
    spotLengthS?: number | null
    kind?: TakeKind
    profile?: DeliveryProfile | null
  }): PreflightAndReport {
    const facts = this.facts.facts()
    const m = measurementsOf(facts, {
      lufs: this.loudness.integratedLufs(),
      truePeakDbtp: toDb(this.truePeak.maxAbs),
      truePeakAtS: this.truePeak.maxAtFrame === null ? null : this.truePeak.maxAtFrame / this.sampleRate,
    })
    return preflightAndReport(m, { codec: RECORDED_CODEC, bitDepth: RECORDED_BIT_DEPTH }, profileFor(options), options)
  }
}
