/**
 * The recording side of the take store, built on the shelf (take-shelf.ts): start a take (a streaming
 * WAV writer plus metadata in state "recording"), feed it chunks, finish (measure → "ready") or cancel it, and on start repair takes a
 * crash left in state "recording" (→ "recovered", offered back to the person).
 */
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Level } from '../media/pcm24'
import { writeTakeMeta } from './take-meta-file'
import { checkLabel, checkNote, jobFacts, TakeInputError } from './take-input-checks'
import { safeStem, takeFileName } from './take-naming'
import type { TakeShelf } from './take-shelf'
import type { DamagedTake, Preflight, TakeKind, TakeLabel, TakeMeta } from './take-types'
import { repairWav, type RepairResult } from '../media/wav-repair'
import { openWavWriter, WavWriteFailedError, type WavWriter, type WavWriterOptions } from '../media/wav-writer'
import { takeName } from '../../shared/take-name'

export interface RecordOptions {
  /** The job's suggested_stem from the API. */
  stem: string | null
  label?: TakeLabel
  note?: string | null
  spotLengthS?: number | null
  /** The job's kind (dry_voice, finished_spot, not_set); default not_set. */
  kind?: TakeKind
  /** The input device's rate and channel count, as the renderer's AudioWorklet reports them. */
  sampleRate: number
  channels: number
  /** The script revision on screen when recording starts. */
  script?: { revision_id: string | null; text: string }
}

export interface ActiveRecording {
  take: TakeMeta
  path: string
  write(chunk: Float32Array): Level
  /** Resolves when all audio handed to the disk so far is written and synced. */
  drain(): Promise<void>
}

export interface RecoveredTake {
  take: TakeMeta
  repair: RepairResult
}

export interface RecoveryReport {
  recovered: RecoveredTake[]
  /** Takes that were cut off but could not be repaired; left where they are. */
  failed: DamagedTake[]
  /** Partial import copies and temp files of interrupted writes that were removed (never takes). */
  removedLeftovers: string[]
}

/** What a recording the disk stopped left behind: the take (saved as ready, or still "recording" on disk when nothing could be written). */
export interface SalvagedTake {
  take: TakeMeta
  seconds: number
  /** False when even its metadata could not be written (a read-only disk): the next start recovers it. */
  saved: boolean
}

/**
 * Room kept aside on the disk for each recording (a dot file beside the take): when the disk fills up
 * during a take, removing it frees the space to save the take's metadata as "ready".
 */
const RESERVE_BYTES = 64 * 1024

export class TakeRecordings {
  private readonly active = new Map<string, { writer: WavWriter; jobId: string }>()
  /** Takes stopped whose file is being closed and saved, with their check once it is known. */
  private readonly closing = new Map<string, { preflight: Preflight | undefined }>()

  constructor(
    private readonly store: TakeShelf,
    private readonly writerOptions: Pick<WavWriterOptions, 'syncIntervalS' | 'rf64ThresholdBytes'>,
  ) {}

  isActive(takeId: string): boolean {
    return this.active.has(takeId)
  }

  async start(jobId: string, o: RecordOptions): Promise<ActiveRecording> {
    const label = checkLabel(o.label ?? 'main')
    const note = checkNote(o.note)
    const job = jobFacts(o)
    const { store } = this
    return store.withJob(jobId, async () => {
      const number = await store.folders.claimNumber(jobId)
      const dir = store.folders.dir('takes', jobId)
      await mkdir(dir, { recursive: true })
      const fileName = takeFileName(safeStem(o.stem, jobId), label, number, 'wav')
      const take = {
        ...store.newTake(jobId, fileName, label, number, note, 'recorded', null, job),
        script_read: o.script ?? null,
      }
      const path = join(dir, fileName)
      // The room to save the take if the disk fills while it records; a disk without it refuses the take now.
      const reserve = this.reservePath(jobId, take.id)
      await writeFile(reserve, Buffer.alloc(RESERVE_BYTES), { flag: 'wx' }).catch(async (err: unknown) => {
        await rm(reserve, { force: true })
        throw err
      })
      // The audio file first: a crash before the metadata exists leaves only a header-sized orphan,
      // never metadata pointing at nothing.
      let writer: WavWriter
      try {
        writer = await openWavWriter(path, { ...this.writerOptions, sampleRate: o.sampleRate, channels: o.channels })
      } catch (err) {
        await rm(reserve, { force: true })
        throw err
      }
      try {
        await writeTakeMeta(store.folders.metaPath('takes', jobId, take.id), take)
      } catch (err) {
        await writer.abort()
        await rm(reserve, { force: true })
        throw err
      }
      this.active.set(take.id, { writer, jobId })
      return { take, path, write: (chunk: Float32Array) => writer.write(chunk), drain: () => writer.drain() }
    })
  }

  write(takeId: string, chunk: Float32Array): Level {
    const rec = this.active.get(takeId)
    if (!rec) throw new TakeInputError(`Take ${takeId} is not recording.`)
    return rec.writer.write(chunk)
  }

  /**
   * `provisional` may still be on its way (the running measurement being judged): the file is closed and
   * synced meanwhile, so the disk's wait and the measuring's work overlap instead of adding up.
   */
  async finish(takeId: string, check?: Preflight | Promise<Preflight | undefined>): Promise<TakeMeta> {
    const rec = this.active.get(takeId)
    if (!rec) throw new TakeInputError(`Take ${takeId} is not recording.`)
    this.active.delete(takeId)
    const closing = { preflight: undefined as Preflight | undefined }
    this.closing.set(takeId, closing)
    try {
      return await this.close(
        takeId,
        rec,
        Promise.resolve(check).then((p) => (closing.preflight = p)),
      )
    } finally {
      this.closing.delete(takeId)
    }
  }

  private async close(
    takeId: string,
    rec: { writer: WavWriter; jobId: string },
    check: Promise<Preflight | undefined>,
  ): Promise<TakeMeta> {
    const closing = rec.writer.close().then(
      () => rm(this.reservePath(rec.jobId, takeId), { force: true }),
      (err: unknown) => {
        // The disk failed at the very end: the take is still this recording's, for salvage() to keep.
        if (err instanceof WavWriteFailedError) this.active.set(takeId, rec)
        throw err
      },
    )
    const [, provisional] = await Promise.all([closing, check])
    const ready = await this.store.update(takeId, (m) => ({
      ...m,
      state: 'ready',
      ...(provisional ? { preflight: provisional } : {}),
    }))
    // The file is complete: its hash is kept with it now, not at its first check.
    await this.store.sealWritten(ready)
    return provisional ? ready : this.store.remeasure(takeId)
  }

  /** Stops the recording and removes its audio and metadata (the person cancelled it). */
  async cancel(takeId: string): Promise<void> {
    const rec = this.active.get(takeId)
    if (!rec) throw new TakeInputError(`Take ${takeId} is not recording.`)
    this.active.delete(takeId)
    await rec.writer.abort()
    await rm(this.reservePath(rec.jobId, takeId), { force: true })
    await this.store.withJob(rec.jobId, () =>
      rm(this.store.folders.metaPath('takes', rec.jobId, takeId), { force: true }),
    )
  }

  /**
   * The disk failed the recording: it stops here, and what reached the disk is kept as the take. The
   * reserve is freed first, so a full disk has room for the take's metadata ("ready"); on a disk that
   * takes nothing at all the metadata stays "recording" and the next start repairs and offers the take back.
   */
  async salvage(takeId: string): Promise<SalvagedTake> {
    const rec = this.active.get(takeId)
    if (!rec) throw new TakeInputError(`Take ${takeId} is not recording.`)
    this.active.delete(takeId)
    const kept = await rec.writer.salvage()
    await rm(this.reservePath(rec.jobId, takeId), { force: true }).catch(() => undefined)
    try {
      const take = await this.store.update(takeId, (m) => ({ ...m, state: 'ready' }))
      await this.store.sealWritten(take)
      return { take, seconds: kept.durationS, saved: true }
    } catch {
      return { take: (await this.store.find(takeId, 'takes')).meta, seconds: kept.durationS, saved: false }
    }
  }

  /** A take left "recording" by a recording no longer under way (a disk that failed it): its WAV made whole. */
  isCutOff(take: TakeMeta): boolean {
    return take.state === 'recording' && !this.active.has(take.id) && !this.closing.has(take.id)
  }

  /** Stopped, and its file still being closed and saved. */
  isSaving(takeId: string): boolean {
    return this.closing.has(takeId)
  }

  /** A take as it is listed: one stopped and being saved says so, with its check once that is known. */
  listed(take: TakeMeta): TakeMeta {
    const closing = take.state === 'recording' ? this.closing.get(take.id) : undefined
    if (!closing) return take
    return { ...take, saving: true, ...(closing.preflight ? { preflight: closing.preflight } : {}) }
  }

  repairCutOff(take: TakeMeta): Promise<RepairResult> {
    return repairWav(this.store.recordingPath(take), { rf64ThresholdBytes: this.writerOptions.rf64ThresholdBytes })
  }

  private reservePath(jobId: string, takeId: string): string {
    return join(this.store.folders.dir('takes', jobId), `.${takeId}.reserve`)
  }

  async recoverUnfinished(): Promise<RecoveryReport> {
    const report: RecoveryReport = { recovered: [], failed: [], removedLeftovers: [] }
    const { store } = this
    for (const jobId of await store.folders.jobIds('takes')) {
      const leftovers = await store.withJob(jobId, () => store.folders.removeLeftovers(jobId))
      report.removedLeftovers.push(...leftovers.map((n) => join(jobId, n)))
      const { takes } = await store.folders.read('takes', jobId)
      for (const take of takes.filter((t) => this.isCutOff(t))) {
        let repair: RepairResult
        try {
          repair = await this.repairCutOff(take)
        } catch (err) {
          report.failed.push({
            job_id: jobId,
            id: take.id,
            meta_path: store.folders.metaPath('takes', jobId, take.id),
            message: `${takeName(take)} was cut off while recording and could not be repaired: ${(err as Error).message}`,
          })
          continue
        }
        await store.update(take.id, (m) => ({ ...m, state: 'recovered' }))
        report.recovered.push({ take: await store.remeasure(take.id), repair })
      }
    }
    return report
  }
}
