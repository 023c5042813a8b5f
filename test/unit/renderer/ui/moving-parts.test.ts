/** Meter fills and marks as transforms: any reading, also none or one past the track, stays on the track. */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { fillTo, markAt } from '../../../../renderer/src/ui/moving-parts'

const scale = (t: unknown) => Number(/^scaleX\((.+)\)$/.exec(String(t))?.[1])
const slide = (t: unknown) => Number(/^translateX\((.+)%\)$/.exec(String(t))?.[1])

describe('moving parts', () => {
  it('a fill scales to its fraction of the track; a mark slides as far', () => {
    expect(fillTo(0.25)).toEqual({ transform: 'scaleX(0.25)' })
    expect(markAt(0.25)).toEqual({ transform: 'translateX(25%)' })
  })

  it('past the top stays at the end of the track; below the floor, silence or no reading stays at its start', () => {
    expect(scale(fillTo(1.7).transform)).toBe(1)
    expect(slide(markAt(1.7).transform)).toBe(100)
    for (const f of [-0.2, Number.NaN, Number.NEGATIVE_INFINITY]) {
      expect(scale(fillTo(f).transform)).toBe(0)
      expect(slide(markAt(f).transform)).toBe(0)
    }
  })

  it('any number gives a transform on the track', () => {
    fc.assert(
      fc.property(fc.double(), (f) => {
        const s = scale(fillTo(f).transform)
        const m = slide(markAt(f).transform)
        expect(s).toBeGreaterThanOrEqual(0)
        expect(s).toBeLessThanOrEqual(1)
        expect(m).toBeGreaterThanOrEqual(0)
        expect(m).toBeLessThanOrEqual(100)
      }),
    )
  })
})
