/**
 * The copies a drag hands out are cleared (issue 42, point 11), on a real take store with real versions:
 * a copy last handed out more than a day ago is removed when Booth starts (with the folders it leaves
 * empty), one handed out again within the day is kept a day from then, and nothing else is ever removed:
 * what Export… saved where the talent chose (however old), a file outside the copies' layout, a link. Export…
 * into the copies' own folder is refused in words, so a saved file can never be cleared as a copy.
 */
import { lstat, mkdir, readdir, stat, symlink, utimes, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createExportHandlers } from '../../../main/takes/export-handlers'
import { EXPORT_COPY_KEEP_MS, sweepExportCopies } from '../../../main/takes/export-sweep'
import { TakeExports } from '../../../main/takes/take-export'
import { tempDir } from '../delivery/delivery-fixture'
import { versionedTake } from '../versions/helpers/versioned-take'

let work: Awaited<ReturnType<typeof tempDir>>
beforeAll(async () => {
  work = await tempDir('booth-export-sweep-')
})
afterAll(async () => {
  await work.remove()
})

const HOUR = 60 * 60 * 1000
const exists = (p: string) =>
  lstat(p).then(
    () => true,
    () => false,
  )

/** A take with a version, and Booth's export calls on it at the clock `at()` (a desktop with a save dialog). */
async function booth(name: string) {
  const vt = await versionedTake(join(work.path, name))
  await vt.commitCut(2)
  const dir = join(vt.dataDir, 'exports')
  let t = Date.now()
  let answer: string | null = null
  const drags: string[] = []
  const run = () =>
    createExportHandlers({
      store: vt.store,
      dir,
      mediaUrl: (p) => p,
      now: () => t,
      startDrag: (p) => drags.push(p),
      chooseSavePath: async () => answer,
    })
  return {
    vt,
    dir,
    drags,
    run,
    later: (ms: number) => {
      t += ms
    },
    now: () => t,
    saveTo: (p: string | null) => {
      answer = p
    },
  }
}

describe("a drag's copies are cleared after a day", () => {
  it('Booth starting a day later removes the copy and its empty folders; one handed out again within the day stays', async () => {
    const b = await booth('starts')
    const take = await b.vt.fresh()
    await b.run().dragTakeOut({ takeId: take.id })
    const copy = b.drags[0] as string
    expect((await stat(copy)).mtimeMs).toBeCloseTo(b.now(), -3)

    // 20 h later the talent drags it again (a new run of Booth): the same copy, dated anew.
    b.later(20 * HOUR)
    const second = b.run()
    await second.dragTakeOut({ takeId: take.id })
    expect(b.drags[1]).toBe(copy)
    // 30 h after the first drag, 10 h after the last: a new run keeps it.
    b.later(10 * HOUR)
    const third = new TakeExports(b.vt.store, b.dir, b.now)
    expect(await third.sweep()).toEqual([])
    expect(await exists(copy)).toBe(true)
    // A day and a minute after the last drag: removed, and the take's folder with it.
    b.later(EXPORT_COPY_KEEP_MS - 10 * HOUR + 60_000)
    expect(await new TakeExports(b.vt.store, b.dir, b.now).sweep()).toEqual([copy])
    expect(await readdir(b.dir)).toEqual([])
    // Dragged once more after that: a fresh copy is made where it was.
    await b.run().dragTakeOut({ takeId: take.id })
    expect(b.drags[2]).toBe(copy)
    expect(await exists(copy)).toBe(true)
  })

  it('a run that keeps going clears them too: the next copy made an hour on clears what is a day old', async () => {
    const b = await booth('running')
    const take = await b.vt.fresh()
    const calls = b.run()
    await calls.dragTakeOut({ takeId: take.id })
    const copy = b.drags[0] as string
    b.later(EXPORT_COPY_KEEP_MS + HOUR)
    // An edited copy sits beside it (another app changed the first one), so the next drag makes a second copy.
    await writeFile(copy, 'changed by another app')
    await utimes(copy, new Date(b.now() - EXPORT_COPY_KEEP_MS - HOUR), new Date(b.now() - EXPORT_COPY_KEEP_MS - HOUR))
    await calls.dragTakeOut({ takeId: take.id })
    const fresh = b.drags[1] as string
    expect(fresh).not.toBe(copy)
    await expect.poll(() => exists(copy)).toBe(false)
    expect(await exists(fresh)).toBe(true)
  })
})

describe('nothing else is ever removed', () => {
  it('what Export… saved (however old), files outside the layout and links stay; Export… into the copies is refused', async () => {
    const b = await booth('kept')
    const take = await b.vt.fresh()
    const calls = b.run()
    const outside = join(work.path, 'kept-saved')
    await mkdir(outside, { recursive: true })
    const saved = join(outside, 'spot.wav')
    b.saveTo(saved)
    expect((await calls.exportTake({ takeId: take.id })).savedPath).toBe(saved)
    await calls.dragTakeOut({ takeId: take.id })
    const copy = b.drags[0] as string

    // Export… into the copies' folder: refused in words, nothing written there.
    const inside = join(b.dir, take.id, 'mine.wav')
    b.saveTo(inside)
    await expect(calls.exportTake({ takeId: take.id })).rejects.toThrow(
      /was not saved: .* is the folder where Booth keeps the copies it hands to other apps, and clears them after a day\. Choose another folder to keep it\./,
    )
    expect(await exists(inside)).toBe(false)

    // Old things that are not a drag's copy, in and around the folder.
    const stray = join(b.dir, 'notes.txt')
    const deep = join(b.dir, take.id, 'not-a-number', 'deep.wav')
    const link = join(b.dir, take.id, 'link.wav')
    await writeFile(stray, 'the talent put this here')
    await mkdir(join(b.dir, take.id, 'not-a-number'), { recursive: true })
    await writeFile(deep, 'x')
    await symlink(saved, link)
    const old = new Date(b.now() - 3 * EXPORT_COPY_KEEP_MS)
    for (const p of [saved, stray, deep]) await utimes(p, old, old)

    b.later(2 * EXPORT_COPY_KEEP_MS)
    expect(await sweepExportCopies(b.dir, { now: b.now() })).toEqual([copy])
    for (const p of [saved, stray, deep, link]) expect(await exists(p), p).toBe(true)
  })
})
