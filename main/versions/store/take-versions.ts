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
 *
 * What hangs off a version is kept only for that version: the take record is written first (under the
 * take's lock, read afresh), then the read-back files; a new version made from a version that is no longer
 * current is refused, and a read-back made for a version the take left is kept as that version's own
 * (version-readbacks.ts). A version whose record cannot be read (version-meta.ts) is named, never played.
 * Which versions are damaged: version-damage.ts; the read-back files moved: version-readback-files.ts.
 */
import type { ReadbackStored } from '../../../shared/bridge-readback'
import type { TakeVersion, VersionReadback, VersionsView, VersionView } from '../../../shared/versions/types'
import { TakeInputError } from '../../takes/take-input-checks'
import type { TakeStore } from '../../takes/take-store'
import type { TakeMeta } from '../../takes/take-types'
import { Recordings } from './recordings'
import { renderVersion } from './missing-recordings'
import {
  currentVersion,
  UnreadableVersionError,
  unreadableNote,
  versionFileName,
  versionFolders,
} from '../../version-records/version-meta'
import { sameStamp, stampOf, stillCurrent, type VersionStamp } from '../../version-records/version-stamp'
import { keepReadbackFor, readbackPathOf } from '../../takes/version-readbacks'
import { damagedView, refuseDamaged, sealOwnFile, versionDamage } from './version-damage'
import { keptReadback, moveReadbacks } from './version-readback-files'

export type NewVersion = Omit<TakeVersion, 'number' | 'created_at' | 'trim' | 'trimmed_preflight'>

export class TakeVersions {
  private readonly recordingsByJob = new Map<string, Recordings>()

  constructor(
    private readonly store: TakeStore,
    private readonly now: () => Date = () => new Date(),
  ) {}

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
    return readbackPathOf(this.store.folders.dir('takes', take.job_id), take, version)
  }

  /** Every version of a take; a take without versions has one, its recording. */
  versionsOf(meta: TakeMeta): TakeVersion[] {
    if (meta.versions) return meta.versions
    return [
      {
        number: 1,
        operation: meta.source === 'comp' ? 'comp' : 'recording',
        created_at: meta.created_at,
        made_from: null,
        edits: null,
        render_key: null,
        summary: meta.source === 'imported' ? 'The file as it was dropped in.' : 'The take as recorded.',
        changes: [],
        findings: [],
        preflight: meta.preflight,
        trim: meta.trim,
        trimmed_preflight: meta.trimmed_preflight ?? null,
        readback: null,
      },
    ]
  }

  view(meta: TakeMeta): VersionsView {
    const current = meta.current_version ?? 1
    const versions = this.withCurrentMirrored(meta).map((v): VersionView => ({
      ...v,
      current: v.number === current,
      delivery_name: versionFileName(meta.file_name, v.number, v.number === 1 ? '' : '.wav'),
    }))
    const unreadable = unreadableNote(meta)
    return {
      takeId: meta.id,
      jobId: meta.job_id,
      takeNumber: meta.take_number,
      current,
      versions,
      ...(unreadable ? { unreadable } : {}),
    }
  }

  /** The versions whose recordings changed on disk since Booth wrote them, each in words (version-damage.ts). */
  async damage(meta: TakeMeta, fresh = false): Promise<Map<number, string>> {
    return versionDamage(this.store, this.recordings(meta.job_id), meta, this.versionsOf(meta), fresh)
  }

  /** Keeps the hash of a take's own file with it as the file is written (version-damage.ts). */
  async sealOwnFile(meta: TakeMeta): Promise<void> {
    return sealOwnFile(this.store, this.recordings(meta.job_id), meta)
  }

  /** The versions as the window lists them, each damaged one named (the list's `damaged`, and the version's own). */
  async checkedView(meta: TakeMeta): Promise<VersionsView> {
    return damagedView(this.view(meta), await this.damage(meta))
  }

  /** Throws DamagedVersionError when version `n` of the take is damaged, saying which of its versions are fine. */
  async checkNotDamaged(meta: TakeMeta, n: number, fresh = false): Promise<void> {
    refuseDamaged(meta, this.versionsOf(meta), await this.damage(meta, fresh), n)
  }

  /** The versions with the current one's record holding the take's own preflight and trim (the live figures). */
  private withCurrentMirrored(meta: TakeMeta): TakeVersion[] {
    const current = meta.current_version ?? 1
    return this.versionsOf(meta).map((v) =>
      v.number === current
        ? { ...v, preflight: meta.preflight, trim: meta.trim, trimmed_preflight: meta.trimmed_preflight ?? null }
        : v,
    )
  }

  /** Refuses a change of version while the take is recording, being delivered, or once delivered. */
  checkCanChange(meta: TakeMeta): void {
    const n = meta.take_number
    if (meta.state !== 'ready')
      throw new TakeInputError(
        `Take ${n} is ${meta.state === 'recording' ? 'still recording' : 'waiting to be kept after a crash'}; its versions can change once it is ready.`,
      )
    if (meta.delivery.status === 'delivered')
      throw new TakeInputError(`Take ${n} was already delivered as it is; its versions can no longer change.`)
    if (
      meta.delivery.queued ||
      meta.delivery.status === 'queued' ||
      meta.delivery.status === 'sending' ||
      meta.upload.status !== 'none'
    ) {
      throw new TakeInputError(`Take ${n} is in the delivery queue; cancel that delivery to change its version.`)
    }
  }

  /** Refuses work made from a version that is no longer the take's current one (an undo came in meanwhile). */
  private checkStillCurrent(meta: TakeMeta, madeFrom: VersionStamp): void {
    if (stillCurrent(meta, madeFrom)) return
    throw new TakeInputError(
      `Take ${meta.take_number} went to version ${meta.current_version ?? 1} while a new version ` +
        `was being made from version ${madeFrom.number}; nothing was kept. Make the fix again if it is still wanted.`,
    )
  }

  /** The take's kept read-back in short, for a current version with none on its record (version-readback-files.ts). */
  private async keptReadback(meta: TakeMeta): Promise<VersionReadback | null> {
    return keptReadback((m, v) => this.readbackPath(m, v), meta)
  }

  /** The versions with the current one's read-back filled in from the take's kept read-back when it had none. */
  private withCurrentHeard(meta: TakeMeta, heard: VersionReadback | null): TakeVersion[] {
    const current = meta.current_version ?? 1
    return this.withCurrentMirrored(meta).map((v) =>
      v.number === current && v.readback === null && !v.unreadable && heard ? { ...v, readback: heard } : v,
    )
  }

  /** Moves the read-back files after the record made `next` current in place of `from` (version-readback-files.ts). */
  private async moveReadbacks(
    meta: TakeMeta,
    from: number,
    next: number,
    stored: ReadbackStored | null | 'kept',
  ): Promise<void> {
    return moveReadbacks((m, v) => this.readbackPath(m, v), meta, from, next, stored)
  }

  /**
   * Adds a version made from `madeFrom` (the take's current version when the work began) and makes it
   * current; its read-back becomes the take's. Under the take's lock, read afresh: refused when the take
   * moved to another version meanwhile. The take record is written first, then the read-backs that hang
   * off it, so a disk that fills up in between never leaves one version's read-back on another.
   */
  async add(
    takeId: string,
    draft: NewVersion,
    readback: ReadbackStored | null,
    madeFrom?: VersionStamp,
  ): Promise<TakeMeta> {
    const { jobId } = await this.store.find(takeId, 'takes')
    return this.store.withJob(jobId, async () => {
      const { meta: m } = await this.store.find(takeId, 'takes')
      this.checkCanChange(m)
      if (madeFrom) this.checkStillCurrent(m, madeFrom)
      const versions = this.withCurrentHeard(m, await this.keptReadback(m))
      const number = versions.length + 1
      const version: TakeVersion = {
        ...draft,
        number,
        created_at: this.now().toISOString(),
        trim: { head_s: 0, tail_s: 0 },
        trimmed_preflight: null,
      }
      const next: TakeMeta = {
        ...m,
        versions: [...versions, version],
        current_version: number,
        preflight: version.preflight,
        trim: version.trim,
        trimmed_preflight: null,
      }
      await this.store.writeRecord(next)
      await this.moveReadbacks(m, m.current_version ?? 1, number, readback)
      return next
    })
  }

  /** Makes version `n` current again (undo: the version the current one was made from). */
  async restore(takeId: string, n: number): Promise<TakeMeta> {
    const before = await this.store.get(takeId)
    const all = this.versionsOf(before)
    const target = all.find((v) => v.number === n)
    if (!target) throw new TakeInputError(`Take ${before.take_number} has no version ${n}; it has ${all.length}.`)
    if ((before.current_version ?? 1) === n) return before
    this.checkCanChange(before)
    if (target.unreadable) throw new UnreadableVersionError(before.take_number, before, n)
    // A version whose recording changed on disk since Booth wrote it is never restored.
    await this.checkNotDamaged(before, n)
    // Its render is made (or found, and checked) first: a version that cannot be played does not become the take.
    await this.ensureVersionRender(before, target)
    return this.store.withJob(before.job_id, async () => {
      const { meta: m } = await this.store.find(takeId, 'takes')
      this.checkCanChange(m)
      const versions = this.withCurrentHeard(m, await this.keptReadback(m))
      const chosen = versions[n - 1] as TakeVersion
      if (!sameStamp(stampOf(m, n), stampOf(before, n)))
        throw new TakeInputError(
          `Take ${m.take_number}'s versions changed meanwhile; look at them again before restoring one.`,
        )
      const next: TakeMeta = {
        ...m,
        versions,
        current_version: n,
        preflight: chosen.preflight,
        trim: chosen.trim,
        trimmed_preflight: chosen.trimmed_preflight,
      }
      await this.store.writeRecord(next)
      await this.moveReadbacks(m, m.current_version ?? 1, n, 'kept')
      return next
    })
  }

  /** Keeps a read-back the read-back service made, only over the version it was made for (version-readbacks.ts). */
  keepReadback(take: TakeMeta, stored: ReadbackStored, madeFor?: VersionStamp): Promise<boolean> {
    return keepReadbackFor(this.store, take, stored, madeFor)
  }

  /**
   * Before a take's current version is played, measured or delivered: its files are checked against the
   * hashes written with them (a damaged recording is named and refused; a damaged render is made again),
   * and its render is made when missing (the same bytes as before). `fresh`, right before an upload,
   * reads every file again.
   */
  async ensureRender(meta: TakeMeta, fresh = false): Promise<void> {
    await this.checkNotDamaged(meta, meta.current_version ?? 1, fresh)
    const v = currentVersion(meta)
    if (v) await this.ensureVersionRender(meta, v, fresh)
  }

  /** Renders one version of a take when its render is missing or damaged; a recording it needs that is gone or damaged is named. */
  private async ensureVersionRender(meta: TakeMeta, v: TakeVersion, fresh = false): Promise<void> {
    if (v.unreadable) throw new UnreadableVersionError(meta.take_number, meta, v.number)
    if (!v.edits || v.number === 1) return
    await renderVersion(meta, v, this.recordings(meta.job_id), this.folders(meta.job_id).renders, fresh)
  }
}
