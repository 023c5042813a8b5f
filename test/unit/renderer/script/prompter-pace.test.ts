import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { prompterSpeed, prompterStep } from '../../../../renderer/src/script/prompter/prompter-pace'

describe('the prompter’s pace', () => {
  it('passes the whole text in the spot’s length', () => {
    expect(prompterSpeed(600, 30)).toBe(20)
    let top = 0
    for (let i = 0; i < 30 * 10; i++)
      top = prompterStep({ scrollTop: top, maxScroll: 10_000, textHeightPx: 600, spotLengthS: 30, dtS: 0.1 }).scrollTop
    expect(top).toBeCloseTo(600, 5)
  })
  it('does not move without a spot length', () => {
    expect(prompterStep({ scrollTop: 5, maxScroll: 100, textHeightPx: 600, spotLengthS: 0, dtS: 0.1 }).scrollTop).toBe(
      5,
    )
  })
  it('never runs past the end, never goes back, and a long pause is not a jump', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -10, max: 5000, noNaN: true }),
        fc.double({ min: 0, max: 5000, noNaN: true }),
        fc.double({ min: 0, max: 5000, noNaN: true }),
        fc.double({ min: 0, max: 120, noNaN: true }),
        fc.double({ min: -1, max: 60, noNaN: true }),
        (scrollTop, maxScroll, textHeightPx, spotLengthS, dtS) => {
          const { scrollTop: next, done } = prompterStep({ scrollTop, maxScroll, textHeightPx, spotLengthS, dtS })
          expect(next).toBeLessThanOrEqual(Math.max(0, maxScroll))
          expect(next).toBeGreaterThanOrEqual(Math.min(Math.max(0, scrollTop), Math.max(0, maxScroll)))
          expect(next - Math.max(0, scrollTop)).toBeLessThanOrEqual(
            prompterSpeed(textHeightPx, spotLengthS) * 0.25 + 1e-9,
          )
          expect(done).toBe(next >= Math.max(0, maxScroll))
        },
      ),
    )
  })
})
