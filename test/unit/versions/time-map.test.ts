/**
 * Positions through a finish's time map (shared/versions/time-map.ts), on maps shaped like a fit's: stretches
 * of the version before kept in order, the pauses between them shortened (or lengthened), one tempo for all,
 * crossfades overlapping at the joins. A moment kept maps there and back to itself; a moment cut goes to the
 * next kept stretch; the mapping never runs backwards and never leaves the finished audio.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { beforeTimeOf, finishedTimeOf, type TimeMapSegment } from '../../../shared/versions/time-map'

/** A fit's map: `stretches` [kept length, gap cut before it in A, pause before it in B], at `scale`, fades of `fade` s. */
function fitMap(stretches: Array<[number, number, number]>, scale: number, fade: number): TimeMapSegment[] {
  let a = 0
  let b = 0
  return stretches.map(([kept, cut, pause], i) => {
    a += cut
    b += pause
    const seg = {
      fromS: a,
      toS: a + kept,
      atS: b,
      scale,
      coreFromS: b + (i === 0 ? 0 : fade / 2),
      coreToS: b + kept / scale - fade / 2,
    }
    a += kept
    b += kept / scale - fade
    return seg
  })
}

const stretch = fc.tuple(
  fc.double({ min: 0.5, max: 4, noNaN: true }),
  fc.double({ min: 0, max: 2, noNaN: true }),
  fc.double({ min: 0, max: 0.5, noNaN: true }),
)
const maps = fc.record({
  stretches: fc.array(stretch, { minLength: 1, maxLength: 8 }),
  scale: fc.double({ min: 0.96, max: 1.04, noNaN: true }),
  fade: fc.constantFrom(0, 0.01, 0.02),
})

describe('a finish time map', () => {
  it('without a map, the same clock time both ways', () => {
    expect(finishedTimeOf(undefined, 3.2)).toBe(3.2)
    expect(beforeTimeOf([], 1.5)).toBe(1.5)
  })

  it('a pause shortened: the word after it is found earlier in the finished audio, and back', () => {
    // A: a word 0–2 s, a 1 s pause cut to 0.4 s, a word 3–5 s. B: 0–2, 2.4–4.4.
    const map = fitMap(
      [
        [2, 0, 0],
        [2, 1, 0.4],
      ],
      1,
      0,
    )
    expect(finishedTimeOf(map, 3.5)).toBeCloseTo(2.9, 9)
    expect(beforeTimeOf(map, 2.9)).toBeCloseTo(3.5, 9)
    // In the part of the pause that was cut: the next word's start.
    expect(finishedTimeOf(map, 2.5)).toBeCloseTo(2.4, 9)
    // Past the end: the finished audio's end.
    expect(finishedTimeOf(map, 9)).toBeCloseTo(4.4, 9)
  })

  it('kept moments map there and back; the mapping keeps order and stays inside the finished audio', () => {
    fc.assert(
      fc.property(
        maps,
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 2, maxLength: 20 }),
        ({ stretches, scale, fade }, fractions) => {
          const map = fitMap(stretches, scale, fade)
          const endA = (map.at(-1) as TimeMapSegment).toS
          const endB = Math.max(...map.map((s) => s.atS + (s.toS - s.fromS) / s.scale))
          const times = fractions.map((f) => f * (endA + 1)).sort((x, y) => x - y)
          const placed = times.map((t) => finishedTimeOf(map, t))
          for (let i = 1; i < placed.length; i++)
            expect(placed[i] as number).toBeGreaterThanOrEqual((placed[i - 1] as number) - 1e-9)
          for (const b of placed) {
            expect(b).toBeGreaterThanOrEqual(0)
            expect(b).toBeLessThanOrEqual(endB + 1e-9)
          }
          for (const seg of map) {
            const mid = (seg.fromS + seg.toS) / 2
            expect(beforeTimeOf(map, finishedTimeOf(map, mid))).toBeCloseTo(mid, 6)
          }
        },
      ),
    )
  })
})
