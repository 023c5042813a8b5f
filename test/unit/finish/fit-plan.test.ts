/**
 * The fitting planner on its own (pure): fixed cases of each step, and properties over arbitrary takes and
 * spots: the plan adds up to the spot within ±0.05 s or is a refusal naming the figures; the order of the
 * pauses between sentences is kept; each pause is within its bounds; a dramatic pause stays the longest;
 * the tempo stays within 4 %, and is 1 whenever pauses and handles can absorb the difference.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { lengthToleranceS } from '../../../main/audio/take-findings'
import {
  DRY_VOICE_HANDLES_MAX_S,
  fitPlan,
  FIT_RULES,
  type FitInput,
  type FitPause,
} from '../../../main/finish/fit-plan'

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0)
const lengthOf = (input: FitInput, plan: Extract<ReturnType<typeof fitPlan>, { ok: true }>) =>
  input.speechS / plan.tempo + plan.headS + plan.tailS + sum(plan.pausesS)

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
    const input: FitInput = {
      ...base,
      pauses: [
        { lengthS: 0.9, kind: 'sentence' },
        { lengthS: 0.6, kind: 'paragraph' },
      ],
      targetS: 14.4,
    }
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

  it('gives the spot and the reach two decimals where one would show them equal', () => {
    const plan = fitPlan({
      ...base,
      speechS: 14.0,
      pauses: [],
      headS: 0.1,
      tailS: 0.2,
      kind: 'finished_spot',
      targetS: 13.6,
    })
    expect(plan).toEqual({
      ok: false,
      reason: expect.stringMatching(/; the spot is 13\.60 s; 4 % faster reaches 13\.6[1-9] s\.$/),
    })
  })

  it('refuses with the figures where even 4 % cannot fit', () => {
    const plan = fitPlan({
      ...base,
      speechS: 24.7,
      pauses: [],
      headS: 0.1,
      tailS: 0.2,
      kind: 'finished_spot',
      targetS: 22.2,
    })
    expect(plan).toEqual({
      ok: false,
      reason: expect.stringMatching(
        /^The words alone take 24\.7 s and the shortest pauses and handles 0\.\d s more; the spot is 22\.2 s; 4 % faster reaches 2\d\.\d s\.$/,
      ),
    })
  })

  it('lengthens a short take in its pauses, never past the tail handle', () => {
    const input = { ...base, targetS: 17 }
    const plan = fitPlan(input)
    expect(plan.ok).toBe(true)
    if (!plan.ok) return
    expect(plan.tailS).toBeLessThanOrEqual(FIT_RULES.handles.dry_voice.tail[1] + 1e-9)
    expect(Math.max(...plan.pausesS)).toBeLessThanOrEqual(FIT_RULES.sentencePause[1] + 1e-9)
  })

  it("keeps a dry voice's head and tail together under Booth's length tolerance, so its read is judged the spot's length too", () => {
    expect(DRY_VOICE_HANDLES_MAX_S).toBeLessThanOrEqual(lengthToleranceS(1) - 0.1)
    for (const targetS of [12.5, 14, 15, 17]) {
      const plan = fitPlan({ ...base, targetS })
      if (plan.ok) expect(plan.headS + plan.tailS).toBeLessThanOrEqual(DRY_VOICE_HANDLES_MAX_S + 1e-9)
    }
  })

  it('lengthens a spot 2–3 s short between sentences, the commas as read (issue 42, point 4)', () => {
    // The take: commas 0.18 s, sentence pauses 0.8 s; before, its commas were doubled to 0.40 s.
    const read: FitInput = {
      speechS: 10.4,
      headS: 0.3,
      tailS: 0.5,
      canLengthen: true,
      kind: 'finished_spot',
      targetS: 0,
      pauses: [
        { lengthS: 0.18, kind: 'comma' },
        { lengthS: 0.8, kind: 'sentence' },
        { lengthS: 0.18, kind: 'comma' },
        { lengthS: 0.79, kind: 'sentence' },
        { lengthS: 0.18, kind: 'comma' },
        { lengthS: 0.81, kind: 'sentence' },
      ],
    }
    const natural = read.speechS + read.headS + read.tailS + sum(read.pauses.map((p) => p.lengthS))
    for (const short of [2, 2.5, 3]) {
      const input = { ...read, targetS: natural + short }
      const plan = fitPlan(input)
      expect(plan).toMatchObject({ ok: true, tempo: 1, step: 'sentence_pauses' })
      if (!plan.ok) continue
      read.pauses.forEach((p, i) =>
        p.kind === 'comma'
          ? expect(plan.pausesS[i]).toBe(p.lengthS)
          : expect(plan.pausesS[i]).toBeGreaterThan(p.lengthS),
      )
      expect(Math.max(...plan.pausesS)).toBeLessThanOrEqual(FIT_RULES.sentencePause[1] + 1e-9)
      expect(lengthOf(input, plan)).toBeCloseTo(input.targetS, 6)
    }
    // With the talent's longest pause at 1.2 s the sentence pauses stop there, then the handles, then the commas.
    const capped = fitPlan({ ...read, targetS: natural + 2.5, longestPauseS: 1.2 })
    expect(capped).toMatchObject({ ok: true, tempo: 1, step: 'comma_pauses' })
    if (capped.ok) read.pauses.forEach((p, i) => p.kind !== 'comma' && expect(capped.pausesS[i]).toBeCloseTo(1.2, 9))
  })

  it('refuses a take too short to reach the spot, naming the figures', () => {
    const plan = fitPlan({ ...base, targetS: 30 })
    expect(plan.ok).toBe(false)
    if (!plan.ok)
      expect(plan.reason).toMatch(
        /^The take with its pauses and handles at their longest runs 1\d\.\d s; the spot is 30\.0 s; 4 % slower reaches 1\d\.\d s\.$/,
      )
  })
})

describe('fitPlan, planned again after a tempo change', () => {
  // The known failure: a slow read whose pauses (1.24–1.34 s, word tails and all) are all dramatic. The first
  // plan shrinks them to their 1.3 s floor and takes the rest by a 3.5 % tempo change; atempo shortens
  // every pause too, under that floor, so judged by its own length a pause of the tempo-changed recording
  // could neither grow back nor shrink, and the re-fit refused a spot the first plan fitted (14.5–14.7 s).
  const slow: FitInput = {
    speechS: 10.821,
    headS: 1.196,
    tailS: 1.846,
    canLengthen: true,
    kind: 'dry_voice',
    targetS: 14.7,
    pauses: [
      { lengthS: 1.24, kind: 'sentence' },
      { lengthS: 1.34, kind: 'sentence' },
      { lengthS: 1.32, kind: 'sentence' },
    ],
  }
  /** What atempo makes of the take: everything shorter by the tempo, the speech edges a few ms off. */
  const derived = (input: FitInput, tempo: number, edgeS = -0.004): FitInput => ({
    ...input,
    speechS: input.speechS / tempo + edgeS,
    headS: input.headS / tempo,
    tailS: input.tailS / tempo,
    pauses: input.pauses.map((p) => ({ ...p, lengthS: p.lengthS / tempo })),
  })

  for (const [kind, targetS] of [
    ['dry_voice', 14.6],
    ['dry_voice', 14.7],
    ['finished_spot', 14.5],
    ['finished_spot', 14.6],
    ['finished_spot', 14.7],
  ] as const) {
    it(`fits a ${kind} at ${targetS} s again at the first plan's tempo, its pauses judged as the original's`, () => {
      const input = { ...slow, kind, targetS }
      const first = fitPlan(input)
      expect(first).toMatchObject({ ok: true, step: 'tempo' })
      if (!first.ok) return
      for (const [edgeS, longestPauseS] of [
        [-0.004, undefined],
        [0, undefined],
        [0.004, undefined],
        [0.004, 1.2],
        [-0.004, 1.2],
      ] as const) {
        const d = derived(input, first.tempo, edgeS)
        const again = fitPlan({
          ...d,
          maxTempoChange: 0,
          atTempo: first.tempo,
          ...(longestPauseS ? { longestPauseS } : {}),
        })
        expect(again).toMatchObject({ ok: true })
        if (!again.ok) continue
        expect(Math.abs(lengthOf(d, again) - targetS)).toBeLessThanOrEqual(FIT_RULES.toleranceS)
        // Each pause as the first plan had it, within the speech edges' few milliseconds.
        again.pausesS.forEach((n, i) => expect(Math.abs(n - (first.pausesS[i] as number))).toBeLessThan(0.02))
      }
      // Judged by their own (shortened) lengths, the pauses are stuck: the failure this fixes (a finished
      // spot's longer handles absorbed it here; its real takes failed by the same cause).
      // With the talent's longest pause at 1.2 s, a dramatic pause cannot grow at all.
      if (kind === 'dry_voice')
        expect(fitPlan({ ...derived(input, first.tempo), maxTempoChange: 0, longestPauseS: 1.2 }).ok).toBe(false)
    })
  }

  it('plans every fitting spot again at its tempo, whatever the take with room tone (property)', () => {
    fc.assert(
      fc.property(nearArb, fc.constantFrom(-0.004, 0, 0.004), (x, edgeS) => {
        const input = { ...x, canLengthen: true }
        const first = fitPlan(input)
        // At the 4 % cap there is no slack left for the speech edges' few milliseconds: a take whose pauses
        // and handles are all at their bound then may not fit again (said in finish-take's refusal).
        // Nor where a float's rounding alone asked for a tempo (under 0.2 %), or nothing between sentences can move.
        if (
          !first.ok ||
          Math.abs(first.tempo - 1) < 0.002 ||
          Math.abs(first.tempo - 1) > FIT_RULES.maxTempoChange - 0.001
        )
          return
        if (!input.pauses.some((p) => p.kind !== 'comma')) return
        const d = derived(input, first.tempo, edgeS)
        const again = fitPlan({ ...d, maxTempoChange: 0, atTempo: first.tempo })
        expect(again.ok).toBe(true)
      }),
      { numRuns: 500 },
    )
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
const nearArb = inputArb.chain((x) =>
  fc
    .double({ min: 0.85, max: 1.1, noNaN: true })
    .map((f) => ({ ...x, targetS: (x.speechS + x.headS + x.tailS + sum(x.pauses.map((p) => p.lengthS))) * f })),
)

describe('fitPlan, properties', () => {
  it('fits within ±0.05 s or refuses with the figures, the tempo within 4 %', () => {
    fc.assert(
      fc.property(fc.oneof(inputArb, nearArb), (input) => {
        const plan = fitPlan(input)
        if (!plan.ok) {
          expect(plan.reason).toMatch(
            new RegExp(
              String.raw`(The words alone take|The take with its pauses and handles at their longest runs) \d+\.\d s.*; ` +
                String.raw`the spot is (\d+\.\d) s; 4 % (faster|slower) reaches (\d+\.\d) s\.$|` +
                String.raw`; the spot is (\d+\.\d{2,3}) s; 4 % (faster|slower) reaches (\d+\.\d{2,3}) s\.$`,
            ),
          )
          // The spot and the reach never read as the same figure (short of a millisecond).
          const [, spot, reach] = /the spot is ([\d.]+) s; .* reaches ([\d.]+) s/.exec(plan.reason) ?? []
          if (spot?.split('.')[1]?.length !== 3) expect(spot).not.toBe(reach)
          return
        }
        expect(Math.abs(lengthOf(input, plan) - input.targetS)).toBeLessThanOrEqual(FIT_RULES.toleranceS)
        expect(Math.abs(plan.tempo - 1)).toBeLessThanOrEqual(0.04 + 1e-12)
        expect(plan.pausesS).toHaveLength(input.pauses.length)
      }),
      { numRuns: 600 },
    )
  })

  it('keeps every pause within its bounds and the order of the pauses between sentences', () => {
    fc.assert(
      fc.property(nearArb, (input) => {
        const plan = fitPlan(input)
        if (!plan.ok) return
        const [lo, hi] = FIT_RULES.sentencePause
        input.pauses.forEach((p, i) => {
          const n = plan.pausesS[i] as number
          if (p.lengthS > FIT_RULES.dramaticS) {
            expect(n).toBeGreaterThanOrEqual(Math.min(p.lengthS, FIT_RULES.dramaticFloorS) - 1e-9)
            // It grows by the factor the others grow by, no further than it stands over dramaticS.
            expect(n).toBeLessThanOrEqual(
              (input.canLengthen ? Math.max(p.lengthS, (hi * p.lengthS) / FIT_RULES.dramaticS) : p.lengthS) + 1e-9,
            )
          } else if (p.kind === 'comma') {
            expect(n).toBeGreaterThanOrEqual(Math.min(FIT_RULES.commaPause[0], p.lengthS) - 1e-9)
            expect(n).toBeLessThanOrEqual(Math.max(FIT_RULES.commaPause[1], p.lengthS) + 1e-9)
          } else {
            expect(n).toBeGreaterThanOrEqual(Math.min(lo, input.canLengthen ? lo : p.lengthS) - 1e-9)
            expect(n).toBeLessThanOrEqual(Math.max(hi, p.lengthS) + 1e-9)
          }
          if (!input.canLengthen) expect(n).toBeLessThanOrEqual(Math.max(p.lengthS, n === lo ? lo : p.lengthS) + 1e-9)
        })
        // Between sentences of the same kind, a longer pause stays at least as long.
        const between = input.pauses
          .map((p, i) => ({ p, n: plan.pausesS[i] as number }))
          .filter(({ p }) => p.kind !== 'comma' || p.lengthS > FIT_RULES.dramaticS)
        for (const a of between)
          for (const b of between)
            if (a.p.kind === b.p.kind && a.p.lengthS < b.p.lengthS) expect(a.n).toBeLessThanOrEqual(b.n + 1e-9)
        // A dramatic pause stays the longest.
        for (const a of between)
          if (a.p.lengthS > FIT_RULES.dramaticS)
            for (const [i, n] of plan.pausesS.entries())
              if ((input.pauses[i] as FitPause).lengthS <= FIT_RULES.dramaticS) expect(n).toBeLessThan(a.n)
      }),
      { numRuns: 600 },
    )
  })

  it('changes the tempo only when the pauses and handles at their bounds cannot fit, and lengthens never with more than the tail handle', () => {
    fc.assert(
      fc.property(nearArb, (input) => {
        const plan = fitPlan(input)
        if (!plan.ok) return
        expect(plan.tailS).toBeLessThanOrEqual(
          Math.max(FIT_RULES.handles[input.kind].tail[1], input.tailS) + FIT_RULES.toleranceS,
        )
        if (plan.tempo === 1) return
        const still = fitPlan({ ...input, maxTempoChange: 0 })
        expect(still.ok).toBe(false)
      }),
      { numRuns: 400 },
    )
  })
})
