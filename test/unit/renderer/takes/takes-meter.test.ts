import { describe, expect, it } from 'vitest'
import {
  BAR_FALL_DB_PER_S,
  CLIP_HOLD_MS,
  clearClip,
  clipLit,
  initialMeter,
  meterFraction,
  METER_FLOOR_DBFS,
  PEAK_FALL_DB_PER_S,
  PEAK_HOLD_MS,
  stepMeter,
} from '../../../../renderer/src/takes/meters/meter-ballistics'

const level = (peakDbfs: number, clipped = false) => ({ peakDbfs, rmsDbfs: peakDbfs - 6, clipped })

describe('meter ballistics', () => {
  it('rises at once and falls at a steady rate', () => {
    let m = stepMeter(initialMeter(0), 0, level(-6))
    expect(m.barDbfs).toBe(-6)
    m = stepMeter(m, 500, null)
    expect(m.barDbfs).toBeCloseTo(-6 - BAR_FALL_DB_PER_S * 0.5)
    // A quieter block does not pull the bar below where it is falling anyway.
    m = stepMeter(m, 600, level(-40))
    expect(m.barDbfs).toBeCloseTo(-6 - BAR_FALL_DB_PER_S * 0.6)
    m = stepMeter(m, 10_000, null)
    expect(m.barDbfs).toBe(METER_FLOOR_DBFS)
  })

  it('holds the peak, then lets it fall only for the time after the hold', () => {
    let m = stepMeter(initialMeter(0), 0, level(-3))
    m = stepMeter(m, PEAK_HOLD_MS - 1, level(-20))
    expect(m.peakHoldDbfs).toBe(-3)
    m = stepMeter(m, PEAK_HOLD_MS + 500, null)
    expect(m.peakHoldDbfs).toBeCloseTo(-3 - PEAK_FALL_DB_PER_S * 0.5, 3)
    // A new, higher peak is held from its own moment.
    m = stepMeter(m, PEAK_HOLD_MS + 600, level(-1))
    expect(m.peakHoldDbfs).toBe(-1)
    expect(m.peakHeldAt).toBe(PEAK_HOLD_MS + 600)
  })

  it('lights the clip light for a while after the last clip, and clears on demand', () => {
    let m = stepMeter(initialMeter(0), 100, level(0, true))
    expect(clipLit(m, 100)).toBe(true)
    m = stepMeter(m, 1000, level(-10))
    expect(clipLit(m, 100 + CLIP_HOLD_MS - 1)).toBe(true)
    expect(clipLit(m, 100 + CLIP_HOLD_MS)).toBe(false)
    expect(clipLit(clearClip(m), 1000)).toBe(false)
  })

  it('maps dBFS onto the meter and treats silence and nonsense as the floor', () => {
    expect(meterFraction(0)).toBe(1)
    expect(meterFraction(-30)).toBe(0.5)
    expect(meterFraction(-90)).toBe(0)
    expect(meterFraction(Number.NEGATIVE_INFINITY)).toBe(0)
    expect(meterFraction(Number.NaN)).toBe(0)
    expect(meterFraction(3)).toBe(1)
    const m = stepMeter(initialMeter(0), 0, {
      peakDbfs: Number.NEGATIVE_INFINITY,
      rmsDbfs: Number.NEGATIVE_INFINITY,
      clipped: false,
    })
    expect(m.barDbfs).toBe(METER_FLOOR_DBFS)
  })
})
