/**
 * Comps through the bridge: the sentence × take grid of a job's takes against the job's current script
 * (else the newest take's), and rendering picked cells as a new take (comp-plan.ts, place-patches.ts,
 * comp-take.ts). A take read from an older revision is read against its own script and seen through the
 * current one (revised-take.ts): it offers the sentences it reads unchanged; a changed or added sentence
 * is "not read" in it. Built on such a take, the comp puts the picked reading of a changed sentence where
 * the take read the old wording, and the lines the producer removed since are cut out of it. The grid's analyses are
 * kept, so rendering right after showing the grid
 * reads nothing twice. Each take's cells are judged by its stored read-back (the check the talent sees,
 * names and doubts weighed), so a sentence's default is the newest take whose read-back reads it clean; a
 * take of an older revision brings its check against its own script, moved onto the comp's sentences
 * (comp-readback.ts).
 */
import type { VersionMade } from '../../../shared/bridge-versions'
import type { CompGridView } from '../../../shared/versions/types'
import { TakeInputError } from '../../takes/take-input-checks'
import type { TakeMeta } from '../../takes/take-types'
import { compCells, defaultPicks, type CompTake } from './comp-plan'
import { changePhrase } from '../work/change-summary'
import { compEdit, type CompSource } from './comp-edit'
import { readbackThrough, type CheckOnScript } from './comp-readback'
import { createCompTake } from './comp-take'
import { sentenceName } from '../fixes/pickup-edit'
import { renderCached } from '../store/render-cache'
import { scriptSentences } from '../../readback/index'
import { reviseTake, usableOnly } from '../revisions/revised-take'
import type { RevisionMap } from '../revisions/revision-map'
import type { RemovedLines } from '../fixes/place-patches'
import { removedRuns, removedSentenceName } from '../revisions/removed-lines'
import { placementChanges, removalChanges } from '../fixes/take-fixes'
import type { AnalyzedRecording } from '../hearing/version-inputs'
import { takeName, type TakeScript, type VersionWork } from '../work/version-work'
import { revisionNumber } from '../work/version-script'

interface GridTakes {
  script: TakeScript
  takes: TakeMeta[]
  /** Each take's analysis seen through `script`: placed (changed sentences where the take reads them) and offered (only what it reads as written now). */
  analyzed: AnalyzedRecording[]
  offered: AnalyzedRecording[]
  /** Per take: what the revision since it was read did to each sentence (all unchanged for a take of the current script). */
  fates: Array<RevisionMap['next']>
  /** Per take read from an older script: the removed lines it still reads (cut out when it is the comp's base), the script and its revision number. */
  removed: Array<{ lines: RemovedLines; script: string; revision: number | null } | null>
  /** Per take: its stored read-back against the comp script's sentences; null when it has none. */
  readbacks: Array<CheckOnScript | null>
  leftOut: CompGridView['left_out']
}

/** Why an older take offers no reading of a sentence the producer changed or added since. */
const STALE_WORDS = {
  changed: 'Read from an older script: the producer changed this sentence since.',
  added: 'Read from an older script: the producer added this sentence since.',
} as const

/** What each take offers the grid, judged by its stored read-back where it has one. */
function offeredTakes(g: GridTakes): CompTake[] {
  return g.offered.map((a, i) => ({
    name: takeName(g.takes[i] as TakeMeta),
    analysis: a.analysis,
    readback: g.readbacks[i] ?? null,
  }))
}

export class CompService {
  /**
   * `journalled` runs the comp's rendering under a journal entry on its base take (work-journal.ts), so a
   * start after Booth stopped mid-comp says so.
   */
  constructor(
    private readonly work: VersionWork,
    private readonly journalled: <T>(base: TakeMeta, job: () => Promise<T>) => Promise<T> = (_b, job) => job(),
  ) {}

  /** The script a comp is made for: the job's current one, else the newest take's. */
  private async compScript(jobId: string, newest: TakeMeta, all: readonly TakeMeta[]): Promise<TakeScript> {
    const current = await this.work.d.currentScript(jobId).catch(() => null)
    const script =
      current && current.text.trim()
        ? { text: current.text, revision_id: current.revision_id, names: current.names }
        : await this.work.scriptOf(newest)
    const n = revisionNumber(all, current?.revision_id ?? null, script.revision_id)
    return n === null ? script : { ...script, revision_number: n }
  }

  /** The job's finished takes read from a script, each seen through the script the comp is made for. */
  private async gridTakes(jobId: string): Promise<GridTakes> {
    const { takes: all } = await this.work.d.store.list(jobId)
    const ready = all
      .filter((t) => t.state === 'ready' && t.script_read?.text.trim())
      .sort((a, b) => a.take_number - b.take_number)
    const newest = ready[ready.length - 1]
    if (!newest)
      throw new TakeInputError('This job has no finished take read from a script, so there is nothing to comp.')
    const script = await this.compScript(jobId, newest, all)
    this.work.progress({ id: null, job_id: jobId }, 'reading_back_sources', 'Reading the takes sentence by sentence…')
    const takes: TakeMeta[] = []
    const analyzed: AnalyzedRecording[] = []
    const offered: AnalyzedRecording[] = []
    const fates: GridTakes['fates'] = []
    const readbacks: GridTakes['readbacks'] = []
    const removed: GridTakes['removed'] = []
    const leftOut: CompGridView['left_out'] = all
      .filter((t) => !ready.includes(t))
      .map((t) => ({
        takeId: t.id,
        reason: t.state !== 'ready' ? `${takeName(t)} is not finished.` : `${takeName(t)} kept no script.`,
      }))
    for (const t of ready) {
      const own = (t.script_read as { text: string }).text
      const read = await this.work.analysisOf(t, own, { truePeak: true, short: t.label === 'pickup' })
      const revised = reviseTake(read.analysis, own, script.text)
      const usable = usableOnly(revised)
      if (!usable.sentences.some((x) => x !== null)) {
        leftOut.push({
          takeId: t.id,
          reason: `${takeName(t)} reads no sentence of the current script as it is written now.`,
        })
        continue
      }
      takes.push(t)
      analyzed.push({ ref: read.ref, analysis: revised.analysis })
      offered.push({ ref: read.ref, analysis: usable })
      fates.push(revised.map.next)
      const runs = own === script.text ? [] : removedRuns(read.analysis, revised.map)
      const revision = revisionNumber(
        all,
        script.revision_id,
        (t.script_read as { revision_id: string | null }).revision_id,
      )
      removed.push(
        runs.length
          ? {
              lines: { runs, name: (r) => removedSentenceName(own, r.old[0] as number, revision) },
              script: own,
              revision,
            }
          : null,
      )
      const stored = await this.work.storedCheck(t)
      readbacks.push(stored ? readbackThrough(stored, script.text) : null)
    }
    return { script, takes, analyzed, offered, fates, removed, readbacks, leftOut }
  }

  async grid(jobId: string): Promise<CompGridView> {
    const g = await this.gridTakes(jobId)
    return this.view(jobId, g)
  }

  private view(jobId: string, g: GridTakes): CompGridView {
    const sentences = scriptSentences(g.script.text)
    const cells = compCells(offeredTakes(g), sentences.length)
    const picks = defaultPicks(cells)
    return {
      jobId,
      revision_id: g.script.revision_id,
      sentences: sentences.map((s) => ({ number: s.index + 1, text: s.text })),
      takes: g.takes.map((t) => ({ takeId: t.id, name: takeName(t), take_number: t.take_number })),
      cells: cells.map((row, k) =>
        row.map((c, i) => {
          const fate = g.fates[i]?.[k]?.fate
          const stale = fate === 'changed' || fate === 'added' ? [STALE_WORDS[fate]] : []
          return { ...c, issues: [...c.issues, ...stale], takeId: (g.takes[i] as TakeMeta).id }
        }),
      ),
      picks: picks.map((p) => (p === null ? null : (g.takes[p] as TakeMeta).id)),
      unread: picks.flatMap((p, k) => (p === null ? [k + 1] : [])),
      left_out: g.leftOut,
    }
  }

  async render(
    jobId: string,
    chosen: ReadonlyArray<{ sentence: number; takeId: string }>,
    note: string | null,
  ): Promise<VersionMade> {
    const g = await this.gridTakes(jobId)
    const sentences = scriptSentences(g.script.text)
    const name = (k: number) => sentenceName(g.script.text, k)
    const compTakes: CompSource[] = g.analyzed.map((a, i) => {
      const removed = g.removed[i]
      return {
        name: takeName(g.takes[i] as TakeMeta),
        analysis: a.analysis,
        ref: a.ref,
        ...(removed ? { removed: removed.lines } : {}),
      }
    })
    const picks = defaultPicks(compCells(offeredTakes(g), sentences.length))
    for (const c of chosen) {
      if (c.sentence > sentences.length)
        throw new TakeInputError(`The script has ${sentences.length} sentences; there is no sentence ${c.sentence}.`)
      const t = g.takes.findIndex((x) => x.id === c.takeId)
      if (t < 0)
        throw new TakeInputError(
          `The take picked for ${name(c.sentence - 1)} is not one of this comp's takes (it reads none of the current script, or is not finished).`,
        )
      if (
        !(g.offered[t] as AnalyzedRecording).analysis.sentences[c.sentence - 1] &&
        (g.analyzed[t] as AnalyzedRecording).analysis.sentences[c.sentence - 1]
      ) {
        throw new TakeInputError(
          `${takeName(g.takes[t] as TakeMeta)} was read before the producer changed ` +
            `${name(c.sentence - 1)}, so it cannot be picked for it; pick another take or record a pickup.`,
        )
      }
      picks[c.sentence - 1] = t
    }
    const { versions, store } = this.work.d
    const edit = await compEdit(versions.recordings(jobId), compTakes, picks, name)
    const base = g.takes[edit.base] as TakeMeta
    const { list, timeline, placements } = edit
    const changes = placementChanges(timeline, placements, (pl) => {
      const p = edit.patches.find((x) => x.sentence === pl.sentence) as (typeof edit.patches)[number]
      return { id: (g.takes[p.take] as TakeMeta).id, name: p.name }
    })
    const baseRemoved = g.removed[edit.base]
    const cut = baseRemoved ? removalChanges(timeline, edit.removals, baseRemoved.script, baseRemoved.revision) : []
    return this.journalled(base, async () => {
      const pending = { id: base.id, job_id: jobId }
      const noTakeYet = { id: null, job_id: jobId }
      this.work.progress(noTakeYet, 'rendering', 'Rendering the comp…')
      const rendered = await renderCached(list, versions.recordings(jobId), versions.folders(jobId).renders)
      this.work.progress(noTakeYet, 'measuring', 'Measuring the comp…')
      const preflight = await store.measureSafely(rendered.path, base.spot_length_s, base.job_kind)
      this.work.progress(noTakeYet, 'reading_back', 'Reading back the comp…')
      const heard = await this.work.readBack(pending, list, rendered.path, g.script)
      const fromBase = picks.flatMap((p, k) => (p === edit.base ? [k + 1] : []))
      const baseSentences = fromBase.length
        ? ` (sentence${fromBase.length === 1 ? '' : 's'} ${fromBase.join(', ')})`
        : ''
      const changed = changes.map((c) => `; sentence ${c.sentence} from ${c.source_name}`).join('')
      const summary = `Comp on ${takeName(base)}${baseSentences}${changed}${cut.map((c) => `; ${changePhrase(c)}`).join('')}.`
      const take = await createCompTake(store, {
        jobId,
        base,
        note,
        script: { revision_id: g.script.revision_id, text: g.script.text },
        renderPath: rendered.path,
        readback: heard.stored,
        readbackPath: (t, v) => versions.readbackPath(t, v),
        version: {
          operation: 'comp',
          edits: list,
          render_key: rendered.key,
          summary,
          changes: [...changes, ...cut],
          findings: [
            ...(heard.finding ? [heard.finding] : []),
            ...(preflight.measured
              ? []
              : [{ code: 'not_measured' as const, message: 'The comp could not be measured.', sentence: null }]),
          ],
          preflight,
          readback: heard.summary,
        },
      })
      this.work.d.takesChanged(jobId)
      if (heard.stored)
        this.work.d.readbackChanged({
          takeId: take.id,
          status: 'done',
          result: { ...heard.stored, take_id: take.id },
          message: null,
        })
      this.work.progress(take, 'done', `The comp is take ${take.take_number}.`)
      const view = versions.view(take)
      return { take, version: view.versions[0] as (typeof view.versions)[number] }
    })
  }
}
