/**
 * The edit list of a take with pickups placed by the script (the engine of `npm run pickup` and of the
 * take calls): the take and each pickup are read back and analysed (version-inputs.ts), the pickups'
 * sentences found (pickup-plan.ts) and placed (place-patches.ts), the lines the producer removed since the
 * take was read cut out of it (removed-lines.ts), and the timeline becomes an edit list.
 * Nothing is written here but the recordings kept by content.
 */
import type { EditList } from '../../../shared/versions/edit-list'
import { placePatches, type Placement, type Removal } from './place-patches'
import { planPickups, type PlannedPatch } from './pickup-plan'
import type { Recordings } from '../store/recordings'
import { removedRuns, removedSentenceName } from '../revisions/removed-lines'
import { reviseTake } from '../revisions/revised-take'
import { scriptSentences } from '../../readback/index'
import { toEditList, type Timeline } from '../cuts/timeline'
import {
  prepareRecordings,
  type AnalyzedRecording,
  type RecordingToUse,
  type Transcribe,
} from '../hearing/version-inputs'

export interface PickupEditInput {
  recordings: Recordings
  /** The script the version is made for (the job's current revision): pickups are read against it. */
  script: string
  /**
   * The script the take was read from, when a producer's revision came after it (revision-map.ts): the
   * take is read against it and seen through the new script, so a sentence it reads unchanged stays, and a
   * changed or added one is what a pickup replaces or puts in (between its neighbours, or after the last).
   */
  takeScript?: string
  /** The take's script's number among the job's revisions ("revision 1"), for naming a removed line; null: not known. */
  takeRevision?: number | null
  take: RecordingToUse
  pickups: Array<RecordingToUse & { name: string }>
  /** Patches an earlier version put into this same take (0-based sentences): kept where no new pickup reads. */
  kept?: Array<RecordingToUse & { name: string; sentence: number }>
  transcribe: Transcribe
}

export interface PickupEdit {
  /** The take, its analysis indexed by the new script's sentences. */
  take: AnalyzedRecording
  /** Sentences of the new script the take does not read as written now (changed or added), 0-based. */
  stale: number[]
  /** Of those, the sentences the revision added (0-based). */
  added: number[]
  pickups: AnalyzedRecording[]
  kept: AnalyzedRecording[]
  /** Every patch of the version, the kept ones included. */
  patches: PlannedPatch[]
  /** The sentences the new pickups replace (0-based). */
  fresh: number[]
  placements: Placement[]
  /** The runs of lines the producer removed that the take read, and where each went out. */
  removals: Removal[]
  timeline: Timeline
  list: EditList
}

/** "sentence 3, “Queen mattresses start at just $299.”" (shortened past 60 characters). */
export function sentenceName(script: string, k: number): string {
  const s = scriptSentences(script)[k]
  if (!s) return `sentence ${k + 1}`
  const text = s.text.length > 60 ? `${s.text.slice(0, 59)}…` : s.text
  return `sentence ${k + 1}, “${text}”`
}

export async function pickupEdit(o: PickupEditInput): Promise<PickupEdit> {
  const takeScript = o.takeScript ?? o.script
  const [read] = await prepareRecordings(o.recordings, [o.take], takeScript, o.transcribe)
  if (!read) throw new Error('The take could not be read.')
  const revised = reviseTake(read.analysis, takeScript, o.script)
  const take: AnalyzedRecording = { ref: read.ref, analysis: revised.analysis }
  const keptIn = o.kept ?? []
  const all = await prepareRecordings(
    o.recordings,
    [...o.pickups, ...keptIn].map((p) => ({ ...p, format: take.ref.format, short: true })),
    o.script,
    o.transcribe,
  )
  const pickups = all.slice(0, o.pickups.length)
  const kept = all.slice(o.pickups.length)
  const patches = planPickups(
    take.analysis,
    pickups.map((p, i) => ({ name: (o.pickups[i] as { name: string }).name, analysis: p.analysis })),
    kept.map((p, i) => ({
      name: (keptIn[i] as { name: string }).name,
      analysis: p.analysis,
      sentence: (keptIn[i] as { sentence: number }).sentence,
    })),
    revised.stale,
  )
  const keptSet = new Set(kept.map((k) => k.analysis))
  const fresh = patches.filter((p) => !keptSet.has(p.from)).map((p) => p.sentence)
  // The lines the producer removed go out of the take too: a take brought to the new script reads it.
  const runs = takeScript === o.script ? [] : removedRuns(read.analysis, revised.map)
  const removed = {
    runs,
    name: (r: { old: number[] }) => removedSentenceName(takeScript, r.old[0] as number, o.takeRevision),
  }
  const { timeline, placements, removals } = placePatches(
    take.analysis,
    patches,
    (k) => sentenceName(o.script, k),
    (p) => (p as PlannedPatch).name,
    removed,
  )
  const added = revised.map.next.flatMap((s, k) => (s.fate === 'added' && takeScript !== o.script ? [k] : []))
  return {
    take,
    stale: [...revised.stale].sort((a, b) => a - b),
    added,
    pickups,
    kept,
    patches,
    fresh,
    placements,
    removals,
    timeline,
    list: toEditList(timeline, take.ref.format),
  }
}
