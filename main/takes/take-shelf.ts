/**
 * The shelf of takes on disk, the piece the take store, recording (take-recordings.ts) and import
 * (take-import.ts) all build on: the folders (take-folders.ts), one lock per job so writes to a job's
 * folder never interleave, finding a take and reading its metadata, rewriting it atomically, making a new
 * take's metadata and measuring a take. It imports none of them, so the takes folder has no import circle.
 */
import { OneAtATime } from './one-at-a-time'
import { randomUUID } from 'node:crypto'
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { notMeasuredPreflight } from '../audio/preflight'
import { TakeFolders, type Shelf } from './take-folders'
import { checkPreflight, writeTakeMeta } from './take-meta-file'
import { checkTakeId, TakeInputError, type JobFacts } from './take-input-checks'
import type { MeasureTake, Preflight, TakeKind, TakeLabel, TakeMeta } from './take-types'
import { waitForLock, type HeldLock } from '../storage/lock-file'
import { currentRenderPath } from '../version-records/version-meta'
import { currentStamp, stillCurrent } from '../version-records/version-stamp'

export interface TakeShelfOptions {
  /** The app's data folder; takes go to <dataDir>/takes/<job_id>/. */
  dataDir: string
  /** main/audio's measureTake (injected). A failure leaves the take with a not-measured preflight. */
  measure: MeasureTake
  /** ffmpeg binary for import checks and trim renders; default: main/audio's findFfmpeg(). */
  ffmpegPath?: string
  now?: () => Date
  newId?: () => string
  /** Writes a take's record (default: take-meta-file's atomic writeTakeMeta); tests put a disk that fills up in its way. */
  writeMeta?: (path: string, meta: TakeMeta) => Promise<void>
}

/** The folder of the job lock files, <dataDir>/takes/.locks/<job_id>.lock (never a job id, so never listed). */
const JOB_LOCKS = '.locks'
/** Why a lock file cannot be made where nothing can be written anyway. */
const UNLOCKABLE = new Set(['ENOSPC', 'EDQUOT', 'EROFS'])

export class TakeNotFoundError extends Error {
  constructor(takeId: string, where = '') {
    super(`There is no take ${takeId}${where}.`)
    this.name = 'TakeNotFoundError'
  }
}

export class TakeShelf {
  readonly folders: TakeFolders
  readonly ffmpegPath: string | undefined
  private readonly now: () => Date
  private readonly newId: () => string
  private readonly measure: MeasureTake
  private readonly writeMeta: (path: string, meta: TakeMeta) => Promise<void>
  /** Each job's reads and writes in this process, one after another (then across processes: its lock file). */
  private readonly locks = new OneAtATime()
  /** Renders a take's current version when its render is missing (main/versions; set once wired). */
  private versionAudio: ((take: TakeMeta, fresh?: boolean) => Promise<void>) | null = null
  private sealer: ((take: TakeMeta) => Promise<void>) | null = null

  constructor(options: TakeShelfOptions) {
    if (typeof options.dataDir !== 'string' || options.dataDir === '')
      throw new TakeInputError('TakeStore needs the data folder path.')
    if (typeof options.measure !== 'function') throw new TakeInputError('TakeStore needs a measure function.')
    this.folders = new TakeFolders(options.dataDir)
    this.ffmpegPath = options.ffmpegPath
    this.measure = options.measure
    this.now = options.now ?? (() => new Date())
    this.newId = options.newId ?? randomUUID
    this.writeMeta = options.writeMeta ?? writeTakeMeta
  }

  /**
   * Reads run under the job's lock, like writes: a relabel renames the audio file and then rewrites the
   * metadata, and a read between the two would report the take's file as missing.
   */
  async get(takeId: string): Promise<TakeMeta> {
    checkTakeId(takeId)
    const where = await this.folders.locate(takeId)
    const read = async () => (await this.find(takeId, 'takes')).meta
    return where ? this.withJob(where.jobId, read) : read()
  }

  /**
   * Absolute path of a take's audio: its current version's (main/version-records/version-meta.ts), which is the
   * take's own file for version 1 and a render for later versions. What plays, is measured and read back.
   */
  audioPath(take: TakeMeta): string {
    return currentRenderPath(this.folders.dir('takes', take.job_id), take) ?? this.folders.audioPath('takes', take)
  }

  /** Makes sure a take's current version has its render on disk (main/versions renders it when missing). */
  useVersionAudio(ensure: (take: TakeMeta, fresh?: boolean) => Promise<void>): void {
    this.versionAudio = ensure
  }

  /** Keeps a take's content hash with its file (main/versions seals it: recordings.ts seal). */
  useSeal(seal: (take: TakeMeta) => Promise<void>): void {
    this.sealer = seal
  }

  /**
   * The take's own file is complete (a recording closed, salvaged or made whole, an import copied in): its
   * content hash is kept with it from this moment, so any change on disk before its first check is caught.
   * A disk that cannot link keeps none (the first check seals it then); nothing here fails the take.
   */
  async sealWritten(take: TakeMeta): Promise<void> {
    await this.sealer?.(take).catch(() => undefined)
  }

  /**
   * The take's audio path, its files checked against the hashes written with them (a damaged one is named
   * and refused) and its render made first when its current version's is missing. `fresh` (right before
   * an upload) reads every file again rather than trusting an earlier check of the same file.
   */
  async readyAudioPath(take: TakeMeta, fresh = false): Promise<string> {
    const path = this.audioPath(take)
    if (this.versionAudio) await this.versionAudio(take, fresh)
    return path
  }

  /** The take's own file (its recording, or a comp's first render), whatever version is current. */
  recordingPath(take: TakeMeta): string {
    return this.folders.audioPath('takes', take)
  }

  newTake(
    jobId: string,
    fileName: string,
    label: TakeLabel,
    number: number,
    note: string | null,
    source: TakeMeta['source'],
    originalName: string | null,
    job: JobFacts,
  ): TakeMeta {
    const id = checkTakeId(this.newId())
    return {
      schema: 1,
      id,
      job_id: jobId,
      file_name: fileName,
      label,
      take_number: number,
      note,
      preflight: null,
      created_at: this.now().toISOString(),
      source,
      original_name: originalName,
      state: source === 'recorded' ? 'recording' : 'ready',
      spot_length_s: job.spotLengthS,
      job_kind: job.kind,
      trim: { head_s: 0, tail_s: 0 },
      upload: { handle: null, offset: 0, status: 'none' },
      delivery: { idempotency_key: null, delivery_id: null, status: 'none', queued: false },
    }
  }

  /** Measures a take with the injected function; a failure or an invalid answer gives a not-measured preflight. */
  async measureSafely(
    path: string,
    spotLengthS: number | null,
    kind: TakeKind,
    signal?: AbortSignal,
  ): Promise<Preflight> {
    try {
      return checkPreflight(await this.measure(path, { spotLengthS, kind, signal }))
    } catch (err) {
      if (signal?.aborted) throw err
      return notMeasuredPreflight()
    }
  }

  async remeasure(takeId: string, signal?: AbortSignal): Promise<TakeMeta> {
    const { meta } = await this.find(takeId, 'takes')
    const preflight = await this.measureSafely(
      await this.readyAudioPath(meta),
      meta.spot_length_s,
      meta.job_kind,
      signal,
    )
    // A file renamed (relabelled) while it was measured keeps the figures it had rather than "not measured";
    // a measurement of another version than the current one is not kept.
    return this.update(takeId, (m) =>
      (!preflight.measured && m.file_name !== meta.file_name) || !stillCurrent(m, currentStamp(meta))
        ? m
        : { ...m, preflight },
    )
  }

  /**
   * Runs `fn` alone on a job's folder: after every earlier call of this store on that job (in order), and
   * under the job's lock file, so another process on the same data folder (which the data-folder lock
   * should already prevent) never interleaves with it either: take numbers, file names and a delivery's
   * claim are decided under it.
   */
  withJob<T>(jobId: string, fn: () => Promise<T>): Promise<T> {
    return this.locks.run(jobId, () => this.acrossProcesses(jobId, fn))
  }

  private async acrossProcesses<T>(jobId: string, fn: () => Promise<T>): Promise<T> {
    let lock: HeldLock | null = null
    try {
      const dir = join(this.folders.dataDir, 'takes', JOB_LOCKS)
      await mkdir(dir, { recursive: true })
      lock = await waitForLock(join(dir, `${jobId}.lock`), `The takes of job ${jobId}`)
    } catch (err) {
      // A full or read-only disk has no room for a lock file: reading still works, and a write fails by itself
      // (no other Booth can write there either).
      if (!UNLOCKABLE.has((err as NodeJS.ErrnoException).code ?? '')) throw err
    }
    try {
      return await fn()
    } finally {
      await lock?.release().catch(() => undefined)
    }
  }

  /** Reads, changes and atomically rewrites one take's metadata under its job's lock. */
  async update(takeId: string, change: (m: TakeMeta) => TakeMeta | Promise<TakeMeta>): Promise<TakeMeta> {
    const { jobId } = await this.find(takeId, 'takes')
    return this.withJob(jobId, async () => {
      const { meta } = await this.find(takeId, 'takes')
      const next = await change(meta)
      if (next !== meta) await this.writeRecord(next)
      return next
    })
  }

  /** Rewrites a take's record atomically; call it under the take's job lock (withJob), after reading it there. */
  writeRecord(meta: TakeMeta): Promise<void> {
    return this.writeMeta(this.folders.metaPath('takes', meta.job_id, meta.id), meta)
  }

  async find(takeId: string, shelf: Shelf): Promise<{ jobId: string; meta: TakeMeta }> {
    checkTakeId(takeId)
    const where = await this.folders.locate(takeId)
    if (!where || where.shelf !== shelf) throw new TakeNotFoundError(takeId, shelf === 'trash' ? ' in the trash' : '')
    const listing = await this.folders.read(shelf, where.jobId)
    const meta = listing.takes.find((t) => t.id === takeId)
    if (!meta) {
      const damage = listing.damaged.find((d) => d.id === takeId)
      throw new TakeInputError(damage?.message ?? `Take ${takeId} cannot be read.`)
    }
    return { jobId: where.jobId, meta }
  }
}
