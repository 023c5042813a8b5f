/**
 * A take read from an older script whose only difference from the new one is lines the producer removed
 * needs no pickup: this version cuts those lines out (removed-lines.ts, by the cutting rules) and is read
 * back against the new script. The window asks first which lines the revision removed, to offer the cut
 * only then; a take that reads none of them is refused in words before anything is written.
 */
import type { VersionMade } from '../../../shared/bridge-versions'
import type { RemovedLinesView } from '../../../shared/versions/types'
import { TakeInputError } from '../../takes/take-input-checks'
import { placePatches } from './place-patches'
import { removedRuns, removedSentenceName } from '../revisions/removed-lines'
import { reviseTake } from '../revisions/revised-take'
import { revisionMap } from '../revisions/revision-map'
import { scriptSentences } from '../../readback/index'
import { removalChanges } from './take-fixes'
import { toEditList } from '../cuts/timeline'
import { versionScripts } from '../work/version-script'
import { takeName, type VersionWork } from '../work/version-work'

/** The sentences (0-based) of `oldScript` that `newScript` no longer has. */
function removedFrom(oldScript: string, newScript: string): number[] {
  if (oldScript === newScript) return []
  return revisionMap(oldScript, newScript).old.flatMap((s, k) => (s.fate === 'removed' ? [k] : []))
}

/**
 * The lines the producer removed since the script the take's current audio reads: none when that audio was
 * made for the current script already (a pickup placed by it, or this cut).
 */
export async function listRemovedLines(work: VersionWork, takeId: string): Promise<RemovedLinesView> {
  const take = await work.d.store.get(takeId)
  const { audio, target } = await versionScripts(work, take)
  const sentences = scriptSentences(audio.text)
  const lines = removedFrom(audio.text, target.text).map((k) => ({ sentence: k + 1, text: sentences[k]?.text ?? '' }))
  return {
    takeId: take.id,
    revision_number: audio.revision_number ?? null,
    target_revision_number: target.revision_number ?? null,
    lines,
  }
}

export async function cutRemovedLines(work: VersionWork, takeId: string): Promise<VersionMade> {
  const { store, versions } = work.d
  const take = await store.get(takeId)
  return work.exclusive(take, async () => {
    versions.checkCanChange(take)
    const { audio, target } = await versionScripts(work, take)
    if (removedFrom(audio.text, target.text).length === 0) {
      throw new TakeInputError(
        `The current script removes no line that ${takeName(take)} was read from, so there is nothing to cut.`,
      )
    }
    work.progress(take, 'reading_back_sources', 'Finding the removed lines in the take…')
    const analyzed = await work.analysisOf(take, audio.text)
    const revised = reviseTake(analyzed.analysis, audio.text, target.text)
    const runs = removedRuns(analyzed.analysis, revised.map)
    if (runs.length === 0)
      throw new TakeInputError(
        `Booth does not hear ${takeName(take)} read any of the lines the producer removed, so there is nothing to cut.`,
      )
    const name = (r: { old: number[] }) => removedSentenceName(audio.text, r.old[0] as number, audio.revision_number)
    const { timeline, removals } = placePatches(
      revised.analysis,
      [],
      (k) => `sentence ${k + 1}`,
      () => takeName(take),
      { runs, name },
    )
    const changes = removalChanges(timeline, removals, audio.text, audio.revision_number ?? null)
    return work.commit(take, target, {
      operation: 'cut_removed',
      list: toEditList(timeline, analyzed.ref.format),
      changes,
      findings: [],
    })
  })
}
