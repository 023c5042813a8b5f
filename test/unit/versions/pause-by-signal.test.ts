/**
 * The rule "a cut fits in any pause of 250 ms or more", held on envelopes built for it: a sentence end, a
 * pause of 250–700 ms of room tone, the next sentence's onset, on two recordings (a take and a pickup,
 * each with its own pause and room tone), with the recogniser's word times running up to 350 ms into the
 * pause (all of it but 30 ms) or stopping short of the sound. The junction is chosen as place-patches.ts chooses it; it must
 * exist, lie in both pauses, keep 30 ms (plus half its crossfade) from the sound on every side, and the
 * pause keep the take's length.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { chooseJunction, CUT_RULES, speechEdges } from '../../../main/versions/cuts/cut-rules'
import { floorDb, type Envelope } from '../../../main/versions/render/signal-envelope'

interface Built {
  env: Envelope
  /** Where the sound of the sentence before ends and the next begins (s). */
  endS: number
  onsetS: number
}

/** 1 s of speech, `pauseS` of room tone, 1 s of speech, with 0.5 s of room tone either side; per millisecond. */
function build(pauseS: number, roomEnergy: number, seed: number): Built {
  const lead = 500
  const speech = 1000
  const pause = Math.round(pauseS * 1000)
  const n = lead + speech + pause + speech + lead
  const energy = new Float64Array(n)
  let s = seed >>> 0 || 1
  const rand = () => {
    s ^= s << 13
    s ^= s >>> 17
    s ^= s << 5
    return (s >>> 0) / 4294967296
  }
  for (let i = 0; i < n; i++) {
    const inSpeech = (i >= lead && i < lead + speech) || (i >= lead + speech + pause && i < lead + 2 * speech + pause)
    // Room tone flickers within about ±2 dB; speech swings between syllables but stays well above it.
    energy[i] = inSpeech ? roomEnergy * 10 ** ((25 + 25 * rand()) / 10) : roomEnergy * 10 ** ((rand() * 4 - 2) / 10)
  }
  return {
    env: { blockFrames: 48, sampleRate: 48_000, energy },
    endS: (lead + speech) / 1000,
    onsetS: (lead + speech + pause) / 1000,
  }
}

const recording = fc.record({
  pauseS: fc.double({ min: 0.25, max: 0.7, noNaN: true }),
  roomDb: fc.integer({ min: -75, max: -45 }),
  seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
  /** How far the recogniser's end of the word before runs into the pause (negative: stops short of its sound). */
  endOverrunS: fc.double({ min: -0.1, max: 0.35, noNaN: true }),
  /** How far the recogniser's start of the word after runs back into the pause. */
  onsetOverrunS: fc.double({ min: -0.1, max: 0.35, noNaN: true }),
})

/** The sides of one recording's pause, as recording-analysis.ts and place-patches.ts make them. */
function sides(r: { pauseS: number; roomDb: number; seed: number; endOverrunS: number; onsetOverrunS: number }) {
  const b = build(r.pauseS, 10 ** (r.roomDb / 10), r.seed)
  const floor = floorDb(b.env)
  // Between them the overruns leave 30 ms of the pause to no word: a recogniser edge within the 10 ms the
  // quiet is judged over of the other sentence's sound reads as that sound (a limit of the rule).
  const into = Math.max(0, r.endOverrunS) + Math.max(0, r.onsetOverrunS)
  const scale = into > r.pauseS - 0.03 ? (r.pauseS - 0.03) / into : 1
  const heardEnd = b.endS + r.endOverrunS * (r.endOverrunS > 0 ? scale : 1)
  const heardOnset = b.onsetS - r.onsetOverrunS * (r.onsetOverrunS > 0 ? scale : 1)
  const before = speechEdges(b.env, floor, b.endS - 0.4, heardEnd, 0, heardOnset)
  const after = speechEdges(b.env, floor, heardOnset, b.onsetS + 0.4, heardEnd, b.env.energy.length / 1000)
  return { b, before, after }
}

describe('a pause of 250 ms or more holds a cut, whatever the recogniser’s times', () => {
  it('finds the sound’s edges and a junction inside both pauses, clear of the sound', () => {
    fc.assert(
      fc.property(recording, recording, (take, pickup) => {
        const t = sides(take)
        const p = sides(pickup)
        for (const s of [t, p]) {
          expect(Math.abs(s.before.soundEndS - s.b.endS)).toBeLessThanOrEqual(0.015)
          expect(Math.abs(s.after.soundStartS - s.b.onsetS)).toBeLessThanOrEqual(0.015)
        }
        // Before the next sentence (an onset), as place-patches.ts: the pickup shows at most 50 ms of its room tone.
        const j = chooseJunction(
          {
            env: t.b.env,
            anchorS: t.after.soundStartS,
            guardS: t.after.startS,
            limitS: t.before.endS,
            limitIsSpeech: true,
          },
          {
            env: p.b.env,
            anchorS: p.after.soundStartS,
            guardS: p.after.startS,
            limitS: p.before.endS,
            limitIsSpeech: true,
            maxOffsetS: CUT_RULES.patchRoomMaxS,
          },
          'before',
        )
        const margin = CUT_RULES.wordGapS + j.crossfadeS / 2 - 0.002
        expect(j.aS).toBeGreaterThanOrEqual(t.b.endS + margin)
        expect(j.aS).toBeLessThanOrEqual(t.b.onsetS - margin)
        expect(j.bS).toBeGreaterThanOrEqual(p.b.endS + margin)
        expect(j.bS).toBeLessThanOrEqual(p.b.onsetS - margin)
        expect(j.crossfadeS).toBeGreaterThanOrEqual(CUT_RULES.crossfadeMinS)
        // The pause before the onset keeps the take's length: both cut at the same distance from their onsets.
        expect(Math.abs(t.after.soundStartS - j.aS - (p.after.soundStartS - j.bS))).toBeLessThan(1e-9)
      }),
      { numRuns: 150, seed: 4 },
    )
  })
})
