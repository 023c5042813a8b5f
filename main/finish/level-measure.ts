/**
 * The figures a level plan is made from and checked against, measured on planar channels with Booth's own
 * meters (shared/audio-dsp: BS.1770-4 loudness, 4× true peak): integrated loudness, whole-file RMS over all
 * channels (as ACX and Booth's preflight measure it), sample peak and true peak. Pure.
 */
import { LoudnessMeter } from '../../shared/audio-dsp/loudness-meter'
import { TruePeakMeter, toDb } from '../../shared/audio-dsp/true-peak'

export interface LevelFigures {
  /** BS.1770-4 integrated loudness, LUFS; null when nothing passes the gates (silence, under 400 ms). */
  integratedLufs: number | null
  /** Whole-file RMS over all channels, dBFS. */
  rmsDb: number
  samplePeakDb: number
  /** 4× oversampled peak, dBTP. */
  truePeakDb: number
}

const CHUNK_FRAMES = 4096

/** Feeds the channels, interleaved a chunk at a time, to `push` (mono is passed through without a copy). */
export function forEachInterleaved(ch: readonly Float32Array[], push: (samples: Float32Array) => void): void {
  const nc = ch.length
  const frames = ch[0]?.length ?? 0
  if (nc === 1) {
    push(ch[0] as Float32Array)
    return
  }
  const buf = new Float32Array(CHUNK_FRAMES * nc)
  for (let from = 0; from < frames; from += CHUNK_FRAMES) {
    const n = Math.min(CHUNK_FRAMES, frames - from)
    for (let c = 0; c < nc; c++) {
      const x = ch[c] as Float32Array
      for (let f = 0; f < n; f++) buf[f * nc + c] = x[from + f] as number
    }
    push(buf.subarray(0, n * nc))
  }
}

export function integratedLoudness(ch: readonly Float32Array[], sampleRate: number): number | null {
  const meter = new LoudnessMeter(sampleRate, ch.length)
  forEachInterleaved(ch, (s) => meter.push(s))
  return meter.integratedLufs()
}

export function truePeakDb(ch: readonly Float32Array[]): number {
  const meter = new TruePeakMeter(ch.length)
  forEachInterleaved(ch, (s) => meter.push(s))
  // The interpolator lags its input by half its length: flush it so a peak at the very end is seen.
  meter.push(new Float32Array(24 * ch.length))
  return toDb(meter.maxAbs)
}

export function measureLevel(ch: readonly Float32Array[], sampleRate: number): LevelFigures {
  let sum = 0
  let peak = 0
  let n = 0
  for (const x of ch) {
    for (let i = 0; i < x.length; i++) {
      const v = x[i] as number
      sum += v * v
      const a = v < 0 ? -v : v
      if (a > peak) peak = a
    }
    n += x.length
  }
  return {
    integratedLufs: integratedLoudness(ch, sampleRate),
    rmsDb: n > 0 ? toDb(Math.sqrt(sum / n)) : Number.NEGATIVE_INFINITY,
    samplePeakDb: toDb(peak),
    truePeakDb: truePeakDb(ch),
  }
}
