/**
 * A finish killed with a real SIGKILL after it had written its recording and render (what the tester found
 * left, 2 × 2.9 MB with no take using them), then Booth started again on the same data folder: the start
 * removes the recording and render no version uses, keeps every file a version uses, in the takes or the
 * trash, and everything when a pending delivery names it or a take record cannot be read. The restart note
 * says the finish did not finish, and keeps saying so after a version is made since (it was matched to a
 * version made after the restart: "was finished just before Booth stopped").
 */
import { readdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { notMeasuredPreflight } from '../../../main/audio/preflight'
import { EventHub } from '../../../main/bridge/event-hub'
import { TakeStore } from '../../../main/takes/take-store'
import { createVersionArea } from '../../../main/versions/service/version-handlers'
import { tempDir } from '../delivery/delivery-fixture'
import { writeGeneratedWav } from './helpers/generated-wav'
import { childUnderWay } from '../../support/child-under-way'

const CHILD = fileURLToPath(new URL('./finish-kill-child.ts', import.meta.url))
const JOB = '4242'
const FORMAT = { sample_rate: 48_000, channels: 1, encoding: 'pcm_s24' as const }
let work: Awaited<ReturnType<typeof tempDir>>
beforeAll(async () => {
  work = await tempDir('booth-finish-restart-')
})
afterAll(async () => {
  await work.remove()
})

/** Booth started on `dataDir`: a new store and version area, and the takes' start (as take-handlers' start runs it). */
async function start(dataDir: string) {
  const store = new TakeStore({ dataDir, measure: async () => notMeasuredPreflight() })
  const refuse = async (): Promise<never> => {
    throw new Error('no recording here')
  }
  const area = createVersionArea({
    store,
    hub: new EventHub(),
    currentScript: async () => null,
    takesChanged: () => undefined,
    recording: { start: refuse, stop: refuse, cancel: refuse },
    transcribe: async () => {
      throw new Error('not heard here')
    },
  })
  const report = await store.recoverUnfinished()
  // The journal looks at what was cut off on its own as the area is made; the start is over when it has
  // (its notes wait for that). Else its note was still being written as the test removed the folder (ENOTEMPTY).
  await area.handlers.listUnfinishedWork({ jobId: JOB })
  return { store, area, report }
}

async function killedFinish(name: string) {
  const dataDir = join(work.path, name)
  const first = new TakeStore({ dataDir, measure: async () => notMeasuredPreflight() })
  const source = await writeGeneratedWav(join(work.path, `${name}-take.wav`), FORMAT, 48_000 * 4, 7)
  const take = await first.import(JOB, source, { stem: 'ACME', spotLengthS: 3 })
  const child = await childUnderWay(CHILD, [dataDir, take.id])
  expect(await child.kill()).toBe('SIGKILL')
  const folder = join(dataDir, 'takes', JOB, 'versions')
  // The versions' files (named by their hashes): temp files a crash leaves are cleared as every start clears
  // them, and the take's own seal (its file linked in under its hash) stays while the take is there.
  const hashed = (names: string[]) => names.filter((n) => /^[0-9a-f]{64}\.(wav|sha256)$/.test(n)).sort()
  const files = async () => ({
    recordings: hashed(await readdir(join(folder, 'recordings')).catch(() => [])),
    renders: hashed(await readdir(join(folder, 'renders')).catch(() => [])),
  })
  return { dataDir, take, files, folder }
}

describe('a finish killed after writing its recording and render', { timeout: 120_000 }, () => {
  it('leaves nothing at the next start, and the note says it did not finish, also after a version made since', async () => {
    const k = await killedFinish('killed')
    const left = await k.files()
    // What the killed finish wrote: its recording, its render and the render's hash.
    expect(left.recordings.filter((n) => /^[0-9a-f]{64}\.wav$/.test(n))).toHaveLength(1)
    expect(left.renders.filter((n) => /^[0-9a-f]{64}\.(wav|sha256)$/.test(n))).toHaveLength(2)
    const again = await start(k.dataDir)
    expect(await k.files()).toEqual({ recordings: [], renders: [] })
    expect((await readdir(join(k.folder, 'recordings'))).filter((n) => n.endsWith('.sealed'))).toHaveLength(1)
    expect(
      again.report.removedLeftovers.filter((p) => /versions\/(recordings|renders)\/[0-9a-f]{64}\./.test(p)),
    ).toHaveLength(3)
    const n = k.take.take_number
    const said = `The finish for delivery before Booth stopped was not finished; take ${n} is at version 1.`
    expect((await again.area.handlers.listUnfinishedWork({ jobId: JOB })).map((x) => x.message)).toEqual([said])
    // A version made after the restart is not the cut-off finish's.
    const t = await again.store.get(k.take.id)
    const ref = await again.area.versions.recordings(JOB).add(again.store.recordingPath(t))
    const list = {
      format: ref.format,
      frames: 48_000,
      pieces: [
        {
          source: ref.hash,
          from: 0,
          to: 48_000,
          at: 0,
          gain_db: 0,
          fade_in: { frames: 0, shape: 'equal_power' as const },
          fade_out: { frames: 480, shape: 'equal_power' as const },
        },
      ],
    }
    await again.area.work.exclusive(t, () =>
      again.area.work.commit(t, null, { operation: 'cut_restart', list, changes: [], findings: [] }),
    )
    expect((await again.area.handlers.listUnfinishedWork({ jobId: JOB })).map((x) => x.message)).toEqual([
      `The finish for delivery before Booth stopped was not finished; take ${n} is at version 2.`,
    ])
    // A third start keeps what that version uses, and still says the same.
    const used = await k.files()
    const third = await start(k.dataDir)
    expect(await k.files()).toEqual(used)
    expect(used.renders.filter((x) => x.endsWith('.wav'))).toHaveLength(1)
    expect((await third.area.handlers.listUnfinishedWork({ jobId: JOB })).map((x) => x.message)).toEqual([
      `The finish for delivery before Booth stopped was not finished; take ${n} is at version 2.`,
    ])
  })

  it('keeps a file a pending delivery names, and everything when a take record cannot be read', async () => {
    const k = await killedFinish('kept')
    const left = await k.files()
    const render = left.renders.find((x) => x.endsWith('.wav')) as string
    const path = join(k.folder, 'renders', render)
    await writeFile(
      join(k.dataDir, 'delivery-queue.json'),
      JSON.stringify({
        schema: 1,
        items: [{ takeId: k.take.id, file: { path, file_name: 'x.wav', size: 1, mtimeMs: 1 } }],
      }),
    )
    await start(k.dataDir)
    const after = await k.files()
    expect(after.recordings).toEqual([])
    expect(after.renders).toEqual([render])
    // A queue that cannot be read: a delivery may use anything, so nothing goes.
    const k2 = await killedFinish('queue-unreadable')
    await writeFile(join(k2.dataDir, 'delivery-queue.json'), '{"schema":1,"items":[')
    const before2 = await k2.files()
    await start(k2.dataDir)
    expect(await k2.files()).toEqual(before2)
    // A take record that cannot be read may name any of them: nothing goes.
    const k3 = await killedFinish('record-unreadable')
    await writeFile(join(k3.dataDir, 'takes', JOB, '0b6f1a8e-0000-4000-8000-000000000000.take.json'), '{ not json')
    const before3 = await k3.files()
    await start(k3.dataDir)
    expect(await k3.files()).toEqual(before3)
  })
})
