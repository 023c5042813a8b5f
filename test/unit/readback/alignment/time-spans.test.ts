/**
 * overlapsHalfShorter (main/readback/alignment/time-spans.ts): the read-back's one test of "the same stretch",
 * written four ways before it was one function. The cases pin its edges; the property holds it to the forms it
 * replaced, so moving the four uses onto it changed no decision.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { overlap, overlapsHalfShorter, type Span } from '../../../../main/readback/alignment/time-spans'

const span = (start_s: number, end_s: number): Span => ({ start_s, end_s })

describe('overlapsHalfShorter', () => {
  it('meets when the two share half the shorter one, and not a hair less', () => {
    expect(overlapsHalfShorter(span(0, 1), span(0.75, 1.25))).toBe(true) // shares 0.25 of a 0.5 stretch
    expect(overlapsHalfShorter(span(0, 1), span(0.76, 1.26))).toBe(false)
    expect(overlapsHalfShorter(span(0, 10), span(4, 5))).toBe(true) // a word inside a long doubt
    expect(overlapsHalfShorter(span(0, 1), span(1, 2))).toBe(false) // touching is not meeting
  })

  it('takes a stretch as at least 10 ms long unless told otherwise', () => {
    const point = span(1, 1)
    expect(overlapsHalfShorter(span(0, 2), point)).toBe(false)
    expect(overlapsHalfShorter(span(0, 2), point, 0)).toBe(true)
    const tick = span(0, 0.004) // 4 ms each, the same 4 ms: short of half the 10 ms floor
    expect(overlapsHalfShorter(tick, tick)).toBe(false)
    expect(overlapsHalfShorter(tick, tick, 0)).toBe(true)
    expect(overlapsHalfShorter(span(0, 0.008), span(0.002, 0.01))).toBe(true) // 6 ms shared
  })

  it('is symmetric and decides as the four forms it replaced did', () => {
    const t = fc.double({ min: 0, max: 5, noNaN: true })
    const s = fc.tuple(t, fc.double({ min: 0, max: 2, noNaN: true })).map(([a, d]) => span(a, a + d))
    fc.assert(
      fc.property(s, s, (a, b) => {
        const da = a.end_s - a.start_s
        const db = b.end_s - b.start_s
        // certainty.ts and lattice-doubts.ts
        const floored = overlap(a, b) >= 0.5 * Math.min(Math.max(0.01, da), Math.max(0.01, db))
        // doubt-filter.ts
        const filter = overlap(a, b) >= 0.5 * Math.max(0.01, Math.min(da, db))
        // compare/doubts.ts
        const bare = overlap(a, b) >= 0.5 * Math.min(da, db)
        expect(overlapsHalfShorter(a, b)).toBe(floored)
        expect(overlapsHalfShorter(a, b)).toBe(filter)
        expect(overlapsHalfShorter(b, a)).toBe(overlapsHalfShorter(a, b))
        expect(overlapsHalfShorter(a, b, 0)).toBe(bare)
      }),
      { numRuns: 2000 },
    )
  })
})
