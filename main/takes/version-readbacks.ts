/**
 * Where a take's read-backs are kept beside it, and keeping one the read-back service made ("Check again",
 * or the read-back after a take stops) only over the version it was made for: as the take's read-back
 * while that version is still the current one (read afresh under the take's lock), else as that version's
 * own file — never over another version's. An undo during a read-back so leaves the restored version's
 * read-back on screen, not the one made for the version it left.
 */
import { join } from 'node:path'
import type { ReadbackStored } from '../../shared/bridge-readback'
import { writeFileAtomic } from '../storage/atomic-file'
import type { TakeShelf } from './take-shelf'
import type { TakeMeta } from './take-types'
import { currentStamp, sameStamp, stampOf, stillCurrent, type VersionStamp } from '../version-records/version-stamp'

/** A take's current read-back (`<id>.readback.json`, the read-back service's file), or version `n`'s own. */
export function readbackPathOf(jobTakesDir: string, take: Pick<TakeMeta, 'id'>, version?: number): string {
  return join(jobTakesDir, version === undefined ? `${take.id}.readback.json` : `${take.id}.v${version}.readback.json`)
}

/** Keeps `stored`, made for `madeFor` (default: the take's current version as given); true when it is now the take's read-back. */
export async function keepReadbackFor(
  store: TakeShelf,
  take: TakeMeta,
  stored: ReadbackStored,
  madeFor: VersionStamp = currentStamp(take),
): Promise<boolean> {
  return store.withJob(take.job_id, async () => {
    const { meta } = await store.find(take.id, 'takes')
    const dir = store.folders.dir('takes', meta.job_id)
    const text = `${JSON.stringify(stored)}\n`
    if (stillCurrent(meta, madeFor)) {
      await writeFileAtomic(readbackPathOf(dir, meta), text)
      return true
    }
    if (meta.versions && sameStamp(stampOf(meta, madeFor.number), madeFor))
      await writeFileAtomic(readbackPathOf(dir, meta, madeFor.number), text)
    return false
  })
}
