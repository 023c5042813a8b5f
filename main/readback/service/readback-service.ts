/**
 * Booth's read-back as a service: after each take stops it is queued (if the read-back is on), recognised
 * in the background, compared with the exact script text the take was read from (the take's script_read,
 * kept when it was recorded or dropped), and the result is kept beside the take's metadata
 * (`<take id>.readback.json`) and sent to the page as a `readback` event.
 */
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { ReadbackSettingsView, ReadbackState, ReadbackStored } from '../../../shared/bridge-readback'
import type { TakeMeta } from '../../takes/take-types'
import { readJsonDataFile } from '../../storage/json-data-file'
import { EngineUnavailableError, type ReadbackEngine } from '../engine'
import { createEngines, pickEngine } from '../engines/engines'
import { ModelManager } from '../engines/sherpa/model-manager'
import { NO_MODEL_HERE, NO_MODEL_MESSAGE } from '../engines/sherpa/sherpa-engine'
import type { ManifestFile } from '../engines/sherpa/model-download'
import { pickupCheck } from '../compare/pickup-check'
import { readBack } from '../read-back'
import { ReadbackQueue } from './readback-queue'
import { ReadbackSettingsFile, type ReadbackSettings } from './readback-settings'
import type { ScriptCopy } from './script-copies'

export interface ReadbackTakes {
  get(takeId: string): Promise<TakeMeta>
  audioPath(take: TakeMeta): string
  /** Where the result is kept: beside the take's metadata. */
  resultPath(take: TakeMeta): string
  /**
   * Keeps a result made for `take` as it was when the read-back began; false when the take moved to another
   * version meanwhile (the result is then not the take's). Without it the result is written to resultPath.
   */
  keep?(take: TakeMeta, result: ReadbackStored): Promise<boolean>
}

export interface ReadbackServiceDeps {
  dataDir: string
  takes: ReadbackTakes
  /** The job's script as Booth has it now (live or cached), or null when it has none; also gives the names to weigh. */
  currentScript(jobId: string): Promise<ScriptCopy | null>
  emitState(state: ReadbackState): void
  emitSettings(view: ReadbackSettingsView): void
  warn(message: string): void
  now?: () => number
  /** Tests: the engines and the model's file list. */
  engines?: (modelDir: () => string | null) => ReadbackEngine[]
  manifest?: () => Promise<ManifestFile[]>
  recheckMs?: number
}

export class ReadbackService {
  private readonly settings: ReadbackSettingsFile
  readonly model: ModelManager
  private readonly engines: ReadbackEngine[]
  private readonly queue: ReadbackQueue
  private readonly recording = new Set<string>()

  constructor(private readonly deps: ReadbackServiceDeps) {
    const dir = join(deps.dataDir, 'readback')
    this.settings = new ReadbackSettingsFile(dir, deps.warn)
    this.model = new ModelManager({
      dataDir: deps.dataDir,
      chosenFolder: () => this.settings.get().modelFolder,
      onChange: () =>
        void this.pushSettings().catch((err: unknown) =>
          deps.warn(`the read-back settings could not be sent: ${String(err)}`),
        ),
      ...(deps.manifest ? { manifest: deps.manifest } : {}),
    })
    const modelDir = () => this.model.folder()
    this.engines = deps.engines ? deps.engines(modelDir) : createEngines({ modelDir })
    this.queue = new ReadbackQueue({
      run: (takeId, signal) => this.run(takeId, signal),
      emit: (s) => deps.emitState(s),
      isRecording: () => this.recording.size > 0,
      warn: (m) => deps.warn(m),
      ...(deps.recheckMs ? { recheckMs: deps.recheckMs } : {}),
    })
  }

  async start(): Promise<void> {
    await this.settings.load()
  }

  async stop(): Promise<void> {
    this.model.cancel()
    await this.queue.stop()
    await this.model.settled()
  }

  /** A take began recording: read-backs wait until it stops (the take itself keeps the script it is read from). */
  recordingStarted(take: { id: string }): void {
    this.recording.add(take.id)
  }

  /** A take stopped (or was imported): queue its read-back when the read-back is on. */
  takeFinished(takeId: string): void {
    this.recording.delete(takeId)
    if (this.settings.get().enabled) this.queue.add(takeId)
  }

  recordingCancelled(takeId: string): void {
    this.recording.delete(takeId)
  }

  /** Runs a take's read-back on request (also when the automatic one is off). */
  requeue(takeId: string): ReadbackState {
    return this.queue.add(takeId)
  }

  async get(takeId: string): Promise<ReadbackState> {
    const pending = this.queue.pending(takeId)
    if (pending) return pending
    const take = await this.deps.takes.get(takeId)
    const stored = await this.readStored(take)
    if (stored) return { takeId, status: 'done', result: stored, message: null }
    if (!this.settings.get().enabled)
      return { takeId, status: 'off', result: null, message: 'Booth’s read-back is turned off in Settings.' }
    return { takeId, status: 'none', result: null, message: null }
  }

  whenIdle(): Promise<void> {
    return this.queue.whenIdle()
  }

  async settingsView(): Promise<ReadbackSettingsView> {
    const s = this.settings.get()
    return {
      enabled: s.enabled,
      engine: s.engine,
      // Shown on Settings → Read-back: the reason without "get one in Settings".
      engines: await Promise.all(
        this.engines.map(async (e) => {
          const why = await e.unavailable()
          return {
            name: e.name as 'sherpa-onnx' | 'pocketsphinx',
            unavailable: why === NO_MODEL_MESSAGE ? NO_MODEL_HERE : why,
          }
        }),
      ),
      model: await this.model.view(),
    }
  }

  async updateSettings(patch: Partial<ReadbackSettings>): Promise<ReadbackSettingsView> {
    await this.settings.update(patch)
    return this.pushSettings()
  }

  private async pushSettings(): Promise<ReadbackSettingsView> {
    const view = await this.settingsView()
    this.deps.emitSettings(view)
    return view
  }

  private async readStored(take: TakeMeta): Promise<ReadbackStored | null> {
    // A result that is not JSON at all is set aside (the page says so); one kept before results carried
    // script_read is treated as none: "Check again" makes a new one.
    const about = { what: `The read-back of take ${take.file_name}`, reset: 'Booth listens to the take again.' }
    try {
      const v = (
        await readJsonDataFile(this.deps.takes.resultPath(take), {
          fallback: null,
          validate: (x: unknown) => x as ReadbackStored | null,
          about,
        })
      ).value
      return v && v.take_id === take.id && typeof v.check === 'object' && typeof v.script_read?.text === 'string'
        ? v
        : null
    } catch {
      return null
    }
  }

  /**
   * The text to compare with: the take's own script_read (the exact text it was read from), with the job's
   * names when Booth can read the job; for a take that kept no script, the job's script as it is now, said so.
   */
  private async scriptFor(take: TakeMeta): Promise<{ copy: ScriptCopy; note: string | null } | null> {
    const read = take.script_read ?? null
    if (read && read.text.trim()) {
      const current = await this.deps.currentScript(take.job_id).catch(() => null)
      return { copy: { revision_id: read.revision_id, text: read.text, names: current?.names ?? [] }, note: null }
    }
    const current = await this.deps.currentScript(take.job_id)
    if (!current) return null
    return {
      copy: current,
      note: 'This take did not record its script revision; it was compared with the script as it is now.',
    }
  }

  private async run(takeId: string, signal: AbortSignal): Promise<ReadbackState> {
    const take = await this.deps.takes.get(takeId)
    const script = await this.scriptFor(take)
    if (!script || !/[A-Za-z0-9]/.test(script.copy.text)) {
      return {
        takeId,
        status: 'unavailable',
        result: null,
        message: 'This job has no script text to compare the take with.',
      }
    }
    let engine: ReadbackEngine
    try {
      const choice = this.settings.get().engine
      engine = await pickEngine(this.engines, choice === 'auto' ? null : choice)
    } catch (err) {
      if (err instanceof EngineUnavailableError)
        return { takeId, status: 'unavailable', result: null, message: err.message }
      throw err
    }
    const now = (this.deps.now ?? Date.now)()
    const heard = await readBack(engine, this.deps.takes.audioPath(take), script.copy.text, {
      names: script.copy.names,
      now,
      signal,
      keepCross: true,
    })
    // A pickup is checked against the sentences it reads, not the whole spot (main/readback/compare/pickup-check.ts).
    const asPickup =
      take.label === 'pickup'
        ? pickupCheck(script.copy.text, heard.words, { names: script.copy.names, now, doubts: heard.doubts ?? [] })
        : null
    const result: ReadbackStored = {
      ...heard,
      ...(asPickup ? { check: asPickup.check, pickup_sentences: asPickup.sentences } : {}),
      take_id: take.id,
      job_id: take.job_id,
      script_read: { revision_id: script.copy.revision_id, text: script.copy.text },
      note: script.note,
    }
    if (!this.deps.takes.keep) await writeFile(this.deps.takes.resultPath(take), `${JSON.stringify(result)}\n`)
    else if (!(await this.deps.takes.keep(take, result))) {
      // Made for a version the take left meanwhile (an undo): the page is told the take's read-back as it is now.
      const now = await this.readStored(await this.deps.takes.get(takeId))
      return now
        ? { takeId, status: 'done', result: now, message: null }
        : { takeId, status: 'none', result: null, message: null }
    }
    return { takeId, status: 'done', result, message: null }
  }
}
