/**
 * K-weighting of ITU-R BS.1770-4 (a high-shelf "head" filter, then the RLB high-pass), for any sample
 * rate. The standard gives the coefficients at 48 kHz only; these are derived from the analogue
 * prototype those coefficients come from (the same derivation libebur128 and ffmpeg's ebur128 use),
 * so at 48 kHz they equal the standard's table to 1e-8.
 */
import type { BiquadCoefficients } from './biquad'

/** Stage 1: the spherical-head high shelf (+4 dB above ~1.7 kHz). */
export function kShelf(sampleRate: number): BiquadCoefficients {
  const f0 = 1681.974450955533
  const gainDb = 3.999843853973347
  const q = 0.7071752369554196
  const k = Math.tan((Math.PI * f0) / sampleRate)
  const vh = 10 ** (gainDb / 20)
  const vb = vh ** 0.4996667741545416
  const a0 = 1 + k / q + k * k
  return {
    b0: (vh + (vb * k) / q + k * k) / a0,
    b1: (2 * (k * k - vh)) / a0,
    b2: (vh - (vb * k) / q + k * k) / a0,
    a1: (2 * (k * k - 1)) / a0,
    a2: (1 - k / q + k * k) / a0,
  }
}

/** Stage 2: the RLB high-pass (~38 Hz). */
export function kHighPass(sampleRate: number): BiquadCoefficients {
  const f0 = 38.13547087602444
  const q = 0.5003270373238773
  const k = Math.tan((Math.PI * f0) / sampleRate)
  const a0 = 1 + k / q + k * k
  return { b0: 1, b1: -2, b2: 1, a1: (2 * (k * k - 1)) / a0, a2: (1 - k / q + k * k) / a0 }
}

/**
 * BS.1770-4 channel weights: 1.0 for left, right and centre, 1.41 (+1.5 dB) for the surrounds, 0 for the
 * LFE. Layouts follow ffmpeg's default order (5.1: FL FR FC LFE BL BR). A mono file counts once (as
 * ffmpeg's ebur128 does), not as dual mono.
 */
export function channelWeights(channels: number): number[] {
  if (channels === 6) return [1, 1, 1, 0, 1.41, 1.41]
  if (channels === 5) return [1, 1, 1, 1.41, 1.41]
  return Array.from({ length: channels }, () => 1)
}
