/**
 * A plan as an edit list (pure): over arbitrary layouts and plans the list is one the renderer takes, is
 * exactly the spot's frames long, never cuts inside speech (each speech span is inside one piece, outside
 * its fades, and placed where the plan says), joins with equal-power crossfades, and lengthens only with
 * pieces of the take's own room-tone stretches, several of them, the same for the same take.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { editListProblem } from '../../../shared/versions/edit-list'
import type { Envelope } from '../../../main/versions/render/signal-envelope'
import type { Span, TakeLayout } from '../../../main/finish/analyse-pauses'
import { crossfadeFrames, cutGuardFrames, fitEditList } from '../../../main/finish/fit-edit-list'
import { fitPlan } from '../../../main/finish/fit-plan'
import { fitInputOf } from '../../../main/finish/finish-take'

const RATE = 48_000
const SOURCE = 'a'.repeat(64)

/** A layout: speech spans of the given lengths with pauses between, room tone in every pause. */
function layoutOf(
  headS: number,
  speechS: number[],
  pausesS: number[],
  tailS: number,
): { layout: TakeLayout; env: Envelope } {
  const speech: Span[] = []
  const roomTone: Span[] = []
  let t = Math.round(headS * RATE)
  roomTone.push({ from: 0, to: Math.max(0, t - 1440) })
  speechS.forEach((s, i) => {
    const from = t
    t += Math.round(s * RATE)
    speech.push({ from, to: t })
    const gap = Math.round((i < pausesS.length ? (pausesS[i] as number) : tailS) * RATE)
    roomTone.push({ from: t + 1440, to: t + gap - 1440 })
    t += gap
  })
  const frames = t
  const env: Envelope = {
    blockFrames: 48,
    sampleRate: RATE,
    energy: new Float64Array(Math.ceil(frames / 48)).map((_, i) =>
      speech.some((s) => i * 48 >= s.from && i * 48 < s.to) ? 1e-2 : 1e-6 * (1 + (i % 7)),
    ),
  }
  const pauses = speech
    .slice(1)
    .map((s, i) => ({ from: (speech[i] as Span).to, to: s.from, kind: 'sentence' as const }))
  return {
    layout: {
      sampleRate: RATE,
      frames,
      speech,
      pauses,
      roomTone: roomTone.filter((r) => r.to - r.from >= 4800),
      roomToneDb: -60,
    },
    env,
  }
}

const takeArb = fc.record({
  headS: fc.double({ min: 0.05, max: 1.5, noNaN: true }),
  speech: fc.array(fc.double({ min: 0.3, max: 4, noNaN: true }), { minLength: 1, maxLength: 8 }),
  pauses: fc.array(fc.double({ min: 0.2, max: 2.2, noNaN: true }), { minLength: 7, maxLength: 7 }),
  tailS: fc.double({ min: 0.1, max: 2, noNaN: true }),
  factor: fc.double({ min: 0.8, max: 1.15, noNaN: true }),
  kind: fc.constantFrom('dry_voice' as const, 'finished_spot' as const),
})

describe('fitEditList', () => {
  it('is a renderable list of the spot’s length that never cuts inside speech and fills only with room tone', () => {
    fc.assert(
      fc.property(takeArb, (t) => {
        const { layout, env } = layoutOf(t.headS, t.speech, t.pauses.slice(0, t.speech.length - 1), t.tailS)
        const targetS = (layout.frames / RATE) * t.factor
        const plan = fitPlan({ ...fitInputOf(layout, t.kind, targetS), maxTempoChange: 0 })
        if (!plan.ok) return
        const targetFrames = Math.round(targetS * RATE)
        const build = fitEditList(
          layout,
          env,
          plan,
          SOURCE,
          { sample_rate: RATE, channels: 1, encoding: 'pcm_s24' },
          targetFrames,
        )
        expect(editListProblem(build.list)).toBeNull()
        expect(build.list.frames).toBe(targetFrames)
        const xf = crossfadeFrames(RATE)
        const guard = cutGuardFrames(RATE)
        for (const sp of layout.speech) {
          const holders = build.list.pieces.filter((p) => p.from <= sp.from && p.to >= sp.to)
          expect(holders).toHaveLength(1)
          const p = holders[0]!
          if (p.fade_in.frames) expect(sp.from - p.from).toBeGreaterThanOrEqual(guard + xf / 2)
          if (p.fade_out.frames) expect(p.to - sp.to).toBeGreaterThanOrEqual(guard + xf / 2)
          expect(sp.from).toBeGreaterThanOrEqual(p.from + p.fade_in.frames)
          expect(sp.to).toBeLessThanOrEqual(p.to - p.fade_out.frames)
          // No other piece plays over it.
          const at = p.at + (sp.from - p.from)
          for (const q of build.list.pieces)
            if (q !== p) expect(q.at + (q.to - q.from) <= at || q.at >= at + (sp.to - sp.from)).toBe(true)
          // No piece starts or ends inside speech (a cut is only in a pause).
          for (const q of build.list.pieces) {
            expect(q.from > sp.from && q.from < sp.to).toBe(false)
            expect(q.to > sp.from && q.to < sp.to).toBe(false)
          }
        }
        for (const p of build.list.pieces) {
          for (const f of [p.fade_in, p.fade_out]) if (f.frames) expect(f).toEqual({ frames: xf, shape: 'equal_power' })
          const holdsSpeech = layout.speech.some((sp) => p.from <= sp.from && p.to >= sp.to)
          if (!holdsSpeech) {
            const inStretch = layout.roomTone.some((r) => p.from >= r.from && p.to <= r.to)
            const inPause = [
              { from: 0, to: layout.speech[0]!.from },
              ...layout.pauses,
              { from: layout.speech.at(-1)!.to, to: layout.frames },
            ].some((q) => p.from >= q.from && p.to <= q.to)
            expect(inStretch || inPause).toBe(true)
          }
        }
      }),
      {
        numRuns: 300,
        endOnFailure: true,
        examples: [
          [
            {
              headS: 0.05,
              speech: [0.61],
              pauses: [0.2, 2.2, 1.78, 0.48, 0.2, 2.2, 1.06],
              tailS: 0.1,
              factor: 1.0197,
              kind: 'dry_voice',
            },
          ],
        ],
      },
    )
  })

  it('lengthens a long pause with pieces of several stretches, the same every time', () => {
    const { layout, env } = layoutOf(0.4, [2, 2, 2, 2], [0.9, 0.9, 0.9], 0.6)
    const lengths = { headS: 0.4, tailS: 0.6, pausesS: [1.2, 1.2, 1.2] }
    const target = Math.round((8 + 0.4 + 0.6 + 3.6) * RATE)
    const a = fitEditList(layout, env, lengths, SOURCE, { sample_rate: RATE, channels: 1, encoding: 'pcm_s24' }, target)
    const b = fitEditList(layout, env, lengths, SOURCE, { sample_rate: RATE, channels: 1, encoding: 'pcm_s24' }, target)
    expect(a).toEqual(b)
    const fills = a.list.pieces.filter((p) => !layout.speech.some((sp) => p.from <= sp.from && p.to >= sp.to))
    expect(fills.length).toBeGreaterThanOrEqual(3)
    const stretchesUsed = new Set(fills.map((p) => layout.roomTone.findIndex((r) => p.from >= r.from && p.to <= r.to)))
    expect(stretchesUsed.size).toBeGreaterThan(1)
    expect(a.edits.filter((e) => e.kind === 'pause').map((e) => Math.round(e.to_s * 1000))).toEqual([1200, 1200, 1200])
  })

  it('gives a take that ends in its last word (the recording stopped early) a tail of room tone, every piece inside the recording', () => {
    for (const tailS of [0, 0.004, 0.015]) {
      const { layout, env } = layoutOf(0.4, [2, 2, 2], [0.9, 0.9], tailS)
      for (const kind of ['dry_voice', 'finished_spot'] as const) {
        const targetS = layout.frames / RATE + 0.3
        const plan = fitPlan({ ...fitInputOf(layout, kind, targetS), maxTempoChange: 0 })
        expect(plan.ok).toBe(true)
        if (!plan.ok) continue
        const build = fitEditList(
          layout,
          env,
          plan,
          SOURCE,
          { sample_rate: RATE, channels: 1, encoding: 'pcm_s24' },
          Math.round(targetS * RATE),
        )
        expect(editListProblem(build.list)).toBeNull()
        for (const p of build.list.pieces) expect(p.to).toBeLessThanOrEqual(layout.frames)
        const last = build.list.pieces.at(-1)!
        expect(layout.roomTone.some((r) => last.from >= r.from && last.to <= r.to)).toBe(true)
      }
    }
  })
})
