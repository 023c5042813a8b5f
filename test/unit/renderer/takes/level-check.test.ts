/**
 * The level check's reading of one block of samples (renderer/src/takes/level-check.ts): peak and RMS in
 * dBFS as the input meter shows them, a clip at full scale, and any samples at all (fast-check) give
 * finite readings within the meter's range.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { levelOf } from '../../../../renderer/src/takes/meters/level-check'
import { METER_FLOOR_DBFS } from '../../../../renderer/src/takes/meters/meter-ballistics'

describe('levelOf', () => {
  it('a sine at half scale: peak −6 dBFS, RMS −9 dBFS, no clip', () => {
    const block = Float32Array.from({ length: 4800 }, (_x, i) => 0.5 * Math.sin((2 * Math.PI * 440 * i) / 48000))
    const level = levelOf(block)
    expect(level.peakDbfs).toBeCloseTo(-6.02, 1)
    expect(level.rmsDbfs).toBeCloseTo(-9.03, 1)
    expect(level.clipped).toBe(false)
  })
  it('silence sits on the floor; a full-scale sample is a clip', () => {
    expect(levelOf(new Float32Array(256))).toEqual({
      peakDbfs: METER_FLOOR_DBFS,
      rmsDbfs: METER_FLOOR_DBFS,
      clipped: false,
    })
    const loud = new Float32Array(256)
    loud[10] = -1
    expect(levelOf(loud)).toMatchObject({ peakDbfs: 0, clipped: true })
  })
  it('any samples (NaN and infinities too) give finite readings between the floor and 0 dBFS, RMS never above peak (fast-check)', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.double(), fc.float({ min: -1, max: 1, noNaN: true }))), (xs) => {
        const level = levelOf(xs)
        for (const v of [level.peakDbfs, level.rmsDbfs]) {
          expect(Number.isFinite(v)).toBe(true)
          expect(v).toBeGreaterThanOrEqual(METER_FLOOR_DBFS)
          expect(v).toBeLessThanOrEqual(0)
        }
        expect(level.rmsDbfs).toBeLessThanOrEqual(level.peakDbfs + 1e-9)
      }),
      { numRuns: 500 },
    )
  })
})
