import { describe, expect, it } from 'vitest'
import {
  MIN_KEPT_S,
  regionFromTrim,
  sameTrim,
  trimFromRegion,
  trimmedLength,
} from '../../../../renderer/src/takes/trim-math'

describe('trim ↔ kept region', () => {
  it('turns a stored trim into the kept region and back', () => {
    expect(regionFromTrim({ head_s: 0.5, tail_s: 1 }, 10)).toEqual({ start: 0.5, end: 9 })
    expect(trimFromRegion({ start: 0.5, end: 9 }, 10)).toEqual({ head_s: 0.5, tail_s: 1 })
    expect(trimFromRegion({ start: 0, end: 10 }, 10)).toEqual({ head_s: 0, tail_s: 0 })
  })

  it('stores to the millisecond', () => {
    const t = trimFromRegion({ start: 0.123456, end: 9.87654 }, 10)
    expect(t.head_s).toBeCloseTo(0.123, 9)
    expect(t.tail_s).toBeCloseTo(0.123, 9)
  })

  it('clamps a region dragged past the ends or crossed over', () => {
    expect(trimFromRegion({ start: -2, end: 14 }, 10)).toEqual({ head_s: 0, tail_s: 0 })
    expect(trimFromRegion({ start: 8, end: 2 }, 10)).toEqual({ head_s: 2, tail_s: 2 })
  })

  it('always leaves something to hear, so main never refuses the trim', () => {
    const t = trimFromRegion({ start: 5, end: 5.05 }, 10)
    expect(trimmedLength(10, t)).toBeCloseTo(MIN_KEPT_S, 6)
    const atEnd = trimFromRegion({ start: 9.99, end: 10 }, 10)
    expect(atEnd.tail_s).toBe(0)
    expect(trimmedLength(10, atEnd)).toBeCloseTo(MIN_KEPT_S, 6)
    // A stored trim that leaves nothing still shows a region on screen.
    const r = regionFromTrim({ head_s: 8, tail_s: 8 }, 10)
    expect(r.end - r.start).toBeCloseTo(MIN_KEPT_S, 6)
    expect(r.end).toBeLessThanOrEqual(10)
  })

  it('has no region for a take of unknown length', () => {
    expect(regionFromTrim({ head_s: 1, tail_s: 1 }, 0)).toEqual({ start: 0, end: 0 })
    expect(trimFromRegion({ start: 1, end: 2 }, Number.NaN)).toEqual({ head_s: 0, tail_s: 0 })
  })

  it('tells a real change from a redraw', () => {
    expect(sameTrim({ head_s: 0.5, tail_s: 1 }, { head_s: 0.5000001, tail_s: 1 })).toBe(true)
    expect(sameTrim({ head_s: 0.5, tail_s: 1 }, { head_s: 0.501, tail_s: 1 })).toBe(false)
  })
})
