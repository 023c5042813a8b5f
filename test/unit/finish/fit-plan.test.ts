/**
 * The fitting planner on its own (pure): fixed cases of each step, and properties over arbitrary takes and
 * spots: the plan adds up to the spot within ±0.05 s or is a refusal naming the figures; the order of the
 * pauses between sentences is kept; each pause is within its bounds; a dramatic pause stays the longest;
 * the tempo stays within 4 %, and is 1 whenever pauses and handles can absorb the difference.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { lengthToleranceS } from '../../../main/audio/take-findings'
import { DRY_VOICE_HANDLES_MAX_S, fitPlan, FIT_RULES, type FitInput, type FitPause } from '../../../main/finish/fit-plan'

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0)
const lengthOf = (input: FitInput, plan: Extract<ReturnType<typeof fitPlan>, { ok: true }>) => input.speechS / plan.tempo + plan.headS + plan.tailS + sum(plan.pausesS)

const base: FitInput = {
  speechS: 12,
  headS: 0.8,
  tailS: 1.2,
  pauses: [
    { lengthS: 0.35, kind: 'comma' },
    { lengthS: 0.9, kind: 'sentence' },
    { lengthS: 1.0, kind: 'paragraph' },
    { lengthS: 0.7, kind: 'sentence' },
  ],
  canLengthen: true,
  kind: 'dry_voice',
  targetS: 15,
}

describe('fitPlan, step by step', () => {
  it('trims the head and tail to the handles first', () => {
    const { head, tail } = FIT_RULES.handles.dry_voice
    const input = { ...base, targetS: 12 + head[1] + tail[1] + 0.35 + 0.9 + 1.0 + 0.7 }
    const plan = fitPlan(input)
    expect(plan).toMatchObject({ ok: true, tempo: 1 })
    if (!plan.ok) return
    expect(plan.headS).toBeCloseTo(head[1], 6)
    expect(plan.tailS).toBeCloseTo(tail[1], 6)
    expect(plan.pausesS[0]).toBeCloseTo(0.35, 6)
  })

  it('scales the pauses between sentences before anything inside a sentence', () => {
    const plan = fitPlan({ ...base, targetS: 15.5 })
    expect(plan.ok && plan.step).toBe('sentence_pauses')
    if (!plan.ok) return
    expect(plan.pausesS[0]).toBeCloseTo(0.35, 9)
    expect(lengthOf({ ...base, targetS: 15.5 }, plan)).toBeCloseTo(15.5, 6)
  })

  it('keeps a paragraph pause at least as long as every sentence pause', () => {
    const input: FitInput = { ...base, pauses: [{ lengthS: 0.9, kind: 'sentence' }, { lengthS: 0.6, kind: 'paragraph' }], targetS: 14.4 }
    const plan = fitPlan(input)
    expect(plan.ok).toBe(true)
    if (plan.ok) expect(plan.pausesS[1]).toBeGreaterThanOrEqual(plan.pausesS[0] as number)
  })

  it('takes dead air from the handles before a comma pause', () => {
    // The handles between their least (0.1 + 0.2 s) and their most (0.15 + 0.25 s).
    const input: FitInput = { ...base, targetS: 12 + 0.25 * 3 + 0.35 + 0.35 }
    const plan = fitPlan(input)
    expect(plan.ok && plan.step).toBe('handles')
    if (plan.ok) expect(plan.pausesS[0]).toBeCloseTo(0.35, 9)
  })

  it('shortens the commas only when the rest cannot absorb it, then changes the tempo by at most 4 %', () => {
    const commas = fitPlan({ ...base, targetS: 13.2 })
    expect(commas.ok && commas.step).toBe('comma_pauses')
    const tempo = fitPlan({ ...base, targetS: 12.9 })
    expect(tempo.ok && tempo.step).toBe('tempo')
    if (tempo.ok) {
      expect(tempo.tempo).toBeGreaterThan(1)
      expect(tempo.tempo).toBeLessThanOrEqual(1.04 + 1e-12)
      expect(lengthOf({ ...base, targetS: 12.9 }, tempo)).toBeCloseTo(12.9, 6)
    }
  })

  it('refuses with the figures where even 4 % cannot fit', () => {
    const plan = fitPlan({ ...base, speechS: 24.7, pauses: [], headS: 0.1, tailS: 0.2, kind: 'finished_spot', targetS: 22.2 })
    expect(plan).toEqual({ ok: false, reason: expect.stringMatching(/^The words alone take 24\.7 s and the shortest pauses and handles 0\.\d s more; the spot is 22\.2 s; 4 % faster reaches 2\d\.\d s\.$/) })
  })

  it('lengthens a short take in its pauses, never past the tail handle', () => {
    const input = { ...base, targetS: 17 }
    const plan = fitPlan(input)
    expect(plan.ok).toBe(true)
    if (!plan.ok) return
    expect(plan.tailS).toBeLessThanOrEqual(FIT_RULES.handles.dry_voice.tail[1] + 1e-9)
    expect(Math.max(...plan.pausesS)).toBeLessThanOrEqual(1.2 + 1e-9)
  })

  it("keeps a dry voice's head and tail together under Booth's length tolerance, so its read is judged the spot's length too", () => {
    expect(DRY_VOICE_HANDLES_MAX_S).toBeLessThanOrEqual(lengthToleranceS(1) - 0.1)
    for (const targetS of [12.5, 14, 15, 17]) {
      const plan = fitPlan({ ...base, targetS })
      if (plan.ok) expect(plan.headS + plan.tailS).toBeLessThanOrEqual(DRY_VOICE_HANDLES_MAX_S + 1e-9)
    }
  })

  it('refuses a take too short to reach the spot, naming the figures', () => {
    const plan = fitPlan({ ...base, targetS: 30 })
    expect(plan.ok).toBe(false)
    if (!plan.ok) expect(plan.reason).toMatch(/^The take with its pauses and handles at their longest runs 1\d\.\d s; the spot is 30\.0 s; 4 % slower reaches 1\d\.\d s\.$/)
  })
})

const pauseArb: fc.Arbitrary<FitPause> = fc.record({
  lengthS: fc.double({ min: 0.15, max: 2.5, noNaN: true }),
  kind: fc.constantFrom('comma', 'sentence', 'paragraph'),
})

const inputArb: fc.Arbitrary<FitInput> = fc.record({
  speechS: fc.double({ min: 2, max: 40, noNaN: true }),
  headS: fc.double({ min: 0, max: 2, noNaN: true }),
  tailS: fc.double({ min: 0, max: 3, noNaN: true }),
  pauses: fc.array(pauseArb, { maxLength: 12 }),
  canLengthen: fc.boolean(),
  kind: fc.constantFrom('dry_voice', 'finished_spot'),
  targetS: fc.double({ min: 1, max: 60, noNaN: true }),
})

/** A spot near what the take could reach, so most runs fit and some need the tempo. */
const nearArb = inputArb.chain((x) => fc.double({ min: 0.85, max: 1.1, noNaN: true }).map((f) => ({ ...x, targetS: (x.speechS + x.headS + x.tailS + sum(x.pauses.map((p) => p.lengthS))) * f })))

describe('fitPlan, properties', () => {
  it('fits within ±0.05 s or refuses with the figures, the tempo within 4 %', () => {
    fc.assert(fc.property(fc.oneof(inputArb, nearArb), (input) => {
      const plan = fitPlan(input)
      if (!plan.ok) {
        expect(plan.reason).toMatch(/(The words alone take|The take with its pauses and handles at their longest runs) \d+\.\d s.*; the spot is \d+\.\d s; 4 % (faster|slower) reaches \d+\.\d s\.$/)
        return
      }
      expect(Math.abs(lengthOf(input, plan) - input.targetS)).toBeLessThanOrEqual(FIT_RULES.toleranceS)
      expect(Math.abs(plan.tempo - 1)).toBeLessThanOrEqual(0.04 + 1e-12)
      expect(plan.pausesS).toHaveLength(input.pauses.length)
    }), { numRuns: 600 })
  })

  it('keeps every pause within its bounds and the order of the pauses between sentences', () => {
    fc.assert(fc.property(nearArb, (input) => {
      const plan = fitPlan(input)
      if (!plan.ok) return
      const [lo, hi] = FIT_RULES.sentencePause
      input.pauses.forEach((p, i) => {
        const n = plan.pausesS[i] as number
        if (p.lengthS > FIT_RULES.dramaticS) {
          expect(n).toBeGreaterThanOrEqual(Math.min(p.lengthS, FIT_RULES.dramaticFloorS) - 1e-9)
          expect(n).toBeLessThanOrEqual(p.lengthS + 1e-9)
        } else if (p.kind === 'comma') {
          expect(n).toBeGreaterThanOrEqual(Math.min(FIT_RULES.commaPause[0], p.lengthS) - 1e-9)
          expect(n).toBeLessThanOrEqual(Math.max(FIT_RULES.commaPause[1], p.lengthS) + 1e-9)
        } else {
          expect(n).toBeGreaterThanOrEqual(Math.min(lo, input.canLengthen ? lo : p.lengthS) - 1e-9)
          expect(n).toBeLessThanOrEqual(hi + 1e-9)
        }
        if (!input.canLengthen) expect(n).toBeLessThanOrEqual(Math.max(p.lengthS, n === lo ? lo : p.lengthS) + 1e-9)
      })
      // Between sentences of the same kind, a longer pause stays at least as long.
      const between = input.pauses.map((p, i) => ({ p, n: plan.pausesS[i] as number })).filter(({ p }) => p.kind !== 'comma' || p.lengthS > FIT_RULES.dramaticS)
      for (const a of between) for (const b of between) if (a.p.kind === b.p.kind && a.p.lengthS < b.p.lengthS) expect(a.n).toBeLessThanOrEqual(b.n + 1e-9)
      // A dramatic pause stays the longest.
      for (const a of between) if (a.p.lengthS > FIT_RULES.dramaticS) for (const [i, n] of plan.pausesS.entries()) if ((input.pauses[i] as FitPause).lengthS <= FIT_RULES.dramaticS) expect(n).toBeLessThan(a.n)
    }), { numRuns: 600 })
  })

  it('changes the tempo only when the pauses and handles at their bounds cannot fit, and lengthens never with more than the tail handle', () => {
    fc.assert(fc.property(nearArb, (input) => {
      const plan = fitPlan(input)
      if (!plan.ok) return
      expect(plan.tailS).toBeLessThanOrEqual(Math.max(FIT_RULES.handles[input.kind].tail[1], input.tailS) + FIT_RULES.toleranceS)
      if (plan.tempo === 1) return
      const still = fitPlan({ ...input, maxTempoChange: 0 })
      expect(still.ok).toBe(false)
    }), { numRuns: 400 })
  })
})
