/**
 * The latency calibration's test signal, the same on both sides: the window plays it while it records
 * (the recording starting when playback starts), and main finds each click in what was recorded
 * (main/versions/punch/latency-calibration.ts). Five short chirps (1.5 → 6 kHz in 4 ms, Hann-windowed) 550 ms
 * apart after 300 ms of silence, then 500 ms of silence for the longest latency looked for. The clicks are
 * further apart than that longest latency, so a click is never taken for the one after it. Pure.
 */

export const CALIBRATION = {
  leadS: 0.3,
  clicks: 5,
  spacingS: 0.55,
  clickS: 0.004,
  /** The longest input latency the calibration looks for (s). */
  maxLatencyS: 0.5,
  amplitude: 0.5,
} as const

/** One click (mono samples, peak CALIBRATION.amplitude). */
export function calibrationClick(sampleRate: number): Float32Array {
  const n = Math.max(8, Math.round(CALIBRATION.clickS * sampleRate))
  const out = new Float32Array(n)
  const f0 = 1500
  const f1 = Math.min(6000, sampleRate * 0.45)
  for (let i = 0; i < n; i++) {
    const t = i / sampleRate
    const T = n / sampleRate
    const phase = 2 * Math.PI * (f0 * t + ((f1 - f0) / (2 * T)) * t * t)
    const hann = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (n - 1))
    out[i] = CALIBRATION.amplitude * hann * Math.sin(phase)
  }
  return out
}

/** Where each click starts in the signal (frames). */
export function calibrationClickFrames(sampleRate: number): number[] {
  return Array.from({ length: CALIBRATION.clicks }, (_, k) =>
    Math.round((CALIBRATION.leadS + k * CALIBRATION.spacingS) * sampleRate),
  )
}

/** The whole signal to play (mono). */
export function calibrationSignal(sampleRate: number): Float32Array {
  const starts = calibrationClickFrames(sampleRate)
  const click = calibrationClick(sampleRate)
  const last = starts[starts.length - 1] as number
  const out = new Float32Array(last + click.length + Math.round(CALIBRATION.maxLatencyS * sampleRate))
  for (const s of starts) out.set(click, s)
  return out
}
