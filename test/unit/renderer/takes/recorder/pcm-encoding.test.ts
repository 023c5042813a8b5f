import { describe, expect, it } from 'vitest'
import { float32ToBase64, joinBlocks } from '../../../../../renderer/src/takes/recorder/pcm-encoding'

describe('PCM blocks on the bridge', () => {
  it('encodes little-endian Float32 exactly, also past the chunking step', () => {
    const samples = new Float32Array(50_000).map((_, i) => Math.sin(i / 7) * 0.8)
    const decoded = Buffer.from(float32ToBase64(samples), 'base64')
    const back = new Float32Array(decoded.buffer, decoded.byteOffset, decoded.byteLength / 4)
    expect(back.length).toBe(samples.length)
    expect(Array.from(back.subarray(0, 5))).toEqual(Array.from(samples.subarray(0, 5)))
    expect(back[49_999]).toBe(samples[49_999])
  })

  it('encodes a view into a larger buffer without its neighbours', () => {
    const whole = new Float32Array([1, 2, 3, 4])
    const decoded = Buffer.from(float32ToBase64(whole.subarray(1, 3)), 'base64')
    expect(Array.from(new Float32Array(decoded.buffer, decoded.byteOffset, 2))).toEqual([2, 3])
  })

  it('joins queued blocks in order', () => {
    expect(Array.from(joinBlocks([new Float32Array([1, 2]), new Float32Array([]), new Float32Array([3])]))).toEqual([
      1, 2, 3,
    ])
  })
})
