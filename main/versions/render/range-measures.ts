/**
 * Loudness and true peak of a stretch of a recording (a sentence in a take): BS.1770 integrated loudness
 * (shared/audio-dsp/loudness-meter.ts, gated) and the 4× true peak (true-peak.ts). A stretch whose gated
 * blocks all fall below the gate gets its last 400 ms (momentary) loudness; one shorter than that has none.
 */
import { LoudnessMeter } from '../../../shared/audio-dsp/loudness-meter'
import { toDb, TruePeakMeter } from '../../../shared/audio-dsp/true-peak'
import { fullScale, type WavSource } from '../../media/wav-source'

export interface RangeMeasures {
  lufs: number | null
  true_peak_dbtp: number | null
}

const CHUNK = 1 << 16

/** `truePeak`: also the 4× true peak (the costly part; the comp grid shows it, a pickup's gain does not need it). */
export async function measureRange(
  src: WavSource,
  fromFrame: number,
  toFrame: number,
  truePeak = true,
): Promise<RangeMeasures> {
  const { sample_rate: rate, channels: ch, encoding } = src.format
  const meter = new LoudnessMeter(rate, ch)
  const peak = truePeak ? new TruePeakMeter(ch) : null
  const scale = 1 / fullScale(encoding)
  for (let a = Math.max(0, fromFrame); a < toFrame; a += CHUNK) {
    const x = await src.readFrames(a, Math.min(CHUNK, toFrame - a))
    for (let i = 0; i < x.length; i++) x[i] = (x[i] as number) * scale
    meter.push(x)
    peak?.push(x)
  }
  let lufs = meter.integratedLufs()
  if (lufs === null) {
    const m = meter.momentaryLufs()
    lufs = m === null || !Number.isFinite(m) ? null : m
  }
  return {
    lufs: lufs === null ? null : round2(lufs),
    true_peak_dbtp: peak && peak.maxAbs > 0 ? round2(toDb(peak.maxAbs)) : null,
  }
}

const round2 = (x: number): number => Math.round(x * 100) / 100
