/**
 * The pure rules of cutting lines a producer removed (removed-lines.ts, place-patches.ts): which removed
 * sentences a take reads and how they run together, where a run goes (into a patch next to it, or on its
 * own), and the plain refusal naming the line when there is no pause to cut in. Analyses here are made of
 * sentences at given times on a room tone; the real-speech checks are removed-lines-real.test.ts.
 */
import { describe, expect, it } from 'vitest'
import { PlacementError, placePatches } from '../../../main/versions/fixes/place-patches'
import type { AnalyzedSentence, RecordingAnalysis } from '../../../main/versions/cuts/recording-analysis'
import { planRemovals, removedRuns, removedSentenceName } from '../../../main/versions/revisions/removed-lines'
import { reviseAnalysis } from '../../../main/versions/revisions/revised-take'
import { revisionMap } from '../../../main/versions/revisions/revision-map'

/** A take's analysis with sentences at given times (sound between them, room tone elsewhere). */
function analysisOf(spans: Array<[number, number] | null>, durationS: number): RecordingAnalysis {
  const env = { energy: new Float64Array(Math.round(durationS * 1000)).fill(1e-7), ms: 1 }
  for (const span of spans)
    if (span) for (let i = Math.round(span[0] * 1000); i < Math.round(span[1] * 1000); i++) env.energy[i] = 0.1
  const sentences = spans.map((span, index, all) => {
    if (!span) return null
    const prev = all
      .slice(0, index)
      .reverse()
      .find((x) => x)
    const next = all.slice(index + 1).find((x) => x)
    return {
      index,
      startS: span[0],
      endS: span[1],
      matched: 5,
      words: 5,
      coverage: 1,
      issues: [],
      heard: [],
      firstMatched: 0,
      lastMatched: 4,
      onsetS: span[0],
      speechEndS: span[1],
      soundOnsetS: span[0],
      soundEndS: span[1],
      pauseFromS: prev ? prev[1] : 0,
      pauseFromIsSpeech: !!prev,
      pauseToS: next ? next[0] : durationS,
      pauseToIsSpeech: !!next,
      lufs: -20,
      true_peak_dbtp: -3,
      innerPauseS: 0,
    } as AnalyzedSentence
  })
  return {
    source: 'a'.repeat(64),
    durationS,
    sampleRate: 48_000,
    env,
    floorDb: -70,
    check: { state: 'done', verdict: 'matches', coverage: 1, summary: '', issues: [] },
    words: [],
    speech: [],
    sentences,
  } as unknown as RecordingAnalysis
}

const OLD =
  'Visit our store today. Queen mattresses are on sale. Free delivery on every bed. Ask about our sleep trial.'
const take = analysisOf(
  [
    [0.5, 2],
    [2.8, 4.5],
    [5.2, 7],
    [7.7, 9],
  ],
  9.6,
)
const name = (r: { old: number[] }) => removedSentenceName(OLD, r.old[0] as number, 1)

describe('the removed lines a take reads', () => {
  it('adjacent removed sentences are one run, between the sentences the take reads around them', () => {
    const map = revisionMap(OLD, 'Visit our store today. Ask about our sleep trial.')
    const runs = removedRuns(take, map)
    expect(runs.map((r) => ({ old: r.old, prev: r.prev, next: r.next }))).toEqual([{ old: [1, 2], prev: 0, next: 1 }])
    expect(runs[0]!.first.startS).toBe(2.8)
    expect(runs[0]!.last.endS).toBe(7)
  })

  it('a removed sentence the take never read is nothing to cut; a removed last line runs to the end', () => {
    const skipped = analysisOf([[0.5, 2], null, [5.2, 7], [7.7, 9]], 9.6)
    expect(
      removedRuns(
        skipped,
        revisionMap(OLD, 'Visit our store today. Free delivery on every bed. Ask about our sleep trial.'),
      ),
    ).toEqual([])
    const last = removedRuns(
      take,
      revisionMap(OLD, 'Visit our store today. Queen mattresses are on sale. Free delivery on every bed.'),
    )
    expect(last.map((r) => ({ old: r.old, prev: r.prev, next: r.next }))).toEqual([{ old: [3], prev: 2, next: null }])
  })

  it('a run next to a patched sentence goes out with it; a line added where the run was replaces it; else it is cut on its own', () => {
    const map = revisionMap(OLD, 'Visit our store today. Free delivery on every bed. Ask about our sleep trial.')
    const revised = reviseAnalysis(take, map).analysis
    const runs = removedRuns(take, map)
    expect(planRemovals(revised, runs, new Set()).alone).toHaveLength(1)
    const intoNext = planRemovals(revised, runs, new Set([1]))
    expect(intoNext.alone).toEqual([])
    expect(intoNext.base.sentences[1]!.soundOnsetS).toBe(2.8)
    expect(intoNext.absorbed.get(1)![0]!.removedS).toBeCloseTo(5.2 - 2.8, 6)
    const intoPrev = planRemovals(revised, runs, new Set([0]))
    expect(intoPrev.base.sentences[0]!.soundEndS).toBe(4.5)
    const added = revisionMap(
      OLD,
      'Visit our store today. Our experts will help you find the perfect fit tonight. Free delivery on every bed. Ask about our sleep trial.',
    )
    const withAdded = reviseAnalysis(take, added).analysis
    const slot = planRemovals(withAdded, removedRuns(take, added), new Set([1]))
    expect(slot.base.sentences[1]).toMatchObject({ index: 1, soundOnsetS: 2.8, soundEndS: 4.5 })
  })
})

describe('cutting a removed line', () => {
  it('a run on its own: the version keeps the pause before it and goes on at the same distance before the next line', () => {
    const map = revisionMap(OLD, 'Visit our store today. Free delivery on every bed. Ask about our sleep trial.')
    const { timeline, removals } = placePatches(
      reviseAnalysis(take, map).analysis,
      [],
      (k) => `sentence ${k + 1}`,
      () => 'the take',
      { runs: removedRuns(take, map), name },
    )
    expect(timeline.segments).toHaveLength(2)
    const [a, b] = timeline.segments as unknown as [{ toS: number }, { fromS: number }]
    expect(a.toS).toBeGreaterThan(2)
    expect(a.toS).toBeLessThan(2.8)
    expect(b.fromS).toBeGreaterThan(4.5)
    expect(b.fromS).toBeLessThan(5.2)
    expect(2.8 - a.toS).toBeCloseTo(5.2 - b.fromS, 6)
    expect(removals[0]!.deltaS).toBeCloseTo(-(b.fromS - a.toS), 6)
  })

  it('no pause to cut in: refused with a sentence that names the removed line', () => {
    const tight = analysisOf(
      [
        [0.5, 2],
        [2.05, 4.5],
        [5.2, 7],
        [7.7, 9],
      ],
      9.6,
    )
    const map = revisionMap(OLD, 'Visit our store today. Free delivery on every bed. Ask about our sleep trial.')
    const place = () =>
      placePatches(
        reviseAnalysis(tight, map).analysis,
        [],
        (k) => `sentence ${k + 1}`,
        () => 'the take',
        { runs: removedRuns(tight, map), name },
      )
    expect(place).toThrow(PlacementError)
    expect(place).toThrow(
      'Booth cannot cut out sentence 2 of revision 1, “Queen mattresses are on sale.”, which the ' +
        'producer removed: in the take, a pause of 50 ms is too short to cut in',
    )
  })
})
