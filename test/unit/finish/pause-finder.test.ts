/**
 * The pause finder's rules of issue 42 on envelopes built by hand (one mean square per millisecond): quiet is
 * judged against the voice as well as the floor (a gated take), a run its samples showed to be a breath and a
 * lone impulse stay in their pauses, and breath candidates are picked by level, length and place.
 */
import { describe, expect, it } from 'vitest'
import { breathCandidatesMs, floorAgainstVoice, layoutOf, speechSpansMs } from '../../../main/finish/analyse-pauses'
import { floorDb, type Envelope } from '../../../main/versions/render/signal-envelope'

const ms = (db: number): number => (Number.isFinite(db) ? 10 ** (db / 10) : 0)

/** An envelope of [dB, milliseconds] runs. */
function envelope(runs: Array<[number, number]>): Envelope {
  const energy = new Float64Array(runs.reduce((n, [, len]) => n + len, 0))
  let at = 0
  for (const [db, len] of runs) {
    energy.fill(ms(db), at, at + len)
    at += len
  }
  return { blockFrames: 48, sampleRate: 48_000, energy }
}

const VOICE = -20

describe('the pause finder', () => {
  it('judges quiet against the voice: pauses of -97 dBFS between words with digital silence inside them are pauses', () => {
    // A gate closed before the first word and between syllables (exact zeros), pauses of a denoiser's -97 dBFS.
    const word: Array<[number, number]> = [
      [VOICE, 200],
      [Number.NEGATIVE_INFINITY, 60],
      [VOICE, 200],
      [Number.NEGATIVE_INFINITY, 60],
      [VOICE, 200],
    ]
    const env = envelope([
      [Number.NEGATIVE_INFINITY, 300],
      [-97, 500],
      ...word,
      [-97, 1500],
      ...word,
      [-97, 1500],
      ...word,
      [-97, 500],
    ])
    const floor = floorDb(env)
    // Digital silence's line: the floor of a take whose 5th percentile is exact zeros.
    expect(floor).toBe(-150)
    // Against the floor alone every -97 dBFS millisecond is sound: one speech span from start to end.
    expect(speechSpansMs(env, floor)).toHaveLength(1)
    const used = floorAgainstVoice(env, floor)
    expect(used).toBeCloseTo(VOICE - 60, 0)
    const layout = layoutOf(env, used, env.energy.length * 48)
    expect(layout.speech).toHaveLength(3)
    // Each pause as long as planted, less the 10 ms windows of the quiet mask reaching into it.
    for (const p of layout.pauses) expect(Math.abs((p.to - p.from) / 48 - 1500)).toBeLessThanOrEqual(10)
    // A floor already closer to the voice is the take's own.
    expect(floorAgainstVoice(env, -70)).toBe(-70)
  })

  it('leaves a breath its samples showed, and a lone click, in the pause; a quiet run inside a word stays the word', () => {
    const room = -65
    const env = envelope([
      [room, 400],
      [VOICE, 600],
      [room, 300],
      [-36, 250],
      [room, 60],
      [VOICE, 600],
      [room, 60],
      [-15, 3],
      [room, 300],
      [VOICE, 500],
      [room, 400],
    ])
    const floor = floorAgainstVoice(env, floorDb(env))
    const candidates = breathCandidatesMs(env, floor)
    // The breath (16 dB under the voice, 250 ms, 60 ms from the next word) is the one candidate.
    expect(candidates).toHaveLength(1)
    const [a, b] = candidates[0] as [number, number]
    expect(a).toBeGreaterThan(1290)
    expect(b).toBeLessThan(1560)
    // Not shown to be a breath by its samples, it joins the next word; shown, it stays out.
    const joined = speechSpansMs(env, floor)
    expect(joined).toHaveLength(3)
    expect(joined[1]![0]).toBeLessThan(1300)
    const spans = speechSpansMs(env, floor, candidates)
    expect(spans).toHaveLength(3)
    expect(spans[1]![0]).toBeGreaterThanOrEqual(1600)
    // The 3 ms click 60 ms after the second word is not speech: the word ends before it.
    expect(spans[1]![1]).toBeLessThan(2270)
  })

  it('takes no run too short, too long, too loud or too close to a word for a breath candidate', () => {
    const room = -65
    const env = envelope([
      [room, 400],
      [VOICE, 600],
      [room, 300],
      [-36, 50],
      [room, 300],
      [-36, 900],
      [room, 300],
      [-24, 250],
      [room, 300],
      [-36, 250],
      [room, 10],
      [VOICE, 600],
      [room, 400],
    ])
    expect(breathCandidatesMs(env, floorAgainstVoice(env, floorDb(env)))).toEqual([])
  })
})
