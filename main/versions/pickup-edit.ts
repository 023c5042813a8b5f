/**
 * The edit list of a take with pickups placed by the script (the engine of `npm run pickup` and of the
 * take calls): the take and each pickup are read back and analysed (version-inputs.ts), the pickups'
 * sentences found (pickup-plan.ts) and placed (place-patches.ts), and the timeline becomes an edit list.
 * Nothing is written here but the recordings kept by content.
 */
import type { EditList } from '../../shared/versions/edit-list'
import { placePatches, type Placement } from './place-patches'
import { planPickups, type PlannedPatch } from './pickup-plan'
import type { Recordings } from './recordings'
import { scriptSentences } from './sentence-spans'
import { toEditList, type Timeline } from './timeline'
import { prepareRecordings, type AnalyzedRecording, type RecordingToUse, type Transcribe } from './version-inputs'

export interface PickupEditInput {
  recordings: Recordings
  script: string
  take: RecordingToUse
  pickups: Array<RecordingToUse & { name: string }>
  transcribe: Transcribe
}

export interface PickupEdit {
  take: AnalyzedRecording
  pickups: AnalyzedRecording[]
  patches: PlannedPatch[]
  placements: Placement[]
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
  const [take] = await prepareRecordings(o.recordings, [o.take], o.script, o.transcribe)
  if (!take) throw new Error('The take could not be read.')
  const pickups = await prepareRecordings(o.recordings, o.pickups.map((p) => ({ ...p, format: take.ref.format, short: true })), o.script, o.transcribe)
  const patches = planPickups(take.analysis, pickups.map((p, i) => ({ name: (o.pickups[i] as { name: string }).name, analysis: p.analysis })))
  const { timeline, placements } = placePatches(take.analysis, patches, (k) => sentenceName(o.script, k), (p) => (p as PlannedPatch).name)
  return { take, pickups, patches, placements, timeline, list: toEditList(timeline, take.ref.format) }
}
