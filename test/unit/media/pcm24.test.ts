import { describe, expect, it } from 'vitest'
import { decodePcm24, encodePcm24, SILENCE_DBFS, toDbfs } from '../../../main/media/pcm24'

function encode(samples: number[], channels = 1) {
  const out = new Uint8Array(samples.length * 3)
  const level = encodePcm24(Float32Array.from(samples), channels, out, 0)
  return { out, level }
}

describe('encodePcm24', () => {
  it('writes signed 24-bit little-endian values', () => {
    const { out } = encode([0, 0.5, -0.5, -1])
    expect(Array.from(out)).toEqual([
      0,
      0,
      0,
      0x00,
      0x00,
      0x40, // 0.5 * 2^23 = 0x400000
      0x00,
      0x00,
      0xc0, // -0x400000
      0x00,
      0x00,
      0x80, // -1 → -0x800000
    ])
  })

  it('clamps beyond full scale and counts samples at or beyond it as clipped', () => {
    const { out, level } = encode([1, 1.7, -3, 0.25, -1])
    const back = decodePcm24(out)
    expect(back[0]).toBeCloseTo(0x7fffff / 0x800000, 9)
    expect(back[1]).toBeCloseTo(0x7fffff / 0x800000, 9)
    expect(back[2]).toBe(-1)
    expect(back[3]).toBe(0.25)
    expect(level.clippedSamples).toBe(4)
    expect(level.peakDbfs).toBe(0)
  })

  it('round-trips within one 24-bit step', () => {
    const samples = Array.from({ length: 1000 }, (_, i) => Math.sin(i / 7) * 0.9)
    const back = decodePcm24(encode(samples).out)
    samples.forEach((s, i) => expect(Math.abs((back[i] as number) - s)).toBeLessThanOrEqual(1 / 0x800000))
  })

  it('computes peak and RMS in dBFS, per channel peaks on interleaved input', () => {
    // left: constant 0.5 (RMS 0.5), right: constant 0.25
    const { level } = encode([0.5, 0.25, 0.5, -0.25, -0.5, 0.25, 0.5, -0.25], 2)
    expect(level.frames).toBe(4)
    expect(level.peakDbfs).toBeCloseTo(20 * Math.log10(0.5), 6)
    expect(level.channelPeaksDbfs[0]).toBeCloseTo(-6.0206, 3)
    expect(level.channelPeaksDbfs[1]).toBeCloseTo(-12.0412, 3)
    expect(level.rmsDbfs).toBeCloseTo(20 * Math.log10(Math.sqrt((0.25 + 0.0625) / 2)), 6)
    expect(level.clippedSamples).toBe(0)
  })

  it('reports silence as the floor value, and writes NaN as silence', () => {
    const { out, level } = encode([0, NaN, 0])
    expect(level.peakDbfs).toBe(SILENCE_DBFS)
    expect(level.rmsDbfs).toBe(SILENCE_DBFS)
    expect(Array.from(out)).toEqual(new Array(9).fill(0))
    expect(toDbfs(1e-12)).toBe(SILENCE_DBFS)
  })
})
