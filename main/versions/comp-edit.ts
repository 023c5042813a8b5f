/**
 * The edit list of a comp (the engine of `npm run comp` and of the comp calls): the picked cells planned
 * (comp-plan.ts) and placed into the base take (place-patches.ts), every other take's audio first brought
 * to the base take's format (sample rate, channels, sample format) so the render reads one format.
 */
import type { EditList } from '../../shared/versions/edit-list'
import { planComp, type CompTake } from './comp-plan'
import { placePatches, type Placement } from './place-patches'
import type { RecordingRef, Recordings } from './recordings'
import { toEditList, type Timeline } from './timeline'

export interface CompEdit {
  base: number
  patches: Array<{ sentence: number; take: number; gainDb: number; name: string }>
  placements: Placement[]
  timeline: Timeline
  list: EditList
}

export async function compEdit(recordings: Recordings, takes: ReadonlyArray<CompTake & { ref: RecordingRef }>, picks: ReadonlyArray<number | null>, name: (k: number) => string): Promise<CompEdit> {
  const plan = planComp(takes, picks, name)
  const base = takes[plan.base] as CompTake & { ref: RecordingRef }
  const format = base.ref.format
  const conformed = new Map<number, string>()
  for (const p of plan.patches) {
    if (conformed.has(p.take)) continue
    const t = takes[p.take] as CompTake & { ref: RecordingRef }
    conformed.set(p.take, (await recordings.conform(t.ref, format)).hash)
  }
  const patches = plan.patches.map((p) => ({ ...p, name: (takes[p.take] as CompTake).name, from: { ...p.from, source: conformed.get(p.take) as string } }))
  const { timeline, placements } = placePatches(base.analysis, patches, name, (p) => (p as (typeof patches)[number]).name)
  return { base: plan.base, patches: patches.map((p) => ({ sentence: p.sentence, take: p.take, gainDb: p.gainDb, name: p.name })), placements, timeline, list: toEditList(timeline, format) }
}
