/**
 * What every version operation shares: the script a take is fixed by, the words its read-back already
 * heard (or hears now), one operation per take at a time, and the commit of a new version — rendered,
 * measured and read back at once, then kept on the take (take-versions.ts) and announced. A version's
 * read-back is what its pieces were heard to say, mapped through its edit list (version-hearing.ts); only
 * new audio no read-back heard yet is heard, in its place (hearing/version-readback.ts).
 */
import { stat } from 'node:fs/promises'
import type { ReadbackState } from '../../../shared/bridge-readback'
import type { VersionMade, VersionProgress } from '../../../shared/bridge-versions'
import type { ReadbackCheck, TimedWord } from '../../../shared/readback/types'
import type { EditList } from '../../../shared/versions/edit-list'
import type { TakeVersion, VersionChange, VersionFinding } from '../../../shared/versions/types'
import type { ScriptCopy } from '../../readback/index'
import { TakeInputError } from '../../takes/take-input-checks'
import type { TakeStore } from '../../takes/take-store'
import type { TakeMeta } from '../../takes/take-types'
import { summarize } from './change-summary'
import { renderCached } from '../store/render-cache'
import type { TakeVersions } from '../store/take-versions'
import { keptCheck, keptWords } from '../store/version-readback-files'
import { prepareRecordings, type AnalyzedRecording, type Transcribe } from '../hearing/version-inputs'
import type { Hearing } from '../hearing/version-hearing'
import { readStoredHearing, type StoredHearing } from '../hearing/stored-hearing'
import type { PatchHearings } from '../hearing/patch-hearings'
import { readVersionBack, type VersionHeard } from '../hearing/version-readback'
import { currentStamp } from '../../version-records/version-stamp'

export interface VersionWorkDeps {
  store: TakeStore
  versions: TakeVersions
  /** Hears a WAV's words; throws EngineUnavailableError when no read-back engine can run. */
  transcribe: Transcribe
  /** The job's script as Booth has it now, with the names to weigh; null when it has none. */
  currentScript(jobId: string): Promise<ScriptCopy | null>
  emitProgress(p: VersionProgress): void
  takesChanged(jobId: string): void
  readbackChanged(state: ReadbackState): void
  /** What new audio was heard to say, kept on disk so a restart does not hear it again; none: heard every time. */
  patchHearings?: PatchHearings
  now?: () => number
}

export interface TakeScript {
  text: string
  revision_id: string | null
  names: string[]
  /** The revision's place among the job's revisions, for the person ("revision 2"); absent when unknown. */
  revision_number?: number
}

export interface Draft {
  operation: TakeVersion['operation']
  list: EditList
  changes: VersionChange[]
  findings: VersionFinding[]
  latency?: TakeVersion['latency']
  pickups?: TakeVersion['pickups']
  finish?: TakeVersion['finish']
  /** Added to the summary's phrases (e.g. the latency used). */
  summaryExtra?: string
  /** The whole summary, when the version's changes are not phrases of pieces moved (a finish). */
  summary?: string
}

/** How much longer a new version is than the take's current one (s); undefined when that was not measured. */
function lengthChange(take: TakeMeta, list: EditList): number | undefined {
  const before = take.preflight?.duration_s
  return typeof before === 'number' ? list.frames / list.format.sample_rate - before : undefined
}

/** The name a take goes by in a version's changes: "Pickup 5", "Take 2". */
export function takeName(t: TakeMeta): string {
  return `${t.label === 'pickup' ? 'Pickup' : 'Take'} ${t.take_number}`
}

export class VersionWork {
  private readonly busy = new Set<string>()
  /** Words heard in recordings kept by content, by SHA-256 (a recording's words never change). */
  private readonly wordsByHash = new Map<string, TimedWord[]>()
  /** Whole hearings (words, doubts, second hearing) of recordings kept by content, by SHA-256. */
  private readonly hearings = new Map<string, Hearing>()
  /** The last analysis of each take's current audio, by file, size, modification time and script. */
  private readonly analyses = new Map<string, { key: string; value: Promise<AnalyzedRecording> }>()

  constructor(readonly d: VersionWorkDeps) {}

  /** Runs one operation on a take at a time; a second is refused in words. */
  async exclusive<T>(take: TakeMeta, run: () => Promise<T>): Promise<T> {
    if (this.busy.has(take.id))
      throw new TakeInputError(`Take ${take.take_number} is already being fixed; wait for that version first.`)
    this.busy.add(take.id)
    try {
      return await run()
    } catch (err) {
      this.d.emitProgress({
        takeId: take.id,
        jobId: take.job_id,
        stage: 'failed',
        message: err instanceof Error ? err.message : String(err),
      })
      throw err
    } finally {
      this.busy.delete(take.id)
    }
  }

  /** The script the take is fixed by: the text it was read from, else the job's current script. */
  async scriptOf(take: TakeMeta): Promise<TakeScript> {
    const current = await this.d.currentScript(take.job_id).catch(() => null)
    const names = current?.names ?? []
    const read = take.script_read
    if (read && read.text.trim()) return { text: read.text, revision_id: read.revision_id, names }
    if (current && current.text.trim()) return { text: current.text, revision_id: current.revision_id, names }
    throw new TakeInputError(
      `Take ${take.take_number} has no script to go by, so Booth cannot tell its sentences apart.`,
    )
  }

  /** The words the take's stored read-back heard in its current audio against this script; null when none fits. */
  async storedWords(take: TakeMeta, script: string): Promise<TimedWord[] | null> {
    return keptWords(() => this.d.versions.readbackPath(take), take.id, script)
  }

  /** The take's stored read-back of its current audio (as the talent sees it) and the script it was checked against; null when none. */
  async storedCheck(take: TakeMeta): Promise<{ check: ReadbackCheck; script: string } | null> {
    return keptCheck(() => this.d.versions.readbackPath(take), take.id)
  }

  /** Remembers the words of analysed recordings, so a patch kept from an earlier version is not heard again. */
  rememberWords(...analyzed: AnalyzedRecording[]): void {
    for (const a of analyzed) this.wordsByHash.set(a.ref.hash, a.analysis.words)
  }

  /** Remembers what a recording (by content) was heard to say, for the read-back of versions made of it. */
  rememberHearing(hash: string, hearing: Hearing): void {
    this.hearings.set(hash, hearing)
  }

  hearingOf(hash: string): Hearing | null {
    return this.hearings.get(hash) ?? null
  }

  /** The kept read-back of a take's current audio (or of one of its versions) as a hearing; null when none is kept. */
  async storedHearing(take: TakeMeta, version?: number): Promise<StoredHearing | null> {
    const path =
      version === undefined || (take.current_version ?? 1) === version
        ? this.d.versions.readbackPath(take)
        : this.d.versions.readbackPath(take, version)
    return readStoredHearing(path, take.id)
  }

  /** Learns the hearing of `take`'s current audio (or a version's) kept as recording `hash`, when its read-back kept one. */
  async learnHearing(take: TakeMeta, hash: string, version?: number): Promise<void> {
    const kept = await this.storedHearing(take, version)
    if (kept?.hearing) this.hearings.set(hash, kept.hearing)
  }

  /** When a piece's source has no hearing yet, the take's current audio (by content) learns its kept one: it may be that source. */
  private async learnCurrentAudio(take: TakeMeta, list: EditList): Promise<void> {
    if (list.pieces.every((p) => this.hearings.has(p.source))) return
    try {
      await this.learnHearing(
        take,
        (await this.d.versions.recordings(take.job_id).add(await this.d.store.readyAudioPath(take))).hash,
      )
    } catch {
      // Its audio cannot be read: its pieces are heard in place.
    }
  }

  wordsOf(hash: string): TimedWord[] | null {
    return this.wordsByHash.get(hash) ?? null
  }

  /** The words a version's own read-back heard (its kept file), when it was made against this script. */
  async versionWords(take: TakeMeta, version: number, script: string): Promise<TimedWord[] | null> {
    const path = () =>
      (take.current_version ?? 1) === version
        ? this.d.versions.readbackPath(take)
        : this.d.versions.readbackPath(take, version)
    return keptWords(path, take.id, script)
  }

  /** The take's current audio and what is known of its words, for an operation. */
  async audioOf(take: TakeMeta, script: string): Promise<{ path: string; words: TimedWord[] | null }> {
    return { path: await this.d.store.readyAudioPath(take), words: await this.storedWords(take, script) }
  }

  /**
   * The take's current audio, kept by content and analysed against the script (its stored read-back's words,
   * else heard now); the last one per take is kept while its audio and script are unchanged.
   */
  async analysisOf(
    take: TakeMeta,
    script: string,
    options: { truePeak?: boolean; short?: boolean } = {},
  ): Promise<AnalyzedRecording> {
    const audio = await this.audioOf(take, script)
    const info = await stat(audio.path)
    const key = `${audio.path}|${info.size}|${info.mtimeMs}|${options.truePeak === true}|${options.short === true}|${script}`
    const hit = this.analyses.get(take.id)
    // What the take's read-back heard in this audio is what its versions' pieces of it say.
    if (hit?.key === key) return hit.value.then(async (one) => (await this.learnHearing(take, one.ref.hash), one))
    const value = prepareRecordings(
      this.d.versions.recordings(take.job_id),
      [{ ...audio, ...options }],
      script,
      this.d.transcribe,
    ).then((all) => {
      const one = all[0]
      if (!one) throw new TakeInputError(`Take ${take.take_number} could not be read.`)
      return one
    })
    this.analyses.set(take.id, { key, value })
    value.catch(() => {
      if (this.analyses.get(take.id)?.value === value) this.analyses.delete(take.id)
    })
    return value.then(async (one) => (await this.learnHearing(take, one.ref.hash), one))
  }

  progress(
    take: { id: string | null; job_id: string },
    stage: VersionProgress['stage'],
    message: string,
    preview?: VersionProgress['preview'],
  ): void {
    this.d.emitProgress({ takeId: take.id, jobId: take.job_id, stage, message, ...(preview ? { preview } : {}) })
  }

  /** Reads back a version against the script, hearing only its new audio (version-readback.ts). */
  async readBack(
    take: { id: string; job_id: string },
    list: EditList | null,
    path: string,
    script: TakeScript | null,
  ): Promise<VersionHeard> {
    const { transcribe, patchHearings, now } = this.d
    const hearers = { hearingOf: (hash: string) => this.hearingOf(hash), transcribe, patchHearings, now }
    return readVersionBack(hearers, take, list, path, script)
  }

  /** Renders, measures and reads back a new version of `take`, keeps it as the current one, and announces it. */
  async commit(take: TakeMeta, script: TakeScript | null, draft: Draft): Promise<VersionMade> {
    const { store, versions } = this.d
    // The version this one is made from: it is kept only while that is still the take's current version.
    const madeFrom = currentStamp(take)
    this.progress(take, 'rendering', 'Rendering the new version…')
    const rendered = await renderCached(
      draft.list,
      versions.recordings(take.job_id),
      versions.folders(take.job_id).renders,
    )
    this.progress(take, 'measuring', 'Measuring the new version…')
    const preflight = await store.measureSafely(rendered.path, take.spot_length_s, take.job_kind)
    this.progress(take, 'reading_back', 'Reading back the new version…')
    await this.learnCurrentAudio(take, draft.list)
    const heard = await this.readBack(take, draft.list, rendered.path, script)
    const findings = [
      ...draft.findings,
      ...(heard.finding ? [heard.finding] : []),
      ...(preflight.measured
        ? []
        : [{ code: 'not_measured' as const, message: 'This version could not be measured.', sentence: null }]),
    ]
    const current = take.current_version ?? 1
    const meta = await versions.add(
      take.id,
      {
        operation: draft.operation,
        made_from: current,
        edits: draft.list,
        render_key: rendered.key,
        summary: draft.summary ?? summarize(draft.changes, draft.summaryExtra, lengthChange(take, draft.list)),
        changes: draft.changes,
        findings,
        preflight,
        readback: heard.summary,
        ...(draft.latency ? { latency: draft.latency } : {}),
        ...(draft.pickups ? { pickups: draft.pickups } : {}),
        ...(draft.finish ? { finish: draft.finish } : {}),
      },
      heard.stored,
      madeFrom,
    )
    this.d.takesChanged(take.job_id)
    this.d.readbackChanged(
      heard.stored
        ? { takeId: take.id, status: 'done', result: heard.stored, message: null }
        : { takeId: take.id, status: 'unavailable', result: null, message: heard.finding?.message ?? null },
    )
    this.progress(meta, 'done', `Version ${meta.current_version ?? 1} is ready.`)
    const view = versions.view(meta)
    return { take: meta, version: view.versions[view.versions.length - 1] as (typeof view.versions)[number] }
  }
}
