/**
 * The version renderer's per-sample arithmetic over one block of the result (render-edit-list.ts walks the
 * blocks and does the reading and writing). Each is one tight loop over typed arrays, specialised by
 * encoding, with the block's dither computed beforehand (render-curves.ts ditherInto): no allocation and
 * no call into another module per sample (only a fade's weight, once per frame of the fade), integer
 * samples taken from and put into bytes directly, and rounding without a data-dependent branch
 * (roundHalfUp). The arithmetic is the renderer's rule, in its order:
 * - a sample of several pieces, or of one in a fade: acc = 0, acc += x × w for each piece (w = gain ×
 *   fade-in weight × fade-out weight), then round(acc + dither) clipped, or float32's nearest float of acc;
 * - one piece at a steady gain: round(x × gain + dither) clipped, or float32's nearest float of 0 + x × gain
 *   (0 + keeps what the accumulator gives: +0 for a -0 sample).
 */
import type { EditPiece, SampleEncoding } from '../../../shared/versions/edit-list'
import { fadeInWeight, fadeOutWeight } from './render-curves'
import { fullScale } from '../../media/wav-source'

/** The one double below 0.5 whose sum with 0.5 rounds up to 1: 0.5 − 2^-54. */
const JUST_BELOW_HALF = 0.49999999999999994

/**
 * Math.round(y) (halves up) as a floor with no data-dependent branch. For |y| ≤ 2^51, y + 0.5 is exact or
 * rounds without reaching the next whole number, except for 0.5 − 2^-54 (whose sum rounds to 1); a sum
 * here is below that (a 32-bit sample at +40 dB is below 2^38), and past it both are far beyond full
 * scale and clip alike. A zero may come back +0 where Math.round gives -0: the integer written is the
 * same. (V8 compiles Math.round to a ceiling and a conditional subtraction whose branch mispredicts on
 * about half of all audio samples: that made rounding the costliest step of a render.)
 */
export function roundHalfUp(y: number): number {
  return y === JUST_BELOW_HALF ? 0 : Math.floor(y + 0.5)
}

/** The weight of piece `p` at its own frame `k` (0 … length-1), gain included. */
export function weightAt(p: EditPiece, k: number, gain: number): number {
  const length = p.to - p.from
  let w = gain
  if (k < p.fade_in.frames) w *= fadeInWeight((k + 0.5) / p.fade_in.frames, p.fade_in.shape)
  const intoOut = k - (length - p.fade_out.frames)
  if (intoOut >= 0) w *= fadeOutWeight((intoOut + 0.5) / p.fade_out.frames, p.fade_out.shape)
  return w
}

/** Whether frames [a, b) of the result are all outside piece `p`'s fades (one weight for all of them). */
export function steady(p: EditPiece, a: number, b: number): boolean {
  return p.at + p.fade_in.frames <= a && b <= p.at + (p.to - p.from) - p.fade_out.frames
}

/** Adds frames [a, a + frames) of the result from piece `p` (its samples `x`, interleaved) to `acc`. */
export function addPiece(
  acc: Float64Array,
  x: Float64Array,
  p: EditPiece,
  gain: number,
  a: number,
  frames: number,
  channels: number,
): void {
  const n = frames * channels
  if (steady(p, a, a + frames)) {
    for (let i = 0; i < n; i++) acc[i] = (acc[i] as number) + (x[i] as number) * gain
    return
  }
  for (let f = 0, i = 0; f < frames; f++) {
    const w = weightAt(p, a + f - p.at, gain)
    for (let c = 0; c < channels; c++, i++) acc[i] = (acc[i] as number) + (x[i] as number) * w
  }
}

/** Writes the first `n` sums of `acc` as samples of `encoding` into `out`: dithered, rounded, clipped. */
export function quantizeInto(
  out: Uint8Array,
  acc: Float64Array,
  n: number,
  encoding: SampleEncoding,
  dither: Float64Array,
): void {
  if (encoding === 'float32') {
    const v = new DataView(out.buffer, out.byteOffset, out.byteLength)
    for (let i = 0; i < n; i++) v.setFloat32(4 * i, acc[i] as number, true)
    return
  }
  const top = fullScale(encoding) - 1
  const bottom = -fullScale(encoding)
  if (encoding === 'pcm_s16') {
    for (let i = 0, o = 0; i < n; i++, o += 2) {
      let q = roundHalfUp((acc[i] as number) + (dither[i] as number))
      q = q > top ? top : q < bottom ? bottom : q
      out[o] = q & 0xff
      out[o + 1] = (q >> 8) & 0xff
    }
  } else if (encoding === 'pcm_s24') {
    for (let i = 0, o = 0; i < n; i++, o += 3) {
      let q = roundHalfUp((acc[i] as number) + (dither[i] as number))
      q = q > top ? top : q < bottom ? bottom : q
      out[o] = q & 0xff
      out[o + 1] = (q >> 8) & 0xff
      out[o + 2] = (q >> 16) & 0xff
    }
  } else {
    for (let i = 0, o = 0; i < n; i++, o += 4) {
      let q = roundHalfUp((acc[i] as number) + (dither[i] as number))
      q = q > top ? top : q < bottom ? bottom : q
      out[o] = q & 0xff
      out[o + 1] = (q >> 8) & 0xff
      out[o + 2] = (q >> 16) & 0xff
      out[o + 3] = (q >>> 24) & 0xff
    }
  }
}

/** One piece at a steady gain, in place over its `n` samples' bytes (integer: dithered, rounded, clipped). */
export function gainInPlace(
  bytes: Uint8Array,
  n: number,
  encoding: SampleEncoding,
  gain: number,
  dither: Float64Array,
): void {
  if (encoding === 'float32') {
    const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    for (let o = 0; o < 4 * n; o += 4) v.setFloat32(o, 0 + v.getFloat32(o, true) * gain, true)
    return
  }
  const top = fullScale(encoding) - 1
  const bottom = -fullScale(encoding)
  if (encoding === 'pcm_s16') {
    for (let i = 0, o = 0; i < n; i++, o += 2) {
      const x = (((bytes[o] as number) | ((bytes[o + 1] as number) << 8)) << 16) >> 16
      let q = roundHalfUp(x * gain + (dither[i] as number))
      q = q > top ? top : q < bottom ? bottom : q
      bytes[o] = q & 0xff
      bytes[o + 1] = (q >> 8) & 0xff
    }
  } else if (encoding === 'pcm_s24') {
    for (let i = 0, o = 0; i < n; i++, o += 3) {
      const x = (((bytes[o] as number) | ((bytes[o + 1] as number) << 8) | ((bytes[o + 2] as number) << 16)) << 8) >> 8
      let q = roundHalfUp(x * gain + (dither[i] as number))
      q = q > top ? top : q < bottom ? bottom : q
      bytes[o] = q & 0xff
      bytes[o + 1] = (q >> 8) & 0xff
      bytes[o + 2] = (q >> 16) & 0xff
    }
  } else {
    for (let i = 0, o = 0; i < n; i++, o += 4) {
      const x =
        (bytes[o] as number) |
        ((bytes[o + 1] as number) << 8) |
        ((bytes[o + 2] as number) << 16) |
        ((bytes[o + 3] as number) << 24)
      let q = roundHalfUp(x * gain + (dither[i] as number))
      q = q > top ? top : q < bottom ? bottom : q
      bytes[o] = q & 0xff
      bytes[o + 1] = (q >> 8) & 0xff
      bytes[o + 2] = (q >> 16) & 0xff
      bytes[o + 3] = (q >>> 24) & 0xff
    }
  }
}
