/**
 * The prompter's pacing between recognitions, pure: voiced time and the learned rate give the position;
 * it moves word by word only as voiced time grows (a pause holds it), never past what the voiced time
 * allows at that rate, at most maxCoastS past the last placed word, and each recognition resets where it
 * starts from; the rate it learns is the talent's, and a skip teaches it nothing. Never more than two
 * words past the last placed word (maxLeadWords); the tests of the rate and the coast lift that cap.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { PACE_DEFAULTS, PaceModel, PRIOR_FADE_S } from '../../../main/prompter/pace-model'

/** The cap lifted, for the tests of the rate and the coast. */
const FREE = { maxLeadWords: Infinity }

/** A talent reading every word at `rate` syllables per voiced second: the voiced time at each word's end. */
function endsAt(weights: readonly number[], rate: number): number[] {
  let syl = 0
  return weights.map((w) => (syl += w) / rate)
}

/** The last word whose end is at or before voiced time v (-1 before the first). */
function truth(ends: readonly number[], v: number): number {
  let k = -1
  while (k + 1 < ends.length && (ends[k + 1] as number) <= v + 1e-9) k++
  return k
}

describe('the prompter’s pacing model', () => {
  it('before any recognition, moves word by word at the prior rate as voiced time grows, and holds when it does not', () => {
    const pace = new PaceModel([1, 2, 1, 3, 1], { priorRate: 4, maxCoastS: 10, settleS: 0, ...FREE })
    expect(pace.predict(0)).toBe(-1)
    expect(pace.predict(0.24)).toBe(-1)
    expect(pace.predict(0.25)).toBe(0)
    expect(pace.predict(0.74)).toBe(0)
    expect(pace.predict(0.75)).toBe(1)
    expect(pace.predict(1)).toBe(2)
    // A pause adds no voiced time: the same voiced time is the same place, however long the pause.
    expect(pace.predict(1)).toBe(2)
    expect(pace.predict(100)).toBe(4)
  })

  it('coasts at most maxCoastS of voiced time past the last placed word, then holds', () => {
    const pace = new PaceModel(new Array<number>(40).fill(1), { priorRate: 5, maxCoastS: 1.6, settleS: 0, ...FREE })
    expect(pace.predict(1.6)).toBe(7)
    expect(pace.predict(30)).toBe(7)
    pace.recognised(3, 2, 0.8)
    expect(pace.predict(30)).toBe(3 + Math.floor(1.6 * pace.rate + 1e-9))
  })

  it('a recognition moves the start: the prediction goes on from the placed word with the voiced time since it', () => {
    const pace = new PaceModel(new Array<number>(20).fill(2), { priorRate: 4, priorS: 1, settleS: 0 })
    pace.recognised(5, 3, 2.5)
    expect(pace.anchor).toEqual({ index: 5, atS: 3 })
    expect(pace.predict(0)).toBe(5)
    expect(pace.predict(0.49)).toBe(5)
    // A skip (a jump of more than a few words) moves the start but is not a rate.
    const rate = pace.rate
    pace.recognised(15, 4, 0.5)
    expect(pace.anchor.index).toBe(15)
    expect(pace.rate).toBe(rate)
  })

  it('coasts as long as the recogniser has lately taken to report (the longest of the last few waits), within bounds', () => {
    const pace = new PaceModel(new Array<number>(60).fill(1), { priorRate: 5, maxCoastS: 1.4, settleS: 0, ...FREE })
    expect(pace.coastS).toBe(1.4)
    pace.reported(1.8)
    pace.reported(1.1)
    expect(pace.coastS).toBe(1.8)
    expect(pace.predict(30)).toBe(-1 + 9)
    // A busy machine: the recogniser falls behind, and the coast grows with it, to a bound.
    pace.reported(5)
    expect(pace.coastS).toBe(1.8)
    // Quick again: after a few quick reports the slow one is forgotten, and a quick one is never below the floor.
    for (const w of [0.4, 0.3, 0.5, 0.2]) pace.reported(w)
    expect(pace.coastS).toBe(1)
    expect(new PaceModel([1], { adaptCoast: false, maxCoastS: 1.4 }).coastS).toBe(1.4)
  })

  it('counts a word as said only settleS of voice after its predicted end', () => {
    const pace = new PaceModel([1, 1, 1], { priorRate: 4, settleS: 0.1 })
    expect(pace.predict(0.3)).toBe(-1)
    expect(pace.predict(0.35)).toBe(0)
  })

  it('news older than what it has (a partial result heard again) changes nothing', () => {
    const pace = new PaceModel(new Array<number>(10).fill(1))
    pace.recognised(4, 2, 1)
    const rate = pace.rate
    pace.recognised(3, 1.5, 0.5)
    pace.recognised(4, 2.5, 0.2)
    pace.recognised(6, 1.9, 0.2)
    expect(pace.anchor).toEqual({ index: 4, atS: 2 })
    expect(pace.rate).toBe(rate)
  })

  it('voice that read no script word (an ad-lib) moves the start later, not the place', () => {
    const pace = new PaceModel(new Array<number>(10).fill(1))
    pace.recognised(2, 1, 0.6)
    pace.heardElsewhere(3.5)
    expect(pace.anchor).toEqual({ index: 2, atS: 3.5 })
    pace.heardElsewhere(3)
    expect(pace.anchor.atS).toBe(3.5)
  })

  it('after an ad-lib it holds on the word after the last placed one, however much voice follows, until a word is placed', () => {
    const pace = new PaceModel(new Array<number>(20).fill(1), { priorRate: 4, settleS: 0, ...FREE })
    pace.recognised(2, 1, 0.6)
    expect(pace.predict(1)).toBeGreaterThan(4)
    pace.heardElsewhere(2)
    expect(pace.holding).toBe(true)
    for (const v of [0, 0.5, 1, 5]) expect(pace.predict(v)).toBe(3)
    // The script heard again: relocked there, and paced on.
    pace.recognised(5, 3, 0.5)
    expect(pace.holding).toBe(false)
    expect(pace.predict(1)).toBeGreaterThan(6)
    // Before any word is placed (a slate), held on the first word; a word placed that ended before the
    // voice heard elsewhere still relocks it.
    const start = new PaceModel([1, 1, 1])
    start.heardElsewhere(1.2)
    expect(start.predict(3)).toBe(0)
    start.recognised(1, 0.9, 0.4)
    expect(start.anchor).toEqual({ index: 1, atS: 1.2 })
    expect(start.holding).toBe(false)
    // Never past the script's last word.
    const end = new PaceModel([1, 1])
    end.recognised(1, 1, 0.3)
    end.heardElsewhere(2)
    expect(end.predict(1)).toBe(1)
  })

  it('learns the talent’s rate from the words placed; once learned, it is never ahead of the voice', () => {
    const weights = fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 6, maxLength: 40 })
    fc.assert(
      fc.property(
        weights,
        fc.double({ min: 2.5, max: 8, noNaN: true }),
        fc.integer({ min: 1, max: 3 }),
        (w, rate, every) => {
          const ends = endsAt(w, rate)
          const pace = new PaceModel(w, { settleS: 0, ...FREE })
          let anchorV = 0
          // The recogniser places every `every`-th word; between, the pacing is asked at many voiced times.
          for (let k = every - 1; k < w.length; k += every) {
            const endV = ends[k] as number
            pace.recognised(k, endV, endV - anchorV)
            anchorV = endV
            if (anchorV < PRIOR_FADE_S) continue
            expect(pace.rate).toBeCloseTo(rate, 6)
            for (let v = anchorV; v <= anchorV + 3; v += 0.05) {
              const p = pace.predict(v - anchorV)
              const t = truth(ends, v)
              expect(p, `at ${v.toFixed(2)} s voiced`).toBeLessThanOrEqual(t)
              // Within its coast it keeps up with the voice exactly.
              if (v - anchorV <= PACE_DEFAULTS.maxCoastS - 1e-9) expect(p).toBe(t)
            }
          }
        },
      ),
    )
  })

  it('with its rate a tenth too fast, it is never more than the word being said ahead', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 6, maxLength: 40 }),
        fc.double({ min: 2.5, max: 8, noNaN: true }),
        (w, rate) => {
          const ends = endsAt(w, rate)
          // Only the prior, a tenth too fast (the recogniser's steps here are all skips, so never a rate).
          const pace = new PaceModel(w, { priorRate: rate * 1.1, ...FREE })
          let anchorV = 0
          for (let k = 0; k < w.length; k += 5) {
            for (let v = anchorV; v <= (ends[k] as number); v += 0.02)
              expect(pace.predict(v - anchorV)).toBeLessThanOrEqual(truth(ends, v) + 1)
            pace.recognised(k, ends[k] as number, (ends[k] as number) - anchorV)
            anchorV = ends[k] as number
          }
        },
      ),
    )
  })

  it('never more than two words past the last placed word, however fast it thinks the voice is: one past the word being said', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 3, maxLength: 40 }),
        fc.double({ min: 2, max: 30, noNaN: true }),
        fc.array(fc.double({ min: 0, max: 5, noNaN: true }), { minLength: 1, maxLength: 10 }),
        (w, priorRate, voiced) => {
          const pace = new PaceModel(w, { priorRate, maxCoastS: 10 })
          let anchor = -1
          let atS = 0
          for (const v of voiced) {
            expect(pace.predict(v)).toBeLessThanOrEqual(anchor + 2)
            expect(pace.predict(v)).toBeGreaterThanOrEqual(anchor)
            // The recogniser places the next word or two.
            anchor = Math.min(w.length - 1, anchor + 1 + (Math.round(v * 10) % 2))
            atS += 0.5
            pace.recognised(anchor, atS, 0.5)
          }
        },
      ),
    )
    // Lifted, the same prediction runs on (the rate at 30 syllables a second fills the coast).
    expect(new PaceModel(new Array<number>(20).fill(1), { priorRate: 30, ...FREE }).predict(1)).toBeGreaterThan(2)
  })
})
