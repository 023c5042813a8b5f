/**
 * Puts new readings of sentences into a take (pickups, and the cells of a comp): each patch replaces the
 * sentence where the take reads it, or goes where the take skipped it. The cuts follow cut-rules.ts:
 * before the sentence, take and patch meet at the same distance from their onsets, so the pause before it
 * keeps the take's length and, except for the last few tens of milliseconds, the take's room tone; after
 * it likewise from their speech ends. A skipped sentence goes into the pause where it belongs, which is
 * played on both sides of it, so both pauses around it have that pause's length and room tone.
 */
import { chooseJunction, CUT_RULES, NoPauseError, type JunctionSide } from './cut-rules'
import type { AnalyzedSentence, RecordingAnalysis } from './recording-analysis'
import type { Timeline, TimelineSegment } from './timeline'

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
}

/** Why a patch cannot go in, naming the sentence; nothing is written. */
export class PlacementError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'PlacementError'
  }
}

function sidesOfTake(base: RecordingAnalysis, k: number): { before: JunctionSide; after: JunctionSide; inserted: boolean } {
  const env = base.env
  const here = base.sentences[k]
  if (here) {
    return {
      inserted: false,
      before: { env, anchorS: here.soundOnsetS, guardS: here.onsetS, limitS: here.pauseFromS, limitIsSpeech: here.pauseFromIsSpeech },
      after: { env, anchorS: here.soundEndS, guardS: here.speechEndS, limitS: here.pauseToS, limitIsSpeech: here.pauseToIsSpeech },
    }
  }
  // Skipped: the pause between the sentences read before and after it.
  const next = base.sentences.slice(k + 1).find((s): s is AnalyzedSentence => s !== null)
  const prev = base.sentences.slice(0, k).reverse().find((s): s is AnalyzedSentence => s !== null)
  const gap = next
    ? { fromS: next.pauseFromS, fromIsSpeech: next.pauseFromIsSpeech, toS: next.soundOnsetS, toGuardS: next.onsetS, toIsSpeech: true }
    : prev
      ? { fromS: prev.soundEndS, fromGuardS: prev.speechEndS, fromIsSpeech: true, toS: prev.pauseToS, toIsSpeech: prev.pauseToIsSpeech }
      : { fromS: 0, fromIsSpeech: false, toS: base.durationS, toIsSpeech: false }
  const g = gap as { fromS: number; fromGuardS?: number; fromIsSpeech: boolean; toS: number; toGuardS?: number; toIsSpeech: boolean }
  return {
    inserted: true,
    before: { env, anchorS: g.toS, guardS: g.toGuardS ?? g.toS, limitS: g.fromS, limitIsSpeech: g.fromIsSpeech },
    after: { env, anchorS: g.fromS, guardS: g.fromGuardS ?? g.fromS, limitS: g.toS, limitIsSpeech: g.toIsSpeech },
  }
}

function sidesOfPatch(p: RecordingAnalysis, s: AnalyzedSentence): { before: JunctionSide; after: JunctionSide } {
  const max = CUT_RULES.patchRoomMaxS
  return {
    before: { env: p.env, anchorS: s.soundOnsetS, guardS: s.onsetS, limitS: s.pauseFromS, limitIsSpeech: s.pauseFromIsSpeech, maxOffsetS: max },
    after: { env: p.env, anchorS: s.soundEndS, guardS: s.speechEndS, limitS: s.pauseToS, limitIsSpeech: s.pauseToIsSpeech, maxOffsetS: max },
  }
}

/**
 * The timeline of the take with the patches in (at most one per sentence). `name(k)` names sentence k for
 * the person ("sentence 3, “Queen mattresses…”") in errors; `patchName` names a patch's recording.
 */
export function placePatches(base: RecordingAnalysis, patches: readonly Patch[], name: (k: number) => string, patchName: (p: Patch) => string): { timeline: Timeline; placements: Placement[] } {
  const sorted = [...patches].sort((a, b) => a.sentence - b.sentence)
  const segments: TimelineSegment[] = []
  const crossfadesS: number[] = []
  const placements: Placement[] = []
  let cur = 0
  let lastXf = 0
  for (const patch of sorted) {
    const k = patch.sentence
    const read = patch.from.sentences[k]
    if (!read) throw new PlacementError(`${patchName(patch)} does not read ${name(k)}.`)
    const take = sidesOfTake(base, k)
    const mine = sidesOfPatch(patch.from, read)
    let j1
    let j2
    try {
      j1 = chooseJunction(take.before, mine.before, 'before')
    } catch (err) {
      if (!(err instanceof NoPauseError)) throw err
      const whose = Math.max(0, take.before.anchorS - take.before.limitS) <= Math.max(0, mine.before.anchorS - mine.before.limitS) ? 'the take' : patchName(patch)
      throw new PlacementError(`Booth cannot cut before ${name(k)}: in ${whose}, ${err.message}.`)
    }
    try {
      j2 = chooseJunction(take.after, mine.after, 'after')
    } catch (err) {
      if (!(err instanceof NoPauseError)) throw err
      const whose = Math.max(0, take.after.limitS - take.after.anchorS) <= Math.max(0, mine.after.limitS - mine.after.anchorS) ? 'the take' : patchName(patch)
      throw new PlacementError(`Booth cannot cut after ${name(k)}: in ${whose}, ${err.message}.`)
    }
    if (j1.aS - cur < (lastXf + j1.crossfadeS) / 2 + 0.001) {
      throw new PlacementError(`Booth cannot cut before ${name(k)}: the pause after the sentence before it is too short to hold two cuts.`)
    }
    segments.push({ source: base.source, fromS: cur, toS: j1.aS, gainDb: 0, role: 'base', sentence: null })
    crossfadesS.push(j1.crossfadeS)
    placements.push({
      sentence: k, inserted: take.inserted, takeFromS: j1.aS, takeToS: take.inserted ? j1.aS : j2.aS, takeResumeS: j2.aS,
      sourceFromS: j1.bS, sourceToS: j2.bS, gainDb: patch.gainDb, segment: segments.length,
    })
    segments.push({ source: patch.from.source, fromS: j1.bS, toS: j2.bS, gainDb: patch.gainDb, role: 'patch', sentence: k })
    crossfadesS.push(j2.crossfadeS)
    cur = j2.aS
    lastXf = j2.crossfadeS
  }
  if (base.durationS - cur < lastXf / 2 + 0.001) throw new PlacementError('Booth cannot cut after the last sentence: the take ends too soon after it.')
  segments.push({ source: base.source, fromS: cur, toS: base.durationS, gainDb: 0, role: 'base', sentence: null })
  return { timeline: { segments, crossfadesS }, placements }
}
