/**
 * TakeStore: every take of every job on disk (see take-folders.ts for the layout). Recording, import,
 * labels, notes, non-destructive trim, the trash, and the upload/delivery state other services keep on
 * a take. It builds on the shelf (take-shelf.ts: finding, reading and rewriting one take's metadata under
 * its job's lock), as recording (take-recordings.ts) and import (take-import.ts) do, so none of them
 * imports another in a circle. Metadata writes are atomic; a damaged metadata file is reported, never deleted.
 * Its OS pieces are injected (data folder, measure function, clock, ids, ffmpeg path) so tests run it as is.
 */
import { mkdir, readdir, rename, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { exists, type Shelf } from './take-folders'
import { META_SUFFIX } from './take-meta-file'
import { importTake, type ImportOptions } from './take-import'
import { checkJobId, checkLabel, checkNote, TakeInputError } from './take-input-checks'
import { renameForLabel } from './take-naming'
import {
  TakeRecordings,
  type ActiveRecording,
  type RecordOptions,
  type RecoveryReport,
  type SalvagedTake,
} from './take-recordings'
import { renderTrimmed } from './take-render'
import { checkTrim, deletedWhileTrimming, sameTrimOf, trimKey, withTrim } from './take-trim'
import { OneAtATime } from './one-at-a-time'
import { versionFileName } from '../version-records/version-meta'
import { TakeShelf, type TakeShelfOptions } from './take-shelf'
import {
  DELIVERY_STATUSES,
  UPLOAD_STATUSES,
  type DeliveryState,
  type Preflight,
  type TakeLabel,
  type TakeListing,
  type TakeMeta,
  type TakeTrim,
  type UploadState,
} from './take-types'
import type { Level } from '../media/pcm24'
import type { WavWriterOptions } from '../media/wav-writer'
import { takeName } from '../../shared/take-name'

/** The shelf's error for a take that is not there, where callers of the store have always found it. */
export { TakeNotFoundError } from './take-shelf'

export interface TakeStoreOptions extends TakeShelfOptions {
  writerOptions?: Pick<WavWriterOptions, 'syncIntervalS' | 'rf64ThresholdBytes'>
}

export interface DeliveryFile {
  path: string
  file_name: string
  trimmed: boolean
}

export class TakeStore extends TakeShelf {
  private readonly recordings: TakeRecordings
  /** The last trimmed render of each take, with the trim it was cut to, so its findings reuse it. */
  private readonly renders = new Map<string, { trim: string; path: string }>()
  /** Each take's renders, one after another: they write one file, and the newest trim must be the last written. */
  private readonly renderQueue = new OneAtATime()

  constructor(options: TakeStoreOptions) {
    super(options)
    this.recordings = new TakeRecordings(this, options.writerOptions ?? {})
  }

  async list(jobId: string): Promise<TakeListing> {
    const job = checkJobId(jobId)
    const listing = await this.withJob(job, () => this.folders.read('takes', job))
    // A take left "recording" that nothing records any more (the disk stopped it and would not even take
    // its state) is shown as what it is: cut off, kept, to be listened to and kept — never "Recording…".
    // One stopped and being saved is listed so, with its check (take-recordings.ts).
    return {
      ...listing,
      takes: listing.takes.map((t) =>
        this.recordings.isCutOff(t) ? { ...t, state: 'recovered' } : this.recordings.listed(t),
      ),
    }
  }

  /** Deleted takes, of one job or of all. */
  async listTrash(jobId?: string): Promise<TakeListing> {
    const jobs = jobId === undefined ? await this.folders.jobIds('trash') : [checkJobId(jobId)]
    const all: TakeListing = { takes: [], damaged: [] }
    for (const job of jobs) {
      const one = await this.folders.read('trash', job)
      all.takes.push(...one.takes)
      all.damaged.push(...one.damaged)
    }
    return all
  }

  // ── recording (details in take-recordings.ts) ──
  async record(jobId: string, options: RecordOptions): Promise<ActiveRecording> {
    return this.recordings.start(checkJobId(jobId), options)
  }
  writeRecording(takeId: string, chunk: Float32Array): Level {
    return this.recordings.write(takeId, chunk)
  }
  /** With `provisional` (the running measurement, or its promise) the take is ready at once and the caller remeasures it. */
  finishRecording(takeId: string, provisional?: Preflight | Promise<Preflight | undefined>): Promise<TakeMeta> {
    return this.recordings.finish(takeId, provisional)
  }
  /** Stopped, its file still being closed and saved (listed with `saving`). */
  isSavingRecording(takeId: string): boolean {
    return this.recordings.isSaving(takeId)
  }
  cancelRecording(takeId: string): Promise<void> {
    return this.recordings.cancel(takeId)
  }
  /** The disk failed the recording: keeps what reached it as the take (see take-recordings.ts). */
  salvageRecording(takeId: string): Promise<SalvagedTake> {
    return this.recordings.salvage(takeId)
  }
  /** On start: repairs takes a crash cut off while recording and offers them back (state "recovered"). */
  recoverUnfinished(): Promise<RecoveryReport> {
    return this.recordings.recoverUnfinished()
  }
  async keepRecovered(takeId: string): Promise<TakeMeta> {
    const { meta } = await this.find(takeId, 'takes')
    // Cut off by the disk and never repaired (see list): its WAV is made whole first, as at a start.
    if (this.recordings.isCutOff(meta)) await this.recordings.repairCutOff(meta)
    const kept = await this.update(takeId, (m) => {
      if (m.state !== 'recovered' && !this.recordings.isCutOff(m))
        throw new TakeInputError(`${takeName(m)} is not a recovered take.`)
      return { ...m, state: 'ready' }
    })
    // Made whole and kept: its hash is kept with it from now on.
    await this.sealWritten(kept)
    return meta.state === 'recording' ? this.remeasure(takeId) : kept
  }

  /** Copies a dropped file in as a new take, after ffmpeg has confirmed it is audio (else nothing is copied). */
  import(jobId: string, sourcePath: string, options: ImportOptions): Promise<TakeMeta> {
    return importTake(this, jobId, sourcePath, options)
  }

  async setLabel(takeId: string, label: TakeLabel): Promise<TakeMeta> {
    const wanted = checkLabel(label)
    return this.update(takeId, async (m) => {
      if (m.label === wanted) return m
      if (m.state === 'recording')
        throw new TakeInputError(`${takeName(m)} is still recording; label it when it is finished.`)
      if (m.upload.status === 'uploading' || m.delivery.status !== 'none') {
        throw new TakeInputError(
          `${takeName(m)} is already being sent as "${m.label}"; its label can no longer change.`,
        )
      }
      const fileName = renameForLabel(m.file_name, wanted)
      const dir = this.folders.dir('takes', m.job_id)
      if (fileName !== m.file_name) {
        if (await exists(join(dir, fileName)))
          throw new TakeInputError(`Cannot relabel ${takeName(m)}: ${fileName} already exists.`)
        await rename(join(dir, m.file_name), join(dir, fileName))
      }
      return { ...m, label: wanted, file_name: fileName }
    })
  }

  async setNote(takeId: string, note: string | null): Promise<TakeMeta> {
    const checked = checkNote(note)
    return this.update(takeId, (m) => ({ ...m, note: checked }))
  }

  /** Non-destructive: only the metadata changes; renderForDelivery applies it (rules in take-trim.ts). */
  async setTrim(takeId: string, trim: TakeTrim): Promise<TakeMeta> {
    const checked = checkTrim(trim)
    return this.update(takeId, (m) => withTrim(m, checked))
  }

  /** For the upload service: keeps the tus handle, offset and status on the take. */
  async setUpload(takeId: string, patch: Partial<UploadState>): Promise<TakeMeta> {
    if (patch.status !== undefined && !UPLOAD_STATUSES.includes(patch.status))
      throw new TakeInputError(`"${String(patch.status)}" is not an upload status.`)
    if (patch.offset !== undefined && !(Number.isInteger(patch.offset) && patch.offset >= 0))
      throw new TakeInputError('The upload offset must be a whole number of bytes.')
    if (patch.handle !== undefined && patch.handle !== null && !/^[0-9a-f]{32}$/.test(patch.handle))
      throw new TakeInputError(`"${String(patch.handle)}" is not an upload handle (32 hex digits).`)
    return this.update(takeId, (m) => ({ ...m, upload: { ...m.upload, ...patch } }))
  }

  /** For the delivery service: keeps the idempotency key, delivery id, status and queued flag on the take. */
  async setDelivery(takeId: string, patch: Partial<DeliveryState>): Promise<TakeMeta> {
    if (patch.status !== undefined && !DELIVERY_STATUSES.includes(patch.status))
      throw new TakeInputError(`"${String(patch.status)}" is not a delivery status.`)
    const key = patch.idempotency_key
    if (key !== undefined && key !== null && !/^[A-Za-z0-9_-]{8,48}$/.test(key))
      throw new TakeInputError(`"${String(key)}" is not an Idempotency-Key (8–48 letters, digits, _ or -).`)
    if (patch.queued !== undefined && typeof patch.queued !== 'boolean')
      throw new TakeInputError('The delivery "queued" flag must be true or false.')
    return this.update(takeId, (m) => ({ ...m, delivery: { ...m.delivery, ...patch } }))
  }

  /**
   * Sets the trim and measures the trimmed take (the file a delivery uploads), so its length, silence and
   * loudness warnings are those of what the producer will get. No trim: no separate measurement.
   */
  async setTrimAndMeasure(takeId: string, trim: TakeTrim, signal?: AbortSignal): Promise<TakeMeta> {
    const meta = await this.setTrim(takeId, trim)
    if (meta.trim.head_s === 0 && meta.trim.tail_s === 0)
      return this.update(takeId, (m) => ({ ...m, trimmed_preflight: null }))
    return this.onShelfWhile(meta, async () => {
      const file = await this.renderForDelivery(takeId, signal)
      const measured = await this.measureSafely(file.path, meta.spot_length_s, meta.job_kind, signal)
      // Only if the trim and the version are still the ones measured (an undo or another trim may have come in meanwhile).
      return this.update(takeId, (m) => (sameTrimOf(m, meta) ? { ...m, trimmed_preflight: measured } : m))
    })
  }

  /** Runs a render or measurement of a take's trim; if the take was deleted meanwhile, says so, not ffmpeg's error. */
  private async onShelfWhile<T>(meta: TakeMeta, run: () => Promise<T>): Promise<T> {
    try {
      return await run()
    } catch (err) {
      const where = await this.folders.locate(meta.id).catch(() => undefined)
      if (where?.shelf === 'takes') throw err
      throw deletedWhileTrimming(meta, where?.shelf === 'trash')
    }
  }

  /**
   * The preflight a delivery sends: that of the file it uploads. Untrimmed: the take's own. Trimmed: the
   * trimmed measurement when it belongs to the current trim (setTrim clears it on every change), else the
   * render is measured now (a delivery made while a new trim was still being measured) and kept.
   */
  async deliveryPreflight(takeId: string, signal?: AbortSignal): Promise<Preflight | null> {
    const { meta } = await this.find(takeId, 'takes')
    if (meta.trim.head_s === 0 && meta.trim.tail_s === 0) return meta.preflight
    if (meta.trimmed_preflight) return meta.trimmed_preflight
    return this.onShelfWhile(meta, async () => {
      const file = await this.renderForDelivery(takeId, signal)
      const measured = await this.measureSafely(file.path, meta.spot_length_s, meta.job_kind, signal)
      await this.update(takeId, (m) => (sameTrimOf(m, meta) ? { ...m, trimmed_preflight: measured } : m))
      return measured
    })
  }

  /**
   * The file to upload: the current version's audio (the recording, or a version's render under the take's
   * name with its version mark, e.g. ACME_main_03_v2.wav), trimmed when a trim is set.
   */
  renderForDelivery(takeId: string, signal?: AbortSignal): Promise<DeliveryFile> {
    return this.renderQueue.run(takeId, () => this.renderNow(takeId, signal))
  }

  private async renderNow(takeId: string, signal?: AbortSignal): Promise<DeliveryFile> {
    const { meta } = await this.find(takeId, 'takes')
    if (meta.state === 'recording') throw new TakeInputError(`${takeName(meta)} is still recording.`)
    const source = await this.readyAudioPath(meta)
    const name = versionFileName(meta.file_name, meta.current_version ?? 1)
    if (meta.trim.head_s === 0 && meta.trim.tail_s === 0) return { path: source, file_name: name, trimmed: false }
    const outDir = this.folders.rendersDir(meta.job_id)
    await mkdir(outDir, { recursive: true })
    const r = await renderTrimmed(source, outDir, meta.trim, { ffmpegPath: this.ffmpegPath, signal, name })
    this.renders.set(takeId, { trim: trimKey(meta.trim, meta.current_version), path: r.path })
    return { path: r.path, file_name: r.file_name, trimmed: true }
  }

  /**
   * The file a take's findings describe: what a delivery would upload, so a trimmed take's true peak and
   * room tone are those of the trimmed audio. The render made for the take's trim is reused while it is
   * on disk (the one setting the trim measured, which the measurer keeps); else the take is rendered.
   */
  async deliveredAudioPath(takeId: string): Promise<string> {
    const { meta } = await this.find(takeId, 'takes')
    if (meta.trim.head_s === 0 && meta.trim.tail_s === 0) return this.readyAudioPath(meta)
    const last = this.renders.get(takeId)
    if (last?.trim === trimKey(meta.trim, meta.current_version) && (await exists(last.path))) return last.path
    return (await this.renderForDelivery(takeId)).path
  }

  /** Moves the take (audio + metadata) to <dataDir>/trash/<job_id>/; restore brings it back. */
  delete(takeId: string): Promise<TakeMeta> {
    return this.move(takeId, 'takes', 'trash')
  }

  restore(takeId: string): Promise<TakeMeta> {
    return this.move(takeId, 'trash', 'takes')
  }

  /** Deletes everything in the trash for good. Returns how many takes were removed. */
  async emptyTrash(): Promise<number> {
    let removed = 0
    for (const jobId of await this.folders.jobIds('trash')) {
      await this.withJob(jobId, async () => {
        const dir = this.folders.dir('trash', jobId)
        const ids = (await readdir(dir))
          .filter((n) => n.endsWith(META_SUFFIX))
          .map((n) => n.slice(0, -META_SUFFIX.length))
        removed += ids.length
        await rm(dir, { recursive: true, force: true })
        // What other parts of Booth kept beside a take, named by its id (its read-back, <id>.readback.json), goes with it.
        const live = this.folders.dir('takes', jobId)
        for (const name of await readdir(live).catch(() => [] as string[])) {
          if (ids.some((id) => name.startsWith(`${id}.`))) await rm(join(live, name), { force: true })
        }
      })
    }
    return removed
  }

  private async move(takeId: string, from: Shelf, to: Shelf): Promise<TakeMeta> {
    const { jobId } = await this.find(takeId, from)
    return this.withJob(jobId, async () => {
      const { meta } = await this.find(takeId, from)
      if (meta.state === 'recording' && this.recordings.isActive(takeId))
        throw new TakeInputError(`${takeName(meta)} is still recording; stop it first.`)
      const toDir = this.folders.dir(to, jobId)
      await mkdir(toDir, { recursive: true })
      const audioTo = join(toDir, meta.file_name)
      if (await exists(audioTo)) throw new TakeInputError(`Cannot move ${takeName(meta)}: ${audioTo} already exists.`)
      await rename(this.folders.audioPath(from, meta), audioTo)
      await rename(this.folders.metaPath(from, jobId, takeId), this.folders.metaPath(to, jobId, takeId))
      return meta
    })
  }
}
