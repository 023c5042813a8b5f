/**
 * True-peak meter of ITU-R BS.1770-4 Annex 2: the signal is oversampled 4x by a polyphase FIR
 * interpolator and the largest absolute value of the oversampled signal is the true peak (in dBTP).
 * The interpolator is a Kaiser-windowed sinc of 4 × 24 taps (flat within 0.05 dB to 20 kHz at 48 kHz);
 * like any 4x meter it may read up to 0.7 dB under the ideal for content near Nyquist (BS.1770-4 Annex 2).
 * It also says where the true peak is (maxAtFrame), which can be far from the sample peak: a finding about
 * the true peak points there. Pure; one history per channel; feed interleaved samples.
 *
 * The interpolation costs 4 × 24 products a sample, so windows that cannot beat the peak found so far are
 * skipped (exactly: see WINDOW_GAIN). A meter given a floor looks only for peaks at or above it, which makes
 * it nearly free on a take that stays below: then maxAbs and maxAtFrame are exact when maxAbs ≥ floor, and
 * say nothing of quieter peaks (the ffmpeg pass uses this to place a true-peak over that ebur128 measured).
 */
export const OVERSAMPLE = 4
const TAPS_PER_PHASE = 24

function besselI0(x: number): number {
  let sum = 1
  let term = 1
  for (let k = 1; k < 40; k++) {
    term *= (x / (2 * k)) ** 2
    sum += term
  }
  return sum
}

/** phases[p][k]: the coefficient applied to the k-th most recent input sample for output phase p. */
function designPhases(): Float64Array[] {
  const n = OVERSAMPLE * TAPS_PER_PHASE
  const beta = 7
  // Centred on a tap of phase 0, so phase 0 returns the samples themselves and the others the points a
  // quarter, a half and three quarters of the way to the next sample (as BS.1770-4's example filter).
  const centre = n / 2
  const phases = Array.from({ length: OVERSAMPLE }, () => new Float64Array(TAPS_PER_PHASE))
  for (let i = 0; i < n; i++) {
    const t = (i - centre) / OVERSAMPLE
    const sinc = t === 0 ? 1 : Math.sin(Math.PI * t) / (Math.PI * t)
    const r = (i - centre) / centre
    const window = besselI0(beta * Math.sqrt(Math.max(0, 1 - r * r))) / besselI0(beta)
    const phase = i % OVERSAMPLE
    const tap = Math.floor(i / OVERSAMPLE)
    ;(phases[phase] as Float64Array)[tap] = sinc * window
  }
  // Each phase sums to 1, so DC passes at unity gain in every phase.
  for (const p of phases) {
    const sum = p.reduce((a, b) => a + b, 0)
    for (let k = 0; k < p.length; k++) p[k] = (p[k] as number) / sum
  }
  return phases
}

const PHASES = designPhases()

/** Largest gain of any phase for a window of samples no larger than 1 (Σ|coefficient|), a little
 * rounded up: an oversampled value can never exceed this times the largest |sample| in its window. */
const WINDOW_GAIN = Math.max(...PHASES.map((p) => p.reduce((a, b) => a + Math.abs(b), 0))) * (1 + 1e-9)

/** How far behind the newest sample (in frames) the point of phase 0 lies: the interpolator is centred
 * on its 12th-oldest tap, so phase p of the window ending at frame n is the point n − DELAY − p/4. */
const DELAY = TAPS_PER_PHASE / 2 - 1

export class TruePeakMeter {
  private readonly history: Float64Array[]
  private pos = 0
  /** Frames fed so far. */
  private frames = 0
  /** Per channel: the last frame whose sample could lift an oversampled value above the window's peak. */
  private readonly lastLoud: number[]
  /** Largest absolute oversampled value since the start (linear). */
  maxAbs = 0
  /** Where maxAbs is, in frames from the start (quarter frames: the oversampled point); null until a sample is not 0. */
  maxAtFrame: number | null = null
  /** Largest absolute oversampled value since the last takeWindowPeak() (linear). */
  private windowMax = 0

  /** floor (linear): peaks below it are not looked for (see the class comment). */
  constructor(
    readonly channels: number,
    private readonly floor = 0,
  ) {
    this.history = Array.from({ length: channels }, () => new Float64Array(TAPS_PER_PHASE * 2))
    this.lastLoud = Array.from({ length: channels }, () => Number.NEGATIVE_INFINITY)
  }

  /** Feeds interleaved samples (frames × channels). */
  push(samples: ArrayLike<number>): void {
    const ch = this.channels
    const frames = Math.floor(samples.length / ch)
    if (frames === 0) return
    const base = this.frames
    const floor = this.floor
    let max = this.windowMax
    let best = this.maxAbs
    let bestAt = this.maxAtFrame
    // Channel by channel with the state in local variables: this loop sees every sample of a take.
    for (let c = 0; c < ch; c++) {
      // A ring buffer stored twice, so the newest TAPS_PER_PHASE samples are always contiguous.
      const h = this.history[c] as Float64Array
      let pos = this.pos
      let lastLoud = this.lastLoud[c] as number
      let bar = max > floor ? max : floor
      for (let f = 0; f < frames; f++) {
        const x = samples[f * ch + c] as number
        h[pos] = x
        h[pos + TAPS_PER_PHASE] = x
        const start = pos + 1 // oldest sample in the window
        pos = start === TAPS_PER_PHASE ? 0 : start
        const n = base + f
        // The interpolation is the costly part (4 × 24 products a sample), and most windows cannot beat
        // the peak so far: a window none of whose samples exceeds bar / WINDOW_GAIN cannot, so it is
        // skipped. What is found is exactly what computing every window finds.
        if ((x < 0 ? -x : x) * WINDOW_GAIN > bar) lastLoud = n
        else if (n - lastLoud >= TAPS_PER_PHASE) continue
        for (let p = 0; p < OVERSAMPLE; p++) {
          const coef = PHASES[p] as Float64Array
          let y = 0
          for (let k = 0; k < TAPS_PER_PHASE; k++) y += (coef[k] as number) * (h[start + k] as number)
          const a = y < 0 ? -y : y
          if (a > max) {
            max = a
            if (a > bar) bar = a
            if (a > best) {
              best = a
              bestAt = Math.max(0, n - DELAY - p / OVERSAMPLE)
            }
          }
        }
      }
      this.lastLoud[c] = lastLoud
    }
    this.pos = (this.pos + frames) % TAPS_PER_PHASE
    this.frames = base + frames
    this.windowMax = max
    this.maxAbs = best
    this.maxAtFrame = bestAt
  }

  /** The peak since the last call (linear), then starts a new window: for a meter's peak hold. */
  takeWindowPeak(): number {
    const m = this.windowMax
    this.windowMax = 0
    // Every sample still in the history may shape the new window's peak, so none of it is skipped.
    for (let c = 0; c < this.channels; c++) this.lastLoud[c] = this.frames - 1
    return m
  }
}

export const toDb = (linear: number): number => (linear > 0 ? 20 * Math.log10(linear) : Number.NEGATIVE_INFINITY)
