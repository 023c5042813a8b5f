/**
 * The latency calibration's analysis: in a recording made while the calibration signal played
 * (shared/versions/calibration-click.ts), where each click arrived, to the sample. For each click, the lag
 * (0 … maxLatencyS) at which the recording looks most like the click (normalised cross-correlation, sign
 * ignored: a microphone may invert polarity); the latency is the median lag of the clicks heard, and at
 * least three of the five must agree within a millisecond, else Booth says it did not hear them.
 */
import { CALIBRATION, calibrationClick, calibrationClickFrames } from '../../../shared/versions/calibration-click'

export interface Calibration {
  latencyFrames: number
  latencyMs: number
  clicksHeard: number
  /** Largest distance of an agreeing click's lag from the median (frames). */
  spreadFrames: number
}

export class CalibrationError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'CalibrationError'
  }
}

/** A click counts as heard when its correlation with the recording reaches this. */
const HEARD = 0.5

/** `recording`: interleaved samples (full scale ±1) starting when the signal started playing. */
export function findLatency(recording: Float32Array | Float64Array, channels: number, sampleRate: number): Calibration {
  const frames = Math.floor(recording.length / channels)
  const mono = new Float64Array(frames)
  for (let f = 0; f < frames; f++) {
    let s = 0
    for (let c = 0; c < channels; c++) s += recording[f * channels + c] as number
    mono[f] = s / channels
  }
  const click = calibrationClick(sampleRate)
  const n = click.length
  let clickNorm = 0
  for (const x of click) clickNorm += x * x
  clickNorm = Math.sqrt(clickNorm)
  const maxLag = Math.round(CALIBRATION.maxLatencyS * sampleRate)
  const lags: number[] = []
  for (const start of calibrationClickFrames(sampleRate)) {
    const top = Math.min(maxLag, frames - n - start)
    if (top < 0) break
    // Energy of the recording under the click's window, kept as the window slides.
    let energy = 0
    for (let j = 0; j < n; j++) energy += (mono[start + j] as number) ** 2
    let best = 0
    let bestLag = -1
    for (let lag = 0; lag <= top; lag++) {
      if (lag > 0) energy += (mono[start + lag + n - 1] as number) ** 2 - (mono[start + lag - 1] as number) ** 2
      if (energy <= 1e-18) continue
      let dot = 0
      for (let j = 0; j < n; j++) dot += (click[j] as number) * (mono[start + lag + j] as number)
      const r = Math.abs(dot) / (clickNorm * Math.sqrt(energy))
      if (r > best) {
        best = r
        bestLag = lag
      }
    }
    if (best >= HEARD && bestLag >= 0) lags.push(bestLag)
  }
  const sorted = [...lags].sort((a, b) => a - b)
  const median = sorted[Math.floor(sorted.length / 2)]
  const tolerance = Math.round(sampleRate / 1000)
  const agreeing = median === undefined ? [] : sorted.filter((l) => Math.abs(l - median) <= tolerance)
  if (median === undefined || agreeing.length < 3) {
    throw new CalibrationError(
      `Booth heard ${agreeing.length} of the ${CALIBRATION.clicks} clicks clearly; turn the ` +
        `speakers up or hold the microphone nearer and calibrate again (the latency the system ` +
        `reports is used meanwhile).`,
    )
  }
  return {
    latencyFrames: median,
    latencyMs: Math.round((median / sampleRate) * 100000) / 100,
    clicksHeard: agreeing.length,
    spreadFrames: Math.max(...agreeing.map((l) => Math.abs(l - median))),
  }
}
