/**
 * A take's versions on disk: kept on the take's metadata (TakeView.versions, current_version; written
 * atomically with the rest of it), with each version's read-back beside the take as
 * `<take id>.v<N>.readback.json`; the current one's is also `<take id>.readback.json`, where the read-back
 * service and the window find a take's read-back. A take with no versions field has one version, its
 * recording: nothing is migrated or rewritten until a second version is made.
 *
 * The take's preflight, trim and trimmed_preflight are always the current version's: making another
 * version current keeps the old one's in its record and brings the new one's in, in one write. A version
 * cannot change while the take is being delivered or after it was delivered (what was sent stays what
 * the take is).
 */
import { copyFile, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { ReadbackStored } from '../../shared/bridge-readback'
import type { TakeVersion, VersionReadback, VersionsView, VersionView } from '../../shared/versions/types'
import { TakeInputError } from '../takes/take-input-checks'
import type { TakeStore } from '../takes/take-store'
import type { TakeMeta } from '../takes/take-types'
import { Recordings } from './recordings'
import { renderCached } from './render-cache'
import { currentVersion, versionFileName, versionFolders } from './version-meta'
import { readbackSummary } from './readback-summary'

export type NewVersion = Omit<TakeVersion, 'number' | 'created_at' | 'trim' | 'trimmed_preflight'>

export class TakeVersions {
  private readonly recordingsByJob = new Map<string, Recordings>()

  constructor(private readonly store: TakeStore, private readonly now: () => Date = () => new Date()) {}

  folders(jobId: string): { recordings: string; renders: string } {
    return versionFolders(this.store.folders.dir('takes', jobId))
  }

  recordings(jobId: string): Recordings {
    let r = this.recordingsByJob.get(jobId)
    if (!r) {
      r = new Recordings(this.folders(jobId).recordings, { ffmpegPath: this.store.ffmpegPath })
      this.recordingsByJob.set(jobId, r)
    }
    return r
  }

  /** Where a take's current read-back is kept (the read-back service's file), and a version's own. */
  readbackPath(take: TakeMeta, version?: number): string {
    const dir = this.store.folders.dir('takes', take.job_id)
    return join(dir, version === undefined ? `${take.id}.readback.json` : `${take.id}.v${version}.readback.json`)
  }

  /** Every version of a take; a take without versions has one, its recording. */
  versionsOf(meta: TakeMeta): TakeVersion[] {
    if (meta.versions) return meta.versions
    return [{
      number: 1, operation: meta.source === 'comp' ? 'comp' : 'recording', created_at: meta.created_at, made_from: null,
      edits: null, render_key: null, summary: meta.source === 'imported' ? 'The file as it was dropped in.' : 'The take as recorded.',
      changes: [], findings: [], preflight: meta.preflight, trim: meta.trim, trimmed_preflight: meta.trimmed_preflight ?? null, readback: null,
    }]
  }

  view(meta: TakeMeta): VersionsView {
    const current = meta.current_version ?? 1
    const versions = this.withCurrentMirrored(meta).map((v): VersionView => ({
      ...v, current: v.number === current, delivery_name: versionFileName(meta.file_name, v.number, v.number === 1 ? '' : '.wav'),
    }))
    return { takeId: meta.id, jobId: meta.job_id, current, versions }
  }

  /** The versions with the current one's record holding the take's own preflight and trim (the live figures). */
  private withCurrentMirrored(meta: TakeMeta): TakeVersion[] {
    const current = meta.current_version ?? 1
    return this.versionsOf(meta).map((v) => (v.number === current ? { ...v, preflight: meta.preflight, trim: meta.trim, trimmed_preflight: meta.trimmed_preflight ?? null } : v))
  }

  /** Refuses a change of version while the take is recording, being delivered, or once delivered. */
  checkCanChange(meta: TakeMeta): void {
    const n = meta.take_number
    if (meta.state !== 'ready') throw new TakeInputError(`Take ${n} is ${meta.state === 'recording' ? 'still recording' : 'waiting to be kept after a crash'}; its versions can change once it is ready.`)
    if (meta.delivery.status === 'delivered') throw new TakeInputError(`Take ${n} was already delivered as it is; its versions can no longer change.`)
    if (meta.delivery.queued || meta.delivery.status === 'queued' || meta.delivery.status === 'sending' || meta.upload.status !== 'none') {
      throw new TakeInputError(`Take ${n} is in the delivery queue; cancel that delivery to change its version.`)
    }
  }

  /**
   * The read-back kept beside the take, in short, for a current version that has none on its record (the
   * recording, read back by the read-back service before its first fix); null when none is kept.
   */
  private async keptReadback(meta: TakeMeta): Promise<VersionReadback | null> {
    try {
      const stored = JSON.parse(await readFile(this.readbackPath(meta), 'utf8')) as ReadbackStored
      return stored.take_id === meta.id && stored.check && Array.isArray(stored.check.issues) ? readbackSummary(stored.check) : null
    } catch {
      return null
    }
  }

  /** The versions with the current one's read-back filled in from the take's kept read-back when it had none. */
  private withCurrentHeard(meta: TakeMeta, heard: VersionReadback | null): TakeVersion[] {
    const current = meta.current_version ?? 1
    return this.withCurrentMirrored(meta).map((v) => (v.number === current && v.readback === null && heard ? { ...v, readback: heard } : v))
  }

  /** Keeps the current version's read-back as its own file before another version becomes current. */
  private async keepCurrentReadback(meta: TakeMeta): Promise<void> {
    await copyFile(this.readbackPath(meta), this.readbackPath(meta, meta.current_version ?? 1)).catch(() => undefined)
  }

  /** Adds a version made from the current one and makes it current; its read-back becomes the take's. */
  async add(takeId: string, draft: NewVersion, readback: ReadbackStored | null): Promise<TakeMeta> {
    const before = await this.store.get(takeId)
    this.checkCanChange(before)
    const heard = await this.keptReadback(before)
    await this.keepCurrentReadback(before)
    return this.store.update(takeId, async (m) => {
      this.checkCanChange(m)
      const versions = this.withCurrentHeard(m, heard)
      const number = versions.length + 1
      const version: TakeVersion = { ...draft, number, created_at: this.now().toISOString(), trim: { head_s: 0, tail_s: 0 }, trimmed_preflight: null }
      if (readback) {
        const text = `${JSON.stringify(readback)}\n`
        await writeFile(this.readbackPath(m, number), text)
        await writeFile(this.readbackPath(m), text)
      } else await rm(this.readbackPath(m), { force: true })
      return { ...m, versions: [...versions, version], current_version: number, preflight: version.preflight, trim: version.trim, trimmed_preflight: null }
    })
  }

  /** Makes version `n` current again (undo: the version the current one was made from). */
  async restore(takeId: string, n: number): Promise<TakeMeta> {
    const before = await this.store.get(takeId)
    const all = this.versionsOf(before)
    if (!all.some((v) => v.number === n)) throw new TakeInputError(`Take ${before.take_number} has no version ${n}; it has ${all.length}.`)
    if ((before.current_version ?? 1) === n) return before
    this.checkCanChange(before)
    const heard = await this.keptReadback(before)
    await this.keepCurrentReadback(before)
    const after = await this.store.update(takeId, (m) => {
      this.checkCanChange(m)
      const versions = this.withCurrentHeard(m, heard)
      const target = versions[n - 1] as TakeVersion
      return { ...m, versions, current_version: n, preflight: target.preflight, trim: target.trim, trimmed_preflight: target.trimmed_preflight }
    })
    await copyFile(this.readbackPath(after, n), this.readbackPath(after)).catch(async () => rm(this.readbackPath(after), { force: true }))
    await this.ensureRender(after)
    return after
  }

  /** Renders a take's current version when its render is missing (the same bytes as before). */
  async ensureRender(meta: TakeMeta): Promise<void> {
    const v = currentVersion(meta)
    if (!v?.edits || v.number === 1) return
    await renderCached(v.edits, this.recordings(meta.job_id), this.folders(meta.job_id).renders)
  }
}
