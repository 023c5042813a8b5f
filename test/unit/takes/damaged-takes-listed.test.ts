/**
 * A take Booth cannot read is listed on its job as damaged wherever it is, the trash included, and never
 * dropped: through the takes area's own listTakes handler (what the page is sent), on a real folder with
 * real audio. A trashed take whose record was emptied used to vanish from the page while its WAV stayed.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TakeArea } from '../../../main/takes/take-handlers'
import { makeTone } from './helpers/media'
import { offlineTakeArea } from './helpers/offline-take-area'

let root: string
let area: TakeArea

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'booth-damaged-takes-'))
  await makeTone(join(root, 'dropped.wav'), 0.5)
  area = offlineTakeArea(join(root, 'data'))
})
afterAll(async () => {
  await area.stop()
  await rm(root, { recursive: true, force: true })
})

describe('damaged takes on the page', () => {
  it('a trashed take whose record is empty is listed as damaged, in the trash, with its audio kept', async () => {
    const jobId = '5150'
    const kept = await area.handlers.importTake({ jobId, path: join(root, 'dropped.wav') })
    const trashed = await area.handlers.importTake({ jobId, path: join(root, 'dropped.wav') })
    await area.handlers.deleteTake({ takeId: trashed.id })
    const trashDir = join(root, 'data', 'trash', jobId)
    await writeFile(join(trashDir, `${trashed.id}.take.json`), '')
    const audioBefore = await readFile(join(trashDir, trashed.file_name))

    const snap = await area.handlers.listTakes({ jobId })
    expect(snap.takes.map((t) => t.id)).toEqual([kept.id])
    expect(snap.trash).toEqual([])
    const record = snap.damaged.find((d) => d.id === trashed.id)
    expect(record?.shelf).toBe('trash')
    expect(record?.message).toMatch(
      /is not valid JSON \(it is empty\); its audio is left where it is \(in the trash\)\.$/,
    )
    const audio = snap.damaged.find((d) => d.id === `audio:${trashed.file_name}`)
    expect(audio).toMatchObject({ shelf: 'trash', audioPath: join(trashDir, trashed.file_name) })
    expect(audio?.message).toBe(
      `"${trashed.file_name}" (in the trash) has no take record Booth can read; the file is kept at ${join(trashDir, trashed.file_name)}.`,
    )

    // Nothing was deleted or rewritten.
    expect((await readdir(trashDir)).sort()).toEqual([trashed.file_name, `${trashed.id}.take.json`].sort())
    expect(await readFile(join(trashDir, `${trashed.id}.take.json`), 'utf8')).toBe('')
    expect((await readFile(join(trashDir, trashed.file_name))).equals(audioBefore)).toBe(true)
  })

  it('a record that is damaged but still names its audio is one damaged take, with that audio, on either shelf', async () => {
    const jobId = '5151'
    const live = await area.handlers.importTake({ jobId, path: join(root, 'dropped.wav') })
    const trashed = await area.handlers.importTake({ jobId, path: join(root, 'dropped.wav') })
    await area.handlers.deleteTake({ takeId: trashed.id })
    const liveMeta = join(root, 'data', 'takes', jobId, `${live.id}.take.json`)
    const trashMeta = join(root, 'data', 'trash', jobId, `${trashed.id}.take.json`)
    await writeFile(liveMeta, JSON.stringify({ ...JSON.parse(await readFile(liveMeta, 'utf8')), label: 'best' }))
    await writeFile(trashMeta, JSON.stringify({ ...JSON.parse(await readFile(trashMeta, 'utf8')), take_number: 'two' }))

    const snap = await area.handlers.listTakes({ jobId })
    expect(snap.takes).toEqual([])
    expect(snap.trash).toEqual([])
    expect(snap.damaged.map((d) => [d.id, d.shelf, d.audioPath])).toEqual([
      [live.id, 'takes', join(root, 'data', 'takes', jobId, live.file_name)],
      [trashed.id, 'trash', join(root, 'data', 'trash', jobId, trashed.file_name)],
    ])
    expect(snap.damaged[0]?.message).toMatch(
      /is damaged: field "label" must be one of main, alt.*; its audio is left where it is\.$/,
    )
    expect(snap.damaged[1]?.message).toMatch(
      /is damaged: .*take_number.*its audio is left where it is \(in the trash\)\.$/,
    )
  })
})
