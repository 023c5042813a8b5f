/**
 * What versions say when something is wrong, on a real take store with real renders and measurements:
 * a delivered (or sending) take's trim does not change, and says so; a trim measured for version 2 is not
 * kept on version 1 when an undo came in while it was measured; a recording deleted from disk is named as
 * the version it breaks; a damaged version record among three hides only itself.
 */
import { readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { describeError } from '../../../main/bridge/describe-error'
import { createMediaHandlers } from '../../../main/takes/playback-handlers'
import { guardTakeErrors } from '../../../main/takes/take-errors'
import type { EditList } from '../../../shared/versions/edit-list'
import { tempDir } from '../delivery/delivery-fixture'
import { writeGeneratedWav } from './helpers/generated-wav'
import { Gate, JOB, versionedTake } from './helpers/versioned-take'

let work: Awaited<ReturnType<typeof tempDir>>
beforeAll(async () => {
  work = await tempDir('booth-version-faults-')
})
afterAll(async () => {
  await work.remove()
})

/** What the page is told when `p` fails (through the takes' error guard, as every take call is). */
const refusedWith = async (p: Promise<unknown>) => {
  const err = await guardTakeErrors(() => p).then(
    () => null,
    (e: unknown) => e,
  )
  expect(err, 'the call should have been refused').not.toBeNull()
  return describeError(err).message
}

describe('versions tell the truth', { timeout: 120_000 }, () => {
  it('a delivered take keeps the trim it was sent with, and says so in a sentence', async () => {
    const vt = await versionedTake(join(work.path, 'delivered'))
    await vt.store.setTrim(vt.take.id, { head_s: 0.25, tail_s: 0 })
    await vt.store.setDelivery(vt.take.id, { status: 'delivered', delivery_id: 'd-1', idempotency_key: 'key-00000001' })
    const record = await readFile(vt.store.folders.metaPath('takes', JOB, vt.take.id), 'utf8')
    expect(await refusedWith(vt.store.setTrim(vt.take.id, { head_s: 0.5, tail_s: 0 }))).toBe(
      `${vt.take.file_name.replace(/\.wav$/, '')} was already delivered as it is; its trim can ` +
        `no longer change. Record or import a new take to send another cut.`,
    )
    expect(await refusedWith(vt.store.setTrimAndMeasure(vt.take.id, { head_s: 0, tail_s: 0 }))).toMatch(
      /already delivered as it is; its trim can no longer change/,
    )
    expect(await readFile(vt.store.folders.metaPath('takes', JOB, vt.take.id), 'utf8')).toBe(record)
    // Setting the trim it already has is no change, and is answered as such.
    expect((await vt.store.setTrim(vt.take.id, { head_s: 0.25, tail_s: 0 })).trim).toEqual({ head_s: 0.25, tail_s: 0 })
    await vt.store.setDelivery(vt.take.id, { status: 'sending' })
    expect(await refusedWith(vt.store.setTrim(vt.take.id, { head_s: 0.5, tail_s: 0 }))).toMatch(
      /is being sent with its current trim; its trim can no longer change/,
    )
  })

  it('a trim measured for version 2 is not kept on version 1 when an undo came in meanwhile', async () => {
    const gate = new Gate()
    const vt = await versionedTake(join(work.path, 'trim-race'), { measureGate: gate })
    const v1 = await vt.store.setTrimAndMeasure(vt.take.id, { head_s: 0.5, tail_s: 0 })
    expect(v1.trimmed_preflight?.duration_s).toBeCloseTo(2.5, 2)
    await vt.commitCut(2.5)
    gate.close()
    const measuring = vt.store.setTrimAndMeasure(vt.take.id, { head_s: 0.5, tail_s: 0 })
    await gate.reached
    await vt.area.handlers.restoreVersion({ takeId: vt.take.id, version: 1 })
    gate.open()
    await measuring
    const after = await vt.fresh()
    expect(after.current_version).toBe(1)
    expect(after.trimmed_preflight?.duration_s).toBeCloseTo(2.5, 2)
    expect(after.versions?.[1]?.trim).toEqual({ head_s: 0.5, tail_s: 0 })
  })

  it('a missing pickup recording is named as the version it breaks; the others still play', async () => {
    const vt = await versionedTake(join(work.path, 'missing'))
    const t = await vt.fresh()
    const recordings = vt.area.versions.recordings(JOB)
    const base = await recordings.add(vt.store.recordingPath(t))
    const pickup = await recordings.add(await writeGeneratedWav(join(work.path, 'pickup.wav'), base.format, 48_000, 99))
    const piece = (source: string, at: number) => ({
      source,
      from: 0,
      to: 48_000,
      at,
      gain_db: 0,
      fade_in: { frames: 0, shape: 'equal_power' as const },
      fade_out: { frames: 0, shape: 'equal_power' as const },
    })
    const list: EditList = {
      format: base.format,
      frames: 96_000,
      pieces: [piece(base.hash, 0), piece(pickup.hash, 48_000)],
    }
    const script = await vt.area.work.scriptOf(t)
    const made = await vt.area.work.commit(t, script, {
      operation: 'pickup',
      list,
      changes: [],
      findings: [],
      pickups: {
        base: base.hash,
        base_version: 1,
        patches: [{ sentence: 1, source: pickup.hash, source_take_id: null, source_name: 'Pickup 2' }],
      },
    })
    await vt.area.handlers.restoreVersion({ takeId: t.id, version: 1 })
    // The render and the pickup's recording are deleted from disk.
    await rm(join(vt.area.versions.folders(JOB).renders, `${made.version.render_key}.wav`))
    await rm(recordings.pathOf(pickup.hash))
    const media = createMediaHandlers({
      client: () => null,
      store: vt.store,
      cacheDir: join(work.path, 'cache'),
      mediaUrl: (p) => `booth-media:${p}`,
    })
    const sentence =
      "Version 2 cannot be played: its pickup recording (Pickup 2) is missing. The take's other versions are kept."
    expect(await refusedWith(media.getTakeMediaUrl({ takeId: t.id, version: 2 }))).toBe(sentence)
    expect(await refusedWith(vt.area.handlers.restoreVersion({ takeId: t.id, version: 2 }))).toBe(sentence)
    expect((await vt.fresh()).current_version).toBe(1)
    expect((await media.getTakeMediaUrl({ takeId: t.id, version: 1 })).url).toBe(
      `booth-media:${vt.store.recordingPath(t)}`,
    )
  })

  it('placing more pickups on a version whose pickup recording is gone names it, and writes nothing', async () => {
    const vt = await versionedTake(join(work.path, 'missing-more'))
    const t = await vt.fresh()
    const recordings = vt.area.versions.recordings(JOB)
    const base = await recordings.add(vt.store.recordingPath(t))
    const pickup = await recordings.add(
      await writeGeneratedWav(join(work.path, 'pickup-more.wav'), base.format, 48_000, 98),
    )
    const piece = (source: string, at: number) => ({
      source,
      from: 0,
      to: 48_000,
      at,
      gain_db: 0,
      fade_in: { frames: 0, shape: 'equal_power' as const },
      fade_out: { frames: 0, shape: 'equal_power' as const },
    })
    await vt.area.work.commit(t, await vt.area.work.scriptOf(t), {
      operation: 'pickup',
      list: { format: base.format, frames: 96_000, pieces: [piece(base.hash, 0), piece(pickup.hash, 48_000)] },
      changes: [],
      findings: [],
      pickups: {
        base: base.hash,
        base_version: 1,
        patches: [{ sentence: 1, source: pickup.hash, source_take_id: null, source_name: 'Pickup 2' }],
      },
    })
    const another = await vt.store.import(
      JOB,
      await writeGeneratedWav(join(work.path, 'another.wav'), base.format, 48_000, 97),
      { stem: 'ACME', label: 'pickup' },
    )
    await rm(recordings.pathOf(pickup.hash))
    const record = await readFile(vt.store.folders.metaPath('takes', JOB, t.id), 'utf8')
    expect(await refusedWith(vt.area.handlers.makePickupVersion({ takeId: t.id, pickupTakeIds: [another.id] }))).toBe(
      "Version 2 cannot be played: its pickup recording (Pickup 2) is missing. The take's other versions are kept.",
    )
    expect(await readFile(vt.store.folders.metaPath('takes', JOB, t.id), 'utf8')).toBe(record)
  })

  it('a damaged version record among three hides only itself, named in words', async () => {
    const vt = await versionedTake(join(work.path, 'damaged'))
    await vt.commitCut(2.5)
    await vt.commitCut(2)
    const path = vt.store.folders.metaPath('takes', JOB, vt.take.id)
    const onDisk = JSON.parse(await readFile(path, 'utf8')) as { versions: Array<Record<string, unknown>> }
    onDisk.versions[1] = { ...onDisk.versions[1], render_key: 'not a hash', edits: { frames: -1 } }
    await writeFile(path, JSON.stringify(onDisk))

    const listing = await vt.store.list(JOB)
    expect(listing.damaged).toEqual([])
    const take = listing.takes.find((x) => x.id === vt.take.id)
    expect(take?.current_version).toBe(3)
    const view = await vt.area.handlers.listVersions({ takeId: vt.take.id })
    expect(view.versions.map((v) => v.unreadable?.message ?? 'fine')).toEqual([
      'fine',
      'Version 2 could not be read.',
      'fine',
    ])
    expect(view.unreadable).toBe('Version 2 could not be read; versions 1 and 3 are fine.')
    const media = createMediaHandlers({
      client: () => null,
      store: vt.store,
      cacheDir: join(work.path, 'cache2'),
      mediaUrl: (p) => p,
    })
    expect(await refusedWith(media.getTakeMediaUrl({ takeId: vt.take.id, version: 2 }))).toBe(
      'Version 2 of take 1 could not be read, so Booth cannot tell which audio it is. Restore versions 1 or 3: they are fine.',
    )
    expect(await refusedWith(vt.area.handlers.restoreVersion({ takeId: vt.take.id, version: 2 }))).toMatch(
      /^Version 2 of take 1 could not be read/,
    )
    expect((await media.getTakeMediaUrl({ takeId: vt.take.id })).url).toMatch(/versions\/renders\/[0-9a-f]{64}\.wav$/)
    // Undo to version 1 works, and the damaged record goes back to disk as it was.
    await vt.area.handlers.restoreVersion({ takeId: vt.take.id, version: 1 })
    const written = JSON.parse(await readFile(path, 'utf8')) as { versions: unknown[]; current_version: number }
    expect(written.current_version).toBe(1)
    expect(written.versions[1]).toEqual(onDisk.versions[1])
  })
})
