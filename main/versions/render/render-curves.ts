/**
 * The numbers the version renderer multiplies samples by, computed with IEEE-754 addition, multiplication
 * and division only (no Math.sin, Math.exp or Math.pow, whose last bit may differ between JavaScript
 * engines and platforms), so a version renders to the same bytes everywhere: fade weights, dB gains and
 * the dither. Pure.
 */
import type { FadeShape } from '../../../shared/versions/edit-list'

const HALF_PI = 1.5707963267948966

/** sin(t) for t in [0, π/2], by its Taylor series to t^13 (error below 1e-9 there), in Horner form. */
function sinQuarter(t: number): number {
  const t2 = t * t
  return (
    t *
    (1 +
      t2 *
        (-1 / 6 + t2 * (1 / 120 + t2 * (-1 / 5040 + t2 * (1 / 362880 + t2 * (-1 / 39916800 + t2 * (1 / 6227020800)))))))
  )
}

/**
 * Weight of a fade-in at position x in [0, 1] (0 at its start, 1 at its end). equal_power: sin(πx/2), whose
 * square plus the matching fade-out's square is 1 at every point, so two uncorrelated sides (room tone and
 * room tone) keep their power through the crossfade; linear: x.
 */
export function fadeInWeight(x: number, shape: FadeShape): number {
  const c = x <= 0 ? 0 : x >= 1 ? 1 : x
  return shape === 'linear' ? c : sinQuarter(HALF_PI * c)
}

/** Weight of a fade-out at position x in [0, 1] (1 at its start, 0 at its end): the fade-in mirrored. */
export function fadeOutWeight(x: number, shape: FadeShape): number {
  return fadeInWeight(1 - x, shape)
}

const LN2 = 0.6931471805599453
const LN10_OVER_20 = 0.11512925464970229

/** e^x for |x| up to a few tens: x = k·ln2 + r with |r| ≤ ln2/2, e^r by its series, times 2^k by doubling. */
function exp(x: number): number {
  const k = Math.round(x / LN2)
  const r = x - k * LN2
  let term = 1
  let sum = 1
  for (let n = 1; n <= 14; n++) {
    term = (term * r) / n
    sum += term
  }
  let scale = 1
  for (let i = 0; i < Math.abs(k); i++) scale *= 2
  return k >= 0 ? sum * scale : sum / scale
}

/** The linear factor of a gain in dB: 10^(dB/20). Exactly 1 for 0 dB. */
export function dbToGain(db: number): number {
  return db === 0 ? 1 : exp(db * LN10_OVER_20)
}

/** The dither's fixed seed: part of the renderer, so a render never depends on when or where it ran. */
const DITHER_SEED = 0x5eed_b007

/** 1/65536, exactly: a whole number times it is the same double as that number divided by 65536. */
const TWO_TO_MINUS_16 = 1 / 65536

/**
 * The dither's integer hash: the low 32 bits of the frame (xored with the seed) and one term made of the
 * frame's high bits and the channel. Integer arithmetic only.
 */
function ditherHash(low: number, term: number): number {
  let h = Math.imul(low, 0x9e3779b1) ^ term
  h ^= h >>> 15
  h = Math.imul(h, 0x2c1b3c6d)
  h ^= h >>> 12
  h = Math.imul(h, 0x297a2d39)
  h ^= h >>> 15
  return ((h & 0xffff) - (h >>> 16)) * TWO_TO_MINUS_16
}

const highTerm = (high: number): number => Math.imul(high, 0xc2b2ae35)
const channelTerm = (channel: number): number => Math.imul(channel + 1, 0x85ebca6b)

/**
 * Triangular (TPDF) dither of ±1 least significant bit for the sample at (frame, channel) of the result:
 * the difference of two 16-bit uniforms taken from one integer hash of the position, so every render of
 * a version adds the same dither (integer arithmetic only).
 */
export function tpdfDither(frame: number, channel: number): number {
  return ditherHash((frame ^ DITHER_SEED) | 0, highTerm(Math.floor(frame / 4294967296)) ^ channelTerm(channel))
}

/**
 * The dither of a block of the result: `out[f × channels + c]` = tpdfDither(frame + f, c) for its first
 * `frames` frames. One call per block, so the per-sample loops that add it make no call per sample; the
 * frame's high bits (a division) are taken once per 2^32 frames, the channel's term once per channel.
 */
export function ditherInto(out: Float64Array, frame: number, frames: number, channels: number): void {
  for (let f = 0; f < frames;) {
    const high = Math.floor((frame + f) / 4294967296)
    const end = Math.min(frames, (high + 1) * 4294967296 - frame)
    for (let c = 0; c < channels; c++) {
      const term = highTerm(high) ^ channelTerm(c)
      for (let g = f, i = f * channels + c; g < end; g++, i += channels)
        out[i] = ditherHash(((frame + g) ^ DITHER_SEED) | 0, term)
    }
    f = end
  }
}
