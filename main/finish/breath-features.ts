/**
 * What tells a breath from a voice in a pause (breaths.ts): block levels, the zero-crossing rate, the share
 * of energy above a sibilant's corner, how many windows of a stretch are voiced (have a pitch), and whether
 * its level rises and falls. Pure; mono samples, frames [from, to).
 */
import { Biquad, BUTTERWORTH4_Q, highPass } from '../../shared/audio-dsp/biquad'

/** Where a sibilant's hiss lives (s, sh): most of its energy is above this; a breath's is below. */
export const SIBILANT_HZ = 4000

/** Pitch a voice may have: lags of 1/400 s to 1/70 s. */
const PITCH_HZ: readonly [number, number] = [70, 400]
export const VOICING_WINDOW_MS = 30
/** A window whose best normalised autocorrelation at a pitch lag reaches this is voiced. */
export const VOICED_CORRELATION = 0.5

/** RMS level (dBFS) of each block of `block` frames of x[from, to); the last block may be shorter. */
export function blockLevelsDb(x: Float32Array, from: number, to: number, block: number): Float64Array {
  const n = Math.max(0, Math.ceil((to - from) / block))
  const out = new Float64Array(n)
  for (let b = 0; b < n; b++) {
    const a = from + b * block
    const e = Math.min(to, a + block)
    let s = 0
    for (let i = a; i < e; i++) s += (x[i] as number) ** 2
    out[b] = s > 0 ? 10 * Math.log10(s / (e - a)) : Number.NEGATIVE_INFINITY
  }
  return out
}

/** Sign changes per second over x[from, to). */
export function zeroCrossingRate(x: Float32Array, from: number, to: number, sampleRate: number): number {
  let crossings = 0
  for (let i = from + 1; i < to; i++) if ((x[i] as number) >= 0 !== (x[i - 1] as number) >= 0) crossings++
  return (crossings * sampleRate) / Math.max(1, to - from - 1)
}

/** The share (0–1) of the energy of x[from, to) above SIBILANT_HZ (a 4th-order Butterworth high-pass). */
export function highBandShare(x: Float32Array, from: number, to: number, sampleRate: number): number {
  const hp = BUTTERWORTH4_Q.map((q) => new Biquad(highPass(SIBILANT_HZ, q, sampleRate)))
  const [h1, h2] = hp as [Biquad, Biquad]
  let all = 0
  let high = 0
  for (let i = from; i < to; i++) {
    const v = x[i] as number
    const y = h2.step(h1.step(v))
    all += v * v
    high += y * y
  }
  return all > 0 ? high / all : 0
}

/** The best normalised autocorrelation of the window x[a, a + n), its mean taken out, at a pitch lag. */
function bestPitchCorrelation(x: Float32Array, a: number, n: number, sampleRate: number, buf: Float64Array): number {
  let mean = 0
  for (let i = 0; i < n; i++) mean += x[a + i] as number
  mean /= n
  for (let i = 0; i < n; i++) buf[i] = (x[a + i] as number) - mean
  const minLag = Math.floor(sampleRate / (PITCH_HZ[1] as number))
  const maxLag = Math.min(n - 1, Math.ceil(sampleRate / (PITCH_HZ[0] as number)))
  let best = 0
  for (let lag = minLag; lag <= maxLag; lag++) {
    let xy = 0
    let xx = 0
    let yy = 0
    for (let i = 0; i + lag < n; i++) {
      const p = buf[i] as number
      const q = buf[i + lag] as number
      xy += p * q
      xx += p * p
      yy += q * q
    }
    const r = xx > 0 && yy > 0 ? xy / Math.sqrt(xx * yy) : 0
    if (r > best) best = r
  }
  return best
}

/** Windows of the dense voicing scan step by this much (ms): a word of 100 ms is seen by several. */
export const VOICING_STEP_MS = 15

/**
 * How many windows of x[from, to) are voiced, scanned densely (every VOICING_STEP_MS): a stretch holding any
 * part of a word (a vowel, a voiced consonant) has some; a breath has none. Halved in rate above 32 kHz.
 */
export function voicedWindows(x: Float32Array, from: number, to: number, sampleRate: number): number {
  let y = x
  let a0 = from
  let b0 = to
  let rate = sampleRate
  if (sampleRate >= 32_000) {
    y = new Float32Array(Math.floor((to - from) / 2))
    for (let i = 0; i < y.length; i++) y[i] = ((x[from + 2 * i] as number) + (x[from + 2 * i + 1] as number)) / 2
    a0 = 0
    b0 = y.length
    rate = sampleRate / 2
  }
  const n = Math.min(b0 - a0, Math.round((VOICING_WINDOW_MS / 1000) * rate + rate / (PITCH_HZ[0] as number)))
  if (n < 2) return 0
  const buf = new Float64Array(n)
  const step = Math.max(1, Math.round((VOICING_STEP_MS / 1000) * rate))
  let voiced = 0
  for (let a = a0; a + n <= b0; a += step) if (bestPitchCorrelation(y, a, n, rate, buf) >= VOICED_CORRELATION) voiced++
  return voiced
}

/**
 * Whether the level of x[from, to) rises and falls as a breath's does: its loudest 10 ms block stands at
 * least `riseDb` over the first and the last 20 ms (a side cut by the file's edge, `open`, is not asked).
 */
export function risesAndFalls(
  x: Float32Array,
  from: number,
  to: number,
  sampleRate: number,
  riseDb: number,
  open: { start?: boolean; end?: boolean } = {},
): boolean {
  const block = Math.max(1, Math.round(0.01 * sampleRate))
  const levels = Array.from(blockLevelsDb(x, from, to, block))
  if (levels.length < 4) return false
  const peak = Math.max(...levels)
  const power = (v: number[]) => 10 * Math.log10(v.reduce((s, d) => s + 10 ** (d / 10), 0) / v.length)
  const head = power(levels.slice(0, 2))
  const tail = power(levels.slice(-2))
  return (open.start === true || peak - head >= riseDb) && (open.end === true || peak - tail >= riseDb)
}
