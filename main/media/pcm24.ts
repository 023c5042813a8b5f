/**
 * Float32 → signed 24-bit little-endian PCM, with clamping, clip counting and the live level
 * (peak and RMS in dBFS) computed in the same pass over the samples.
 */

/** The quietest level reported; digital silence reads as this instead of -Infinity (which JSON cannot carry). */
export const SILENCE_DBFS = -144

/** Live level of one chunk of interleaved samples, for the input meter. */
export interface Level {
  /** Highest absolute sample of the chunk across all channels, in dBFS (SILENCE_DBFS for silence). */
  peakDbfs: number
  /** Root mean square of all samples of the chunk, in dBFS (SILENCE_DBFS for silence). */
  rmsDbfs: number
  /** Peak per channel in dBFS, in channel order. */
  channelPeaksDbfs: number[]
  /** Samples at or beyond full scale (|x| >= 1) in this chunk; they were clamped. */
  clippedSamples: number
  /** Frames (samples per channel) in this chunk. */
  frames: number
}

const MAX_POS = 0x7fffff
const MIN_NEG = -0x800000
const SCALE = 0x800000

export function toDbfs(linear: number): number {
  if (!(linear > 0)) return SILENCE_DBFS
  return Math.max(SILENCE_DBFS, 20 * Math.log10(linear))
}

/**
 * Encodes `samples` (interleaved, `channels` per frame) into `out` starting at byte `offset`, 3 bytes per
 * sample. NaN is written as 0. Returns the chunk's level. `out` must have room for samples.length * 3 bytes.
 */
export function encodePcm24(samples: Float32Array, channels: number, out: Uint8Array, offset: number): Level {
  const n = samples.length
  const peaks = new Array<number>(channels).fill(0)
  let sumSquares = 0
  let clipped = 0
  // One pass per channel (stride = channels) keeps the hot loop free of modulo and array lookups.
  for (let ch = 0; ch < channels; ch++) {
    let peak = 0
    let o = offset + ch * 3
    const step = channels * 3
    for (let i = ch; i < n; i += channels) {
      let x = samples[i] as number
      if (x !== x) x = 0 // NaN from a broken source: write silence rather than garbage
      const a = x < 0 ? -x : x
      if (a > peak) peak = a
      sumSquares += x * x
      let v: number
      if (a >= 1) {
        clipped++
        v = x < 0 ? MIN_NEG : MAX_POS
      } else {
        const scaled = x * SCALE
        v = scaled < 0 ? -((0.5 - scaled) | 0) : (scaled + 0.5) | 0 // round half away from zero
        if (v > MAX_POS) v = MAX_POS
      }
      out[o] = v
      out[o + 1] = v >> 8
      out[o + 2] = v >> 16
      o += step
    }
    peaks[ch] = peak
  }
  let peak = 0
  for (const p of peaks) if (p > peak) peak = p
  return {
    peakDbfs: toDbfs(Math.min(peak, 1)),
    rmsDbfs: toDbfs(n > 0 ? Math.sqrt(sumSquares / n) : 0),
    channelPeaksDbfs: peaks.map((p) => toDbfs(Math.min(p, 1))),
    clippedSamples: clipped,
    frames: channels > 0 ? n / channels : 0,
  }
}

/** Decodes signed 24-bit little-endian PCM back to floats in [-1, 1). Used by tests and by repair checks. */
export function decodePcm24(bytes: Uint8Array): Float32Array {
  const n = Math.floor(bytes.length / 3)
  const out = new Float32Array(n)
  for (let i = 0; i < n; i++) {
    const b = i * 3
    let v = (bytes[b] as number) | ((bytes[b + 1] as number) << 8) | ((bytes[b + 2] as number) << 16)
    if (v & 0x800000) v -= 0x1000000
    out[i] = v / SCALE
  }
  return out
}
