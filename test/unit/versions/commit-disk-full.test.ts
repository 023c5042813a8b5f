/**
 * A disk that fills up while a new version is kept: on a real small disk (a tmpfs of its own), filled at
 * the very moment the take record is written. The record is written first, so the take stays at version 1
 * with version 1's read-back ("tomorrow" for "today") and nothing of version 2 hangs beside it; the page
 * is told the disk is full; once there is room again the same fix makes version 2, and version 1's own
 * record keeps its own read-back.
 */
import { readFile, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { describeError } from '../../../main/bridge/describe-error'
import { createReadbackArea } from '../../../main/readback/service/readback-handlers'
import { writeTakeMeta } from '../../../main/takes/take-meta-file'
import type { TakeMeta } from '../../../main/takes/take-types'
import { guardVersionErrors } from '../../../main/versions/service/version-errors'
import { tempDir } from '../delivery/delivery-fixture'
import { fillUp, mountRefusal, mountSmallDisk, sayWhySkipped, type Mounted } from '../../support/small-disks'
import { Gate, gatedEngine, versionedTake, type VersionedTake } from './helpers/versioned-take'

const refusal = await mountRefusal()
sayWhySkipped('a version kept on a disk that fills up', refusal)

let work: Awaited<ReturnType<typeof tempDir>>
let disk: Mounted
let vt: VersionedTake
let dataDir = ''
/** While set, the next take record written fills the disk first: the write then meets a real ENOSPC. */
let fillAtRecord = false
const writeMeta = async (path: string, meta: TakeMeta) => {
  if (fillAtRecord) await fillUp(dataDir)
  await writeTakeMeta(path, meta)
}

beforeAll(async () => {
  if (refusal) return
  work = await tempDir('booth-commit-full-')
  dataDir = join(work.path, 'data')
  disk = await mountSmallDisk(dataDir, 16 * 1024 * 1024)
  vt = await versionedTake(dataDir, { writeMeta })
  const readback = createReadbackArea({
    dataDir,
    store: vt.store,
    hub: vt.hub,
    warn: () => undefined,
    getJob: async () => {
      throw new Error('offline')
    },
    service: { engines: () => [gatedEngine(new Gate())] },
  })
  await readback.start()
  await readback.handlers.runReadback({ takeId: vt.take.id })
  await readback.service.whenIdle()
  await readback.stop()
}, 60_000)
afterAll(async () => {
  if (refusal) return
  await disk.unmount()
  await work.remove()
})

describe.skipIf(refusal !== null)('the take record first, then what hangs off it', { timeout: 120_000 }, () => {
  it('a disk full at the take record leaves version 1 whole, its read-back its own; the next fix makes version 2', async () => {
    const before = await readFile(vt.area.versions.readbackPath(vt.take), 'utf8')
    expect(before).toContain('tomorrow')

    fillAtRecord = true
    const err = await guardVersionErrors(() => vt.commitCut(2.5), { dataDir, again: 'make the fix again' }).then(
      () => null,
      (e: unknown) => e,
    )
    fillAtRecord = false
    expect(err).not.toBeNull()
    expect(describeError(err).message).toMatch(
      /^The disk holding Booth's data is full: .* Free some space, then make the fix again/,
    )

    // Nothing of version 2 was kept: the take, its read-back and the files beside it are version 1's.
    const take = await vt.fresh()
    expect(take.current_version ?? 1).toBe(1)
    expect(take.versions).toBeUndefined()
    expect(await readFile(vt.area.versions.readbackPath(take), 'utf8')).toBe(before)
    expect(await stat(vt.area.versions.readbackPath(take, 2)).catch(() => null)).toBeNull()

    // Room again: the same fix makes version 2, and version 1 keeps its own read-back in its record and file.
    await rm(join(dataDir, '.filler'))
    const made = await vt.commitCut(2.5)
    expect(made.version.number).toBe(2)
    const after = await vt.fresh()
    expect(after.versions?.map((v) => v.readback?.clean)).toEqual([false, true])
    expect(await readFile(vt.area.versions.readbackPath(after, 1), 'utf8')).toBe(before)
    expect(await readFile(vt.area.versions.readbackPath(after), 'utf8')).not.toContain('tomorrow')
  })
})
