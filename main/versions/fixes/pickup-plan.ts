/**
 * Pickups placed by the script: which sentences each pickup reads (aligned with the script by its own
 * read-back), which of them it replaces, and at what gain.
 * - A pickup reads a sentence when the read-back heard half its words or more as written, among them one
 *   of its first and one of its last words (its first and last third); a sentence it only touches (the end
 *   of the sentence before, read as a run-up) is not replaced.
 * - A whole sentence read first as a run-up is not replaced either when the take reads it clean and a later
 *   sentence of the pickup fixes one the take does not.
 * - Where two pickups read the same sentence, the later one in the list is used.
 * - The patch gets the gain that brings its speech to the loudness of the sentence it replaces (or, for a
 *   sentence the take skipped, to the take's median sentence loudness).
 * A pickup that reads no sentence is refused, naming it, before anything is written.
 */
import { compareNoiseFloors, levelMatchGainDb } from '../cuts/cut-rules'
import type { Patch } from './place-patches'
import type { AnalyzedSentence, RecordingAnalysis } from '../cuts/recording-analysis'

/** A pickup reads a sentence when it says at least this share of its words as written. */
export const READS_SENTENCE = 0.5

export interface PickupInput {
  /** How the person knows it: "Pickup 3", or a dropped file's name in quotes. */
  name: string
  analysis: RecordingAnalysis
}

export interface PlannedPatch extends Patch {
  name: string
  /** The patch's room tone after its gain, minus the take's (dB), and whether that is a finding. */
  noiseFloorDifferenceDb: number
  noiseFloorFinding: boolean
}

export class PickupMatchError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'PickupMatchError'
  }
}

/** Sentences a recording reads whole (by index). */
export function sentencesRead(analysis: RecordingAnalysis): number[] {
  return analysis.sentences.flatMap((s) => {
    if (!s || s.words === 0 || s.coverage < READS_SENTENCE || s.matched < Math.min(2, s.words)) return []
    const third = Math.max(1, Math.ceil(s.words / 3))
    return s.firstMatched < third && s.lastMatched >= s.words - third ? [s.index] : []
  })
}

const clean = (s: AnalyzedSentence | null | undefined, stale?: ReadonlySet<number>): boolean =>
  !!s && s.issues.length === 0 && !stale?.has(s.index)

function median(xs: number[]): number | null {
  if (xs.length === 0) return null
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)] as number
}

/** The take's typical sentence loudness: the median of its sentences'. */
export function medianSentenceLufs(a: RecordingAnalysis): number | null {
  return median(a.sentences.flatMap((s) => (s?.lufs == null ? [] : [s.lufs])))
}

/**
 * The sentences a pickup replaces in this take. `stale`: sentences of the script the take does not read as
 * written now (a producer's revision changed or added them, revised-take.ts): never clean in the take.
 */
export function sentencesReplaced(
  take: RecordingAnalysis,
  pickup: RecordingAnalysis,
  stale?: ReadonlySet<number>,
): number[] {
  const read = sentencesRead(pickup)
  let start = 0
  // Leading sentences the take reads clean are a run-up while a later one is a fix.
  while (
    start < read.length - 1 &&
    clean(take.sentences[read[start] as number], stale) &&
    read.slice(start + 1).some((k) => !clean(take.sentences[k], stale))
  )
    start++
  return read.slice(start)
}

/** The patch of sentence k of a pickup: its gain to the take's sentence (or typical) loudness, and its room tone compared. */
export function patchOf(take: RecordingAnalysis, p: PickupInput, k: number): PlannedPatch {
  const read = p.analysis.sentences[k]
  if (!read) throw new PickupMatchError(`${p.name} does not read sentence ${k + 1} any more.`)
  const target = take.sentences[k]?.lufs ?? medianSentenceLufs(take)
  const gainDb = levelMatchGainDb(target, read.lufs)
  const noise = compareNoiseFloors(take.floorDb, p.analysis.floorDb, gainDb, read.innerPauseS)
  return {
    sentence: k,
    from: p.analysis,
    gainDb,
    name: p.name,
    noiseFloorDifferenceDb: noise.differenceDb,
    noiseFloorFinding: noise.finding,
  }
}

/**
 * The patches of `pickups` (later ones win a sentence), on top of `kept` (patches an earlier version put
 * into the same take, which stay where no new pickup reads).
 */
export function planPickups(
  take: RecordingAnalysis,
  pickups: readonly PickupInput[],
  kept: ReadonlyArray<PickupInput & { sentence: number }> = [],
  stale?: ReadonlySet<number>,
): PlannedPatch[] {
  const chosen = new Map<number, PickupInput>()
  for (const p of pickups) {
    const replaced = sentencesReplaced(take, p.analysis, stale)
    if (replaced.length === 0)
      throw new PickupMatchError(
        `${p.name} reads no sentence of the script, so Booth cannot tell where it goes; nothing was written.`,
      )
    for (const k of replaced) chosen.set(k, p)
  }
  const fresh = [...chosen.entries()].map(([k, p]) => patchOf(take, p, k))
  const old = kept.filter((p) => !chosen.has(p.sentence)).map((p) => patchOf(take, p, p.sentence))
  return [...fresh, ...old].sort((a, b) => a.sentence - b.sentence)
}
