/**
 * The edit list of a comp (the engine of `npm run comp` and of the comp calls): the picked cells planned
 * (comp-plan.ts) and placed into the base take (place-patches.ts), every other take's audio first brought
 * to the base take's format (sample rate, channels, sample format) so the render reads one format. A base
 * take read from an older script has the lines the producer removed since cut out too (removed-lines.ts).
 */
import type { EditList } from '../../../shared/versions/edit-list'
import { planComp, type CompTake } from './comp-plan'
import { placePatches, type Placement, type Removal, type RemovedLines } from '../fixes/place-patches'
import type { RecordingRef, Recordings } from '../store/recordings'
import { toEditList, type Timeline } from '../cuts/timeline'

export interface CompEdit {
  base: number
  patches: Array<{ sentence: number; take: number; gainDb: number; name: string }>
  placements: Placement[]
  /** The runs of removed lines the base take read, and where each went out. */
  removals: Removal[]
  timeline: Timeline
  list: EditList
}

/** A take of the comp: its analysis by the comp's script, and (read from an older one) the removed lines it still reads. */
export type CompSource = CompTake & { ref: RecordingRef; removed?: RemovedLines }

export async function compEdit(
  recordings: Recordings,
  takes: ReadonlyArray<CompSource>,
  picks: ReadonlyArray<number | null>,
  name: (k: number) => string,
): Promise<CompEdit> {
  const plan = planComp(takes, picks, name)
  const base = takes[plan.base] as CompSource
  const format = base.ref.format
  const conformed = new Map<number, string>()
  for (const p of plan.patches) {
    if (conformed.has(p.take)) continue
    const t = takes[p.take] as CompTake & { ref: RecordingRef }
    conformed.set(p.take, (await recordings.conform(t.ref, format)).hash)
  }
  const patches = plan.patches.map((p) => ({
    ...p,
    name: (takes[p.take] as CompTake).name,
    from: { ...p.from, source: conformed.get(p.take) as string },
  }))
  const { timeline, placements, removals } = placePatches(
    base.analysis,
    patches,
    name,
    (p) => (p as (typeof patches)[number]).name,
    base.removed,
  )
  return {
    base: plan.base,
    patches: patches.map((p) => ({ sentence: p.sentence, take: p.take, gainDb: p.gainDb, name: p.name })),
    placements,
    removals,
    timeline,
    list: toEditList(timeline, format),
  }
}
