/**
 * The renderer's block arithmetic gives the very numbers of its per-sample rule: roundHalfUp is Math.round,
 * ditherInto is tpdfDither (itself the hash as first written), and the in-place gain and the quantizer
 * write the bytes that rule writes (x × gain + dither, Math.round, clipped), in every encoding.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ditherInto, tpdfDither } from '../../../main/versions/render/render-curves'
import { gainInPlace, quantizeInto, roundHalfUp } from '../../../main/versions/render/render-mix'
import { BYTES_PER_SAMPLE, fullScale } from '../../../main/media/wav-source'
import type { SampleEncoding } from '../../../shared/versions/edit-list'

/** The dither exactly as the renderer first wrote it (booth-render-2): one expression per sample. */
function ditherAsFirstWritten(frame: number, channel: number): number {
  let h =
    Math.imul((frame ^ 0x5eed_b007) | 0, 0x9e3779b1) ^
    Math.imul(channel + 1, 0x85ebca6b) ^
    Math.imul(Math.floor(frame / 4294967296), 0xc2b2ae35)
  h ^= h >>> 15
  h = Math.imul(h, 0x2c1b3c6d)
  h ^= h >>> 12
  h = Math.imul(h, 0x297a2d39)
  h ^= h >>> 15
  return ((h & 0xffff) - (h >>> 16)) / 65536
}

const sameInteger = (a: number, b: number) => a + 0 === b + 0 // +0 and -0 write the same integer

describe('roundHalfUp', () => {
  it('is Math.round at halves, their neighbours, near zero and at the one sum that rounds up', () => {
    const xs = [
      0,
      -0,
      0.5,
      -0.5,
      1.5,
      -1.5,
      2.5,
      -2.5,
      0.49999999999999994,
      -0.49999999999999994,
      0.5000000000000001,
      -0.5000000000000001,
      1e-300,
      -1e-300,
      8388607.5,
      -8388608.5,
      2147483647.5,
      -2147483648.5,
      2 ** 38 + 0.5,
      -(2 ** 38) - 0.5,
      2 ** 51,
      -(2 ** 51),
    ]
    for (let k = -70_000; k <= 70_000; k += 7) {
      const half = k + 0.5
      xs.push(
        half,
        half + Number.EPSILON * Math.max(1, Math.abs(half)),
        half - Number.EPSILON * Math.max(1, Math.abs(half)),
      )
    }
    for (const e of [-60, -54, -53, -52, -30, -2, -1])
      xs.push(0.5 - 2 ** e, -0.5 + 2 ** e, 0.5 + 2 ** e, -0.5 - 2 ** e, 2 ** e, -(2 ** e))
    for (const x of xs)
      if (!sameInteger(roundHalfUp(x), Math.round(x)))
        throw new Error(`roundHalfUp(${x}) = ${roundHalfUp(x)}, Math.round gives ${Math.round(x)}`)
  })

  it('is Math.round for any double up to 2^51 (fast-check)', () => {
    fc.assert(
      fc.property(fc.double({ min: -(2 ** 51), max: 2 ** 51, noNaN: true }), (x) =>
        sameInteger(roundHalfUp(x), Math.round(x)),
      ),
      { numRuns: 20_000 },
    )
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 40), max: 2 ** 40 }), fc.integer({ min: 0, max: 2 ** 20 }), (k, f) => {
        const x = k + f / 2 ** 20
        return sameInteger(roundHalfUp(x), Math.round(x))
      }),
      { numRuns: 20_000 },
    )
  })
})

describe('ditherInto', () => {
  it('fills a block with tpdfDither, which is the dither as first written, across 2^31 and 2^32 frames', () => {
    for (const start of [0, 1, 2 ** 31 - 700, 2 ** 32 - 1000, 2 ** 33 + 5, 5e12]) {
      for (const channels of [1, 2, 3]) {
        const frames = 2000
        const out = new Float64Array(frames * channels)
        ditherInto(out, start, frames, channels)
        for (let f = 0; f < frames; f++) {
          for (let c = 0; c < channels; c++) {
            const want = ditherAsFirstWritten(start + f, c)
            if (tpdfDither(start + f, c) !== want || out[f * channels + c] !== want)
              throw new Error(`frame ${start + f} channel ${c}`)
          }
        }
      }
    }
  })
})

/** The per-sample rule, as the renderer first wrote it: Math.round(x × gain + dither), clipped. */
function ruleSample(x: number, gain: number, frame: number, channel: number, encoding: SampleEncoding): number {
  const v = Math.round(x * gain + ditherAsFirstWritten(frame, channel))
  return Math.min(fullScale(encoding) - 1, Math.max(-fullScale(encoding), v))
}

function readInt(buf: Buffer, i: number, encoding: SampleEncoding): number {
  const o = i * BYTES_PER_SAMPLE[encoding]
  return encoding === 'pcm_s16' ? buf.readInt16LE(o) : encoding === 'pcm_s24' ? buf.readIntLE(o, 3) : buf.readInt32LE(o)
}

describe('the block kernels', () => {
  const integers: SampleEncoding[] = ['pcm_s16', 'pcm_s24', 'pcm_s32']

  it('change a steady piece in place as the rule does, in every integer encoding, clipping included (fast-check)', () => {
    for (const encoding of integers) {
      fc.assert(
        fc.property(
          fc.uint8Array({ minLength: 600, maxLength: 600 }),
          fc.double({ min: -40, max: 40, noNaN: true }),
          fc.integer({ min: 0, max: 2 ** 33 }),
          fc.integer({ min: 1, max: 3 }),
          (bytes, db, frame, channels) => {
            const n = Math.floor(600 / BYTES_PER_SAMPLE[encoding] / channels) * channels
            const buf = Buffer.from(bytes)
            const gain = 10 ** (db / 20)
            const dither = new Float64Array(n)
            ditherInto(dither, frame, n / channels, channels)
            const xs = Array.from({ length: n }, (_, i) => readInt(buf, i, encoding))
            gainInPlace(buf, n, encoding, gain, dither)
            for (let i = 0; i < n; i++) {
              const want = ruleSample(xs[i] as number, gain, frame + Math.floor(i / channels), i % channels, encoding)
              if (readInt(buf, i, encoding) !== want) return false
            }
            return true
          },
        ),
        { numRuns: 60 },
      )
    }
  })

  it('quantize sums as the rule does: dithered, rounded and clipped, or to the nearest float', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -3e9, max: 3e9, noNaN: true }), { minLength: 1, maxLength: 300 }),
        fc.integer({ min: 0, max: 2 ** 33 }),
        (acc, frame) => {
          const sums = Float64Array.from(acc)
          const dither = new Float64Array(sums.length)
          ditherInto(dither, frame, sums.length, 1)
          for (const encoding of integers) {
            const out = Buffer.alloc(sums.length * BYTES_PER_SAMPLE[encoding])
            quantizeInto(out, sums, sums.length, encoding, dither)
            for (let i = 0; i < sums.length; i++)
              if (readInt(out, i, encoding) !== ruleSample(sums[i] as number, 1, frame + i, 0, encoding)) return false
          }
          const floats = Buffer.alloc(sums.length * 4)
          quantizeInto(
            floats,
            sums.map((s) => s / 2 ** 31),
            sums.length,
            'float32',
            dither,
          )
          for (let i = 0; i < sums.length; i++)
            if (floats.readFloatLE(4 * i) !== Math.fround((sums[i] as number) / 2 ** 31)) return false
          return true
        },
      ),
      { numRuns: 200 },
    )
  })

  it('gives a float32 piece 0 + x × gain to the nearest float, so a -0 sample comes out +0 as from the sum', () => {
    const buf = Buffer.alloc(16)
    ;[-0, 0.25, -0.75, 1e-30].forEach((v, i) => buf.writeFloatLE(v, 4 * i))
    gainInPlace(buf, 4, 'float32', 1.5, new Float64Array(4))
    expect(Object.is(buf.readFloatLE(0), 0)).toBe(true)
    expect([buf.readFloatLE(4), buf.readFloatLE(8), buf.readFloatLE(12)]).toEqual([
      0.375,
      -1.125,
      Math.fround(Math.fround(1e-30) * 1.5),
    ])
  })
})
