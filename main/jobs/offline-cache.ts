/**
 * The offline cache in the data folder: job lists (per query), job details and script PDFs, all written
 * atomically, so every pending job's script can be read with the network off. Each entry keeps when it
 * was fetched so the UI can say how old what it shows is.
 */
import { createHash } from 'node:crypto'
import { mkdir, readFile, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { writeFileAtomic } from '../storage/atomic-file'
import type { DataFileAbout } from '../storage/damaged-files'
import { readJsonDataFile } from '../storage/json-data-file'
import type { JobDetail, JobListQuery, JobListView } from '../../shared/bridge'

export interface CachedJob {
  fetchedAt: number
  job: JobDetail
}

export interface ScriptPdfMeta {
  jobId: string
  /** 'document': the job's own script PDF; 'scripts_pdf': the service's rendering of a typed script. */
  source: 'document' | 'scripts_pdf'
  revisionId: string | null
  fetchedAt: number
}

const SAVED_AGAIN =
  'Booth saves a fresh copy the next time the service answers; until then it is not there to read offline.'

const anyObject = (v: unknown) => {
  if (typeof v !== 'object' || v === null) throw new Error('expected an object')
  return v
}

/** Shared by a cache and its scopes: bumped by clear(), and the writes under way. */
interface CacheEpoch {
  value: number
  writing: Set<Promise<unknown>>
}

/** A write refused because the cache was cleared (signed out) after the data was fetched. */
export class CacheClearedError extends Error {
  constructor() {
    super('the offline cache was cleared (signed out) while this was being fetched, so it was not saved')
    this.name = 'CacheClearedError'
  }
}

export class OfflineCache {
  constructor(
    readonly root: string,
    private readonly epoch: CacheEpoch = { value: 0, writing: new Set() },
    /** For a scope: the epoch it was taken in; its writes are refused once clear() has run since. */
    private readonly takenIn: number | null = null,
  ) {}

  /**
   * A view for one fetch-then-save operation: take it before fetching, so what arrives after a
   * sign-out cleared the cache is not written back into it.
   */
  scope(): OfflineCache {
    return new OfflineCache(this.root, this.epoch, this.epoch.value)
  }

  private async write<T>(run: () => Promise<T>): Promise<T> {
    if (this.takenIn !== null && this.takenIn !== this.epoch.value) throw new CacheClearedError()
    const pending = run()
    this.epoch.writing.add(pending)
    try {
      return await pending
    } finally {
      this.epoch.writing.delete(pending)
    }
  }

  private file(...parts: string[]): string {
    return join(this.root, ...parts)
  }

  static queryKey(query: JobListQuery): string {
    const canonical = JSON.stringify(
      Object.keys(query)
        .sort()
        .map((k) => [k, query[k as keyof JobListQuery]]),
    )
    return createHash('sha256').update(canonical).digest('hex').slice(0, 24)
  }

  async saveList(view: JobListView): Promise<void> {
    await this.write(async () => {
      await mkdir(this.file('lists'), { recursive: true })
      await writeFileAtomic(this.file('lists', `${OfflineCache.queryKey(view.query)}.json`), JSON.stringify(view))
    })
  }

  async loadList(query: JobListQuery): Promise<JobListView | null> {
    const about = { what: 'A saved copy of a job list', reset: SAVED_AGAIN }
    return this.readOrNull(
      this.file('lists', `${OfflineCache.queryKey(query)}.json`),
      about,
    ) as Promise<JobListView | null>
  }

  async saveJob(entry: CachedJob): Promise<void> {
    await this.write(async () => {
      await mkdir(this.file('jobs'), { recursive: true })
      await writeFileAtomic(this.file('jobs', `${entry.job.job_id}.json`), JSON.stringify(entry))
    })
  }

  async loadJob(jobId: string): Promise<CachedJob | null> {
    return this.readOrNull(this.file('jobs', `${jobId}.json`), {
      what: `The saved copy of job ${jobId}`,
      reset: SAVED_AGAIN,
    }) as Promise<CachedJob | null>
  }

  async saveScriptPdf(meta: ScriptPdfMeta, bytes: Uint8Array): Promise<string> {
    return this.write(async () => {
      await mkdir(this.file('scripts'), { recursive: true })
      const path = this.file('scripts', `${meta.jobId}.pdf`)
      await writeFileAtomic(path, bytes)
      await writeFileAtomic(this.file('scripts', `${meta.jobId}.json`), JSON.stringify(meta))
      return path
    })
  }

  async scriptPdf(jobId: string): Promise<{ path: string; meta: ScriptPdfMeta } | null> {
    const about = { what: `The details of the saved script PDF of job ${jobId}`, reset: SAVED_AGAIN }
    const meta = (await this.readOrNull(this.file('scripts', `${jobId}.json`), about)) as ScriptPdfMeta | null
    const path = this.file('scripts', `${jobId}.pdf`)
    if (!meta || !(await stat(path).catch(() => null))) return null
    return { path, meta }
  }

  async readScriptPdf(jobId: string): Promise<Uint8Array | null> {
    const hit = await this.scriptPdf(jobId)
    return hit ? readFile(hit.path) : null
  }

  /** Everything cached for the signed-in account goes (on sign-out or "clear cached scripts"). */
  async clear(): Promise<void> {
    this.epoch.value += 1
    await Promise.allSettled([...this.epoch.writing])
    await rm(this.root, { recursive: true, force: true })
  }

  /** A damaged entry is set aside (the page says so) and is a cache miss; the next fetch saves a fresh one. */
  private async readOrNull(path: string, about: DataFileAbout): Promise<unknown> {
    try {
      return (await readJsonDataFile(path, { fallback: null, validate: (v) => anyObject(v), about })).value
    } catch {
      return null
    }
  }
}
