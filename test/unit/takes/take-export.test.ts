/**
 * A take leaving Booth (issue 42, point 11) on a real take store with real versions and renders: the copy a
 * drag hands out and the one Export… saves are byte-identical to the file delivery sends (the same function
 * settles it: main/takes/take-delivery-file.ts), are copies (never the version's render or the recording
 * itself, so a DAW editing the dragged file in place edits Booth's copy, which the next drag makes again),
 * are named by the delivery rule, refuse the take's own files as a target, and a damaged version is refused
 * in words with nothing handed out. The desktop's pieces (startDrag, the save dialog, showItemInFolder) are
 * recorded fakes; without them (the web host) Export… is a download link and the drag is the page's.
 */
import { mkdir, open, readFile, readdir, stat } from 'node:fs/promises'
import { basename, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sha256File } from '../../../main/storage/content-hash'
import { createExportHandlers, revealLabelFor } from '../../../main/takes/export-handlers'
import { deliveryFileOf } from '../../../main/takes/take-delivery-file'
import { tempDir } from '../delivery/delivery-fixture'
import { JOB, versionedTake } from '../versions/helpers/versioned-take'

let work: Awaited<ReturnType<typeof tempDir>>
beforeAll(async () => {
  work = await tempDir('booth-take-export-')
})
afterAll(async () => {
  await work.remove()
})

const mediaUrl = (path: string) => `booth-media://file/${encodeURIComponent(path)}`

async function desktop(name: string) {
  const vt = await versionedTake(join(work.path, name))
  await vt.commitCut(2)
  const drags: string[] = []
  const shown: string[] = []
  let saveAnswer: string | null = null
  const offered: string[] = []
  const handlers = createExportHandlers({
    store: vt.store,
    dir: join(vt.dataDir, 'exports'),
    mediaUrl,
    platform: 'darwin',
    startDrag: (p) => drags.push(p),
    showItemInFolder: (p) => shown.push(p),
    chooseSavePath: async (suggested) => {
      offered.push(suggested)
      return saveAnswer
    },
  })
  return {
    vt,
    handlers,
    drags,
    shown,
    offered,
    answer: (p: string | null) => {
      saveAnswer = p
    },
  }
}

describe('a take dragged out, exported and shown', () => {
  it('hands out a copy byte-identical to what delivery sends, under the delivery name, never the render itself', async () => {
    const d = await desktop('drag')
    const take = await d.vt.fresh()
    expect(take.current_version).toBe(2)
    const delivered = await deliveryFileOf(d.vt.store, take)
    const view = await d.handlers.prepareTakeExport({ takeId: take.id })
    expect(view).toMatchObject({
      version: 2,
      fileName: delivered.file_name,
      mimeType: 'audio/wav',
      drag: 'native',
      revealLabel: 'Show in Finder',
    })
    expect(view.fileName).toMatch(/^ACME_\w+_01_v2\.wav$/)
    expect(view.sha256).toBe(await sha256File(delivered.path))
    await d.handlers.dragTakeOut({ takeId: take.id })
    expect(d.drags).toHaveLength(1)
    const dragged = d.drags[0] as string
    expect(await sha256File(dragged)).toBe(view.sha256)
    expect(view.url).toBe(mediaUrl(dragged))
    // A copy: not the render, not a link to it, nor to the recording.
    expect(dragged).not.toBe(delivered.path)
    expect((await stat(dragged)).ino).not.toBe((await stat(delivered.path)).ino)
    expect((await stat(dragged)).ino).not.toBe((await stat(d.vt.store.recordingPath(take))).ino)
  })

  it('a dragged copy edited in place by another app is made again beside it, never over it; the render is untouched', async () => {
    const d = await desktop('edited')
    const take = await d.vt.fresh()
    const first = await d.handlers.prepareTakeExport({ takeId: take.id })
    const render = (await deliveryFileOf(d.vt.store, take)).path
    await d.handlers.dragTakeOut({ takeId: take.id })
    const fh = await open(d.drags[0] as string, 'r+')
    await fh.write(Buffer.alloc(4096, 0x11), 0, 4096, 2000)
    await fh.close()
    const edited = await sha256File(d.drags[0] as string)
    await d.handlers.dragTakeOut({ takeId: take.id })
    const again = d.drags[1] as string
    // A new copy of the delivered bytes, beside the edited one, which stays as the other app left it.
    expect(again).not.toBe(d.drags[0])
    expect(basename(again)).toBe(first.fileName)
    expect(await sha256File(again)).toBe(first.sha256)
    expect(await sha256File(d.drags[0] as string)).toBe(edited)
    expect(await sha256File(render)).toBe(first.sha256)
    // Dragged once more: the good copy is handed out again, not a third.
    await d.handlers.dragTakeOut({ takeId: take.id })
    expect(d.drags[2]).toBe(again)
  })

  it('Export… offers the delivery name, saves a checked copy, and Show in Finder shows that copy', async () => {
    const d = await desktop('export')
    const take = await d.vt.fresh()
    const target = join(work.path, 'export-out', 'spot.wav')
    await mkdir(join(work.path, 'export-out'), { recursive: true })
    d.answer(null)
    expect(await d.handlers.exportTake({ takeId: take.id })).toMatchObject({ savedPath: null, url: null })
    d.answer(target)
    const saved = await d.handlers.exportTake({ takeId: take.id })
    expect(d.offered).toEqual([saved.fileName, saved.fileName])
    expect(saved.fileName).toMatch(/_v2\.wav$/)
    expect(saved.savedPath).toBe(target)
    expect(await sha256File(target)).toBe(await sha256File((await deliveryFileOf(d.vt.store, take)).path))
    // Nothing but the file is left in the folder (the temporary copy went).
    expect(await readdir(join(work.path, 'export-out'))).toEqual(['spot.wav'])
    expect(await d.handlers.showTakeExport({ takeId: take.id })).toEqual({ shown: target })
    expect(d.shown).toEqual([target])
  })

  it("refuses to save over the take's own render or recording, in words, and leaves them as they were", async () => {
    const d = await desktop('refuse')
    const take = await d.vt.fresh()
    const render = d.vt.store.audioPath(take)
    const before = await sha256File(render)
    d.answer(render)
    await expect(d.handlers.exportTake({ takeId: take.id })).rejects.toThrow(
      /is the take .* under another name \(the same file\); it is never written over/,
    )
    expect(await sha256File(render)).toBe(before)
    d.answer(d.vt.store.recordingPath(take))
    const recording = await sha256File(d.vt.store.recordingPath(take))
    await expect(d.handlers.exportTake({ takeId: take.id })).rejects.toThrow(/never written over/)
    expect(await sha256File(d.vt.store.recordingPath(take))).toBe(recording)
  })

  it('a version whose recording is damaged is refused in words, and nothing is handed out', async () => {
    const d = await desktop('damaged')
    const take = await d.vt.fresh()
    const source = take.versions?.[1]?.edits?.pieces[0]?.source as string
    const path = d.vt.area.versions.recordings(JOB).pathOf(source)
    const fh = await open(path, 'r+')
    await fh.write(Buffer.alloc(48 * 1024, 0x5a), 0, 48 * 1024, Math.floor((await stat(path)).size / 2))
    await fh.close()
    await expect(d.handlers.prepareTakeExport({ takeId: take.id })).rejects.toThrow(
      /^ACME_\w+_01 was not exported: Version 2's recording is damaged \(changed on disk since Booth wrote it\)/,
    )
    await expect(d.handlers.dragTakeOut({ takeId: take.id })).rejects.toThrow(/damaged/)
    expect(d.drags).toEqual([])
    expect(await readdir(join(d.vt.dataDir, 'exports')).catch(() => [])).toEqual([])
  })

  it('in the web host: the drag is the page’s (DownloadURL), Export… is a download link, no folder is shown', async () => {
    const vt = await versionedTake(join(work.path, 'web'))
    await vt.commitCut(2)
    const handlers = createExportHandlers({
      store: vt.store,
      dir: join(vt.dataDir, 'exports'),
      mediaUrl: (p) => `/media/${p.length}.wav`,
    })
    const take = await vt.fresh()
    const view = await handlers.prepareTakeExport({ takeId: take.id })
    expect(view).toMatchObject({ drag: 'download_url', revealLabel: null })
    const saved = await handlers.exportTake({ takeId: take.id })
    expect(saved).toEqual({ savedPath: null, url: `${view.url}?download=1`, fileName: view.fileName })
    await expect(handlers.dragTakeOut({ takeId: take.id })).rejects.toThrow(/the page itself/)
    await expect(handlers.showTakeExport({ takeId: take.id })).rejects.toThrow(/cannot open a folder/)
    expect(await readFile(join(vt.dataDir, 'exports', take.id, view.fileName))).toHaveLength(view.bytes)
  })

  it('names the file manager of each platform', () => {
    expect([revealLabelFor('darwin'), revealLabelFor('win32'), revealLabelFor('linux')]).toEqual([
      'Show in Finder',
      'Show in Explorer',
      'Show in folder',
    ])
  })
})
