/**
 * Puts new readings of sentences into a take (pickups, and the cells of a comp): each patch replaces the
 * sentence where the take reads it, or goes where the take skipped it. The cuts follow cut-rules.ts:
 * before the sentence, take and patch meet at the same distance from their onsets, so the pause before it
 * keeps the take's length and, except for the last few tens of milliseconds, the take's room tone; after
 * it likewise from their speech ends. A skipped sentence goes into the pause where it belongs, which is
 * played on both sides of it, so both pauses around it have that pause's length and room tone. Where the
 * take's quiet is silence, the patch's own room tone around its words is gated out (patch-gate.ts).
 */
import { chooseJunction, CUT_RULES, NoPauseError, type JunctionSide } from '../cuts/cut-rules'
import { PlacementError } from '../cuts/placement-error'
import type { AnalyzedSentence, RecordingAnalysis } from '../cuts/recording-analysis'
import { planRemovals, runCut, type RemovedRun } from '../revisions/removed-lines'
import type { Timeline, TimelineSegment } from '../cuts/timeline'
import { patchGate } from './patch-gate'

export interface Patch {
  sentence: number
  /** The recording with the new reading (already in the take's format). */
  from: RecordingAnalysis
  gainDb: number
}

export interface Placement {
  sentence: number
  inserted: boolean
  /** The stretch of the take it replaces (an inserted sentence: where it goes, from = to). */
  takeFromS: number
  takeToS: number
  /** Where the take resumes after it (for an inserted sentence, before takeFromS: that pause is played again). */
  takeResumeS: number
  /** The stretch of the patch's recording used. */
  sourceFromS: number
  sourceToS: number
  gainDb: number
  /** Index of the patch's segment in the timeline. */
  segment: number
  /** Of the take's stretch it replaces, how much was lines the producer removed, cut with it (s). */
  removedS: number
}

/** Where a run of removed lines went out of the take. */
export interface Removal {
  run: RemovedRun
  /** The segment the version goes on with after it, and that point in the segment's recording (s). */
  segment: number
  atS: number
  /** How much shorter the version is for it (s, ≤ 0). */
  deltaS: number
  /** The stretch of the take that went out with it (s): with the patch next to it, when a patch took it in. */
  takeFromS: number
  takeToS: number
}

/** Runs of lines the producer removed (removed-lines.ts) to cut out of the take, and how each is named. */
export interface RemovedLines {
  runs: readonly RemovedRun[]
  name(run: RemovedRun): string
}

export { PlacementError }

function sidesOfTake(
  base: RecordingAnalysis,
  k: number,
): { before: JunctionSide; after: JunctionSide; inserted: boolean } {
  const env = base.env
  const here = base.sentences[k]
  if (here) {
    return {
      inserted: false,
      before: {
        env,
        anchorS: here.soundOnsetS,
        guardS: here.onsetS,
        limitS: here.pauseFromS,
        limitIsSpeech: here.pauseFromIsSpeech,
      },
      after: {
        env,
        anchorS: here.soundEndS,
        guardS: here.speechEndS,
        limitS: here.pauseToS,
        limitIsSpeech: here.pauseToIsSpeech,
      },
    }
  }
  // Skipped: the pause between the sentences read before and after it.
  const next = base.sentences.slice(k + 1).find((s): s is AnalyzedSentence => s !== null)
  const prev = base.sentences
    .slice(0, k)
    .reverse()
    .find((s): s is AnalyzedSentence => s !== null)
  const gap = next
    ? {
        fromS: next.pauseFromS,
        fromIsSpeech: next.pauseFromIsSpeech,
        toS: next.soundOnsetS,
        toGuardS: next.onsetS,
        toIsSpeech: true,
      }
    : prev
      ? {
          fromS: prev.soundEndS,
          fromGuardS: prev.speechEndS,
          fromIsSpeech: true,
          toS: prev.pauseToS,
          toIsSpeech: prev.pauseToIsSpeech,
        }
      : { fromS: 0, fromIsSpeech: false, toS: base.durationS, toIsSpeech: false }
  const g = gap as {
    fromS: number
    fromGuardS?: number
    fromIsSpeech: boolean
    toS: number
    toGuardS?: number
    toIsSpeech: boolean
  }
  return {
    inserted: true,
    before: { env, anchorS: g.toS, guardS: g.toGuardS ?? g.toS, limitS: g.fromS, limitIsSpeech: g.fromIsSpeech },
    after: { env, anchorS: g.fromS, guardS: g.fromGuardS ?? g.fromS, limitS: g.toS, limitIsSpeech: g.toIsSpeech },
  }
}

function sidesOfPatch(p: RecordingAnalysis, s: AnalyzedSentence): { before: JunctionSide; after: JunctionSide } {
  const max = CUT_RULES.patchRoomMaxS
  return {
    before: {
      env: p.env,
      anchorS: s.soundOnsetS,
      guardS: s.onsetS,
      limitS: s.pauseFromS,
      limitIsSpeech: s.pauseFromIsSpeech,
      maxOffsetS: max,
    },
    after: {
      env: p.env,
      anchorS: s.soundEndS,
      guardS: s.speechEndS,
      limitS: s.pauseToS,
      limitIsSpeech: s.pauseToIsSpeech,
      maxOffsetS: max,
    },
  }
}

/**
 * The timeline of the take with the patches in (at most one per sentence) and the removed lines out.
 * `name(k)` names sentence k for the person ("sentence 3, “Queen mattresses…”") in errors; `patchName`
 * names a patch's recording. `take` is the take's analysis by the new script; `removed`, the runs of lines
 * the producer removed that it still reads (each cut out on its own, or with the patch next to it).
 */
export function placePatches(
  take: RecordingAnalysis,
  patches: readonly Patch[],
  name: (k: number) => string,
  patchName: (p: Patch) => string,
  removed?: RemovedLines,
): { timeline: Timeline; placements: Placement[]; removals: Removal[] } {
  const sorted = [...patches].sort((a, b) => a.sentence - b.sentence)
  const plan = planRemovals(take, removed?.runs ?? [], new Set(sorted.map((p) => p.sentence)))
  const base = plan.base
  const segments: TimelineSegment[] = []
  const crossfadesS: number[] = []
  const placements: Placement[] = []
  const removals: Removal[] = []
  let cur = 0
  let lastXf = 0
  /** Cuts out a run on its own: the take plays up to the cut and goes on after it. */
  const cutRun = (run: RemovedRun) => {
    const label = (removed as RemovedLines).name(run)
    const j = runCut(take, run, label)
    if (j.aS - cur < (lastXf + j.crossfadeS) / 2 + 0.001)
      throw new PlacementError(`Booth cannot cut out ${label}: the pause before it is too short to hold two cuts.`)
    segments.push({ source: base.source, fromS: cur, toS: j.aS, gainDb: 0, role: 'base', sentence: null })
    crossfadesS.push(j.crossfadeS)
    removals.push({ run, segment: segments.length, atS: j.bS, deltaS: j.aS - j.bS, takeFromS: j.aS, takeToS: j.bS })
    cur = j.bS
    lastXf = j.crossfadeS
  }
  // A run on its own goes out in its place among the patches: before the sentence the take reads after it.
  const alone = [...plan.alone]
  const cutRunsBefore = (k: number) => {
    while (alone.length > 0 && ((alone[0] as RemovedRun).next ?? Infinity) < k) cutRun(alone.shift() as RemovedRun)
  }
  for (const patch of sorted) {
    cutRunsBefore(patch.sentence)
    const k = patch.sentence
    const read = patch.from.sentences[k]
    if (!read) throw new PlacementError(`${patchName(patch)} does not read ${name(k)}.`)
    const sides = sidesOfTake(base, k)
    const mine = sidesOfPatch(patch.from, read)
    let j1
    let j2
    try {
      j1 = chooseJunction(sides.before, mine.before, 'before')
    } catch (err) {
      if (!(err instanceof NoPauseError)) throw err
      const whose =
        Math.max(0, sides.before.anchorS - sides.before.limitS) <= Math.max(0, mine.before.anchorS - mine.before.limitS)
          ? 'the take'
          : patchName(patch)
      throw new PlacementError(`Booth cannot cut before ${name(k)}: in ${whose}, ${err.message}.`)
    }
    try {
      j2 = chooseJunction(sides.after, mine.after, 'after')
    } catch (err) {
      if (!(err instanceof NoPauseError)) throw err
      const whose =
        Math.max(0, sides.after.limitS - sides.after.anchorS) <= Math.max(0, mine.after.limitS - mine.after.anchorS)
          ? 'the take'
          : patchName(patch)
      throw new PlacementError(`Booth cannot cut after ${name(k)}: in ${whose}, ${err.message}.`)
    }
    if (j1.aS - cur < (lastXf + j1.crossfadeS) / 2 + 0.001) {
      throw new PlacementError(
        `Booth cannot cut before ${name(k)}: the pause after the sentence before it is too short to hold two cuts.`,
      )
    }
    segments.push({ source: base.source, fromS: cur, toS: j1.aS, gainDb: 0, role: 'base', sentence: null })
    crossfadesS.push(j1.crossfadeS)
    const taken = plan.absorbed.get(k) ?? []
    placements.push({
      sentence: k,
      inserted: sides.inserted,
      takeFromS: j1.aS,
      takeToS: sides.inserted ? j1.aS : j2.aS,
      takeResumeS: j2.aS,
      sourceFromS: j1.bS,
      sourceToS: j2.bS,
      gainDb: patch.gainDb,
      segment: segments.length,
      removedS: taken.reduce((a, t) => a + t.removedS, 0),
    })
    for (const t of taken)
      removals.push({
        run: t.run,
        segment: segments.length,
        atS: j1.bS,
        deltaS: -t.removedS,
        takeFromS: j1.aS,
        takeToS: j2.aS,
      })
    segments.push({
      source: patch.from.source,
      fromS: j1.bS,
      toS: j2.bS,
      gainDb: patch.gainDb,
      role: 'patch',
      sentence: k,
      gate: patchGate(base, patch.from, read, patch.gainDb, j1.aS, j2.aS),
    })
    crossfadesS.push(j2.crossfadeS)
    cur = j2.aS
    lastXf = j2.crossfadeS
  }
  cutRunsBefore(Infinity)
  while (alone.length > 0) cutRun(alone.shift() as RemovedRun)
  if (base.durationS - cur < lastXf / 2 + 0.001)
    throw new PlacementError('Booth cannot cut after the last sentence: the take ends too soon after it.')
  segments.push({ source: base.source, fromS: cur, toS: base.durationS, gainDb: 0, role: 'base', sentence: null })
  return { timeline: { segments, crossfadesS }, placements, removals }
}
