/**
 * What a version of a gated take (its quiet is digital silence) must keep: outside its patches' words, the
 * take's floor. Around every splice, the result's quiet parts (splice-clicks.ts: the truth of each recording
 * carried through the timeline), with a patch's quiet taken only where it is more than WORDS_S from its
 * words (room for the gate's hold and fade), step by no more than the renderer's dither (±1 least
 * significant bit, so 2 between two samples); and where a patch's voice sounds, the result is the patch's
 * own samples at its gain, to within that dither.
 */
import { expect } from 'vitest'
import type { Timeline } from '../../../../main/versions/cuts/timeline'
import { sha256File } from '../../../../main/versions/store/recordings'
import { fullScale } from '../../../../main/media/wav-source'
import type { SynthRead } from '../../../support/synth-reads'
import { ownQuietStep, spliceSteps, type Stretches } from './splice-clicks'
import { samplesOf } from './spot'

/**
 * How far from a patch's words (as the truth has them, in 10 ms blocks) its margins may still sound: the
 * gate's hold and fade (25 ms), the truth's block (10 ms) and 5 ms to spare.
 */
export const WORDS_S = 0.04

/** A recording's quiet stretches kept WORDS_S away from its words (its recording's own start and end are no word). */
function awayFromWords(q: Stretches, durationS: number): Array<[number, number]> {
  return q
    .map(([a, b]): [number, number] => [a > 0 ? a + WORDS_S : a, b < durationS - 1e-3 ? b - WORDS_S : b])
    .filter(([a, b]) => b > a)
}

/** Checks the render at `out` of a gated `take` patched with `patches`; returns its figures in words. */
export async function expectGatedSplices(
  out: string,
  timeline: Timeline,
  take: SynthRead,
  patches: SynthRead[],
): Promise<string> {
  const result = await samplesOf(out)
  const lsb = 1 / fullScale('pcm_s24')
  const own = ownQuietStep(await samplesOf(take.path), take.quiet)
  expect(own, 'the take’s own quiet is digital silence').toBe(0)
  const truth = new Map<string, Stretches>([[await sha256File(take.path), take.quiet]])
  const byHash = new Map<string, SynthRead>()
  for (const p of patches) {
    const h = await sha256File(p.path)
    byHash.set(h, p)
    truth.set(h, awayFromWords(p.quiet, p.durationS))
  }
  const steps = spliceSteps(result, timeline, truth)
  const worstStep = Math.max(...steps.map((s) => s.step)) / lsb
  for (const s of steps)
    expect(s.step / lsb, `quiet parts around the splice at ${s.atS.toFixed(3)} s (LSB)`).toBeLessThanOrEqual(2)
  // The patches' words: the result there is the patch's own samples at its gain.
  // Frames as the edit list counts them (cuts/timeline.ts): each segment's ends rounded to a frame.
  let worstWord = 0
  let words = 0
  let at = 0
  const rate = result.rate
  for (const seg of timeline.segments) {
    const [a, b] = [Math.round(seg.fromS * rate), Math.round(seg.toS * rate)]
    const p = byHash.get(seg.source)
    if (p) {
      const src = await samplesOf(p.path)
      const g = 10 ** (seg.gainDb / 20)
      for (let f = a; f < b; f++) {
        if (p.quiet.some(([x, y]) => f / rate >= x && f / rate < y)) continue
        words++
        worstWord = Math.max(worstWord, Math.abs((result.raw[at + f - a] as number) - (src.raw[f] as number) * g))
      }
    }
    at += b - a
  }
  expect(words).toBeGreaterThan(rate)
  expect(
    worstWord,
    'the patches’ words differ from their own samples by more than the dither (LSB)',
  ).toBeLessThanOrEqual(2)
  return `largest step outside the patches' words ${worstStep.toFixed(0)} LSB (the take's own 0); words within ${worstWord.toFixed(1)} LSB`
}
