/**
 * Version work cut off because Booth stopped is said after the next start, from main's journal on disk:
 * a real child process begins cutting a false start through the real handler and is killed with SIGKILL
 * mid-job; a new start on the same data folder names what did not finish and the version the take is at,
 * until the note is dismissed. A job that ends (done or refused) leaves no note; a damaged journal file
 * (any bytes) is set aside and named in words, and never stops the start.
 */
import { mkdtemp, readdir, readFile, rm, writeFile, mkdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { notMeasuredPreflight } from '../../../main/audio/preflight'
import { EventHub } from '../../../main/bridge/event-hub'
import { TakeStore } from '../../../main/takes/take-store'
import type { TakeMeta } from '../../../main/takes/take-types'
import { createVersionArea } from '../../../main/versions/service/version-handlers'
import { parseEntry, WorkJournal } from '../../../main/versions/store/work-journal'
import { tempDir } from '../delivery/delivery-fixture'
import { heardIn, JOB, versionedTake } from './helpers/versioned-take'
import { childUnderWay } from '../../support/child-under-way'

const CHILD = fileURLToPath(new URL('./journal-child.ts', import.meta.url))
let work: Awaited<ReturnType<typeof tempDir>>
beforeAll(async () => {
  work = await tempDir('booth-work-journal-')
})
afterAll(async () => {
  await work.remove()
})

/** Booth started again on `dataDir`: a new store and version area, as compose.ts makes them. */
function restart(dataDir: string) {
  const store = new TakeStore({ dataDir, measure: async () => notMeasuredPreflight() })
  const refuse = async (): Promise<never> => {
    throw new Error('no recording here')
  }
  const warned: string[] = []
  const area = createVersionArea({
    store,
    hub: new EventHub(),
    currentScript: async () => null,
    takesChanged: () => undefined,
    recording: { start: refuse, stop: refuse, cancel: refuse },
    transcribe: async (path) => ({ words: heardIn(path), engine: 'pocketsphinx' }),
    warn: (m) => warned.push(m),
  })
  return { store, area, warned }
}

/** Runs the child until its job is under way, then kills it with SIGKILL. */
async function killMidJob(dataDir: string, takeId: string): Promise<void> {
  const child = await childUnderWay(CHILD, [dataDir, takeId])
  // The journal entry is on disk while the job runs.
  const entries = (await readdir(join(dataDir, 'version-work'))).filter((n) => n === `${takeId}.json`)
  expect(entries).toHaveLength(1)
  expect(await child.kill()).toBe('SIGKILL')
  expect(child.out()).not.toContain('done')
}

describe('work Booth stopped in the middle of', { timeout: 120_000 }, () => {
  it('is named after the next start with the version the take is at, until dismissed', async () => {
    const vt = await versionedTake(join(work.path, 'killed'))
    await vt.commitCut(2.5)
    await killMidJob(vt.dataDir, vt.take.id)

    const again = restart(vt.dataDir)
    const n = vt.take.take_number
    expect(await again.area.handlers.listUnfinishedWork({ jobId: JOB })).toEqual([
      {
        takeId: vt.take.id,
        jobId: JOB,
        what: 'cut_restart',
        message: `The false start cut before Booth stopped was not finished; take ${n} is at version 2.`,
      },
    ])
    expect(await again.area.handlers.listUnfinishedWork({ jobId: '999' })).toEqual([])
    // The take is as it was: version 2, no third version half made.
    expect((await again.store.get(vt.take.id)).current_version).toBe(2)
    // A third start still says it (it is on disk), until the talent dismisses it.
    const third = restart(vt.dataDir)
    expect(await third.area.handlers.listUnfinishedWork({ jobId: JOB })).toHaveLength(1)
    expect(await third.area.handlers.dismissUnfinishedWork({ takeId: vt.take.id })).toBeNull()
    expect(await restart(vt.dataDir).area.handlers.listUnfinishedWork({ jobId: JOB })).toEqual([])
    expect(await readdir(join(vt.dataDir, 'version-work'))).toEqual([])
  })

  it('says the version was made when only the end of the job was cut off', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'booth-journal-made-'))
    try {
      const take = {
        id: 'tk-made',
        job_id: JOB,
        take_number: 4,
        label: 'take',
        current_version: 3,
      } as unknown as TakeMeta
      await mkdir(join(dir, 'version-work'))
      await writeFile(
        join(dir, 'version-work', 'tk-made.json'),
        JSON.stringify({
          v: 1,
          take_id: 'tk-made',
          job_id: JOB,
          work_id: 'w1',
          what: 'pickup',
          at_version: 2,
          started_at: '2026-01-01T00:00:00Z',
        }),
      )
      const journal = new WorkJournal(join(dir, 'version-work'), { readTake: async () => take, warn: () => undefined })
      expect((await journal.notes(JOB)).map((x) => x.message)).toEqual([
        'The pickup placed was finished just before Booth stopped; take 4 is at version 3.',
      ])
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('a comp is journalled on its base take while it renders, and a comp cut off says it may not have finished', async () => {
    const vt = await versionedTake(join(work.path, 'comp'))
    const dir = join(vt.dataDir, 'version-work')
    const seen = new Set<string>()
    let rendering = true
    const watch = (async () => {
      while (rendering) {
        for (const name of await readdir(dir).catch(() => [] as string[])) {
          const entry = parseEntry(await readFile(join(dir, name), 'utf8').catch(() => ''))
          if (entry) seen.add(`${entry.take_id} ${entry.what}`)
        }
        await new Promise((r) => setTimeout(r, 2))
      }
    })()
    const made = await vt.area.handlers.renderComp({ jobId: JOB, picks: [], note: null }).finally(() => {
      rendering = false
    })
    await watch
    expect(made.take.id).not.toBe(vt.take.id)
    expect([...seen]).toEqual([`${vt.take.id} comp`])
    expect(await readdir(dir)).toEqual([])
    // Cut off: the entry is still there at the next start.
    const take = {
      id: 'tk-comp',
      job_id: JOB,
      take_number: 2,
      label: 'take',
      current_version: 1,
    } as unknown as TakeMeta
    const other = await mkdtemp(join(tmpdir(), 'booth-journal-comp-'))
    try {
      await mkdir(join(other, 'version-work'))
      await writeFile(
        join(other, 'version-work', 'tk-comp.json'),
        JSON.stringify({
          v: 1,
          take_id: 'tk-comp',
          job_id: JOB,
          work_id: 'w1',
          what: 'comp',
          at_version: 1,
          started_at: '2026-01-01T00:00:00Z',
        }),
      )
      const journal = new WorkJournal(join(other, 'version-work'), {
        readTake: async () => take,
        warn: () => undefined,
      })
      expect((await journal.notes(JOB)).map((x) => x.message)).toEqual([
        'The comp started on take 2 when Booth stopped may not have finished: if no comp take is in the list, pick its sentences again.',
      ])
    } finally {
      await rm(other, { recursive: true, force: true })
    }
  })

  it('a job that finished, or failed with its error shown, leaves no note', async () => {
    const vt = await versionedTake(join(work.path, 'ended'))
    // Refused: a false-start stretch past the end of the take (the window shows the refusal).
    await expect(vt.area.handlers.cutRestart({ takeId: vt.take.id, from_s: 50, to_s: 60 })).rejects.toThrow()
    // Finished: a job journalled through the real journal, that ends.
    const t = await vt.fresh()
    expect(await vt.area.journal.run(t, 'pickup', async () => 'made')).toBe('made')
    // Failed: the error goes on to the window, and the entry goes.
    await expect(
      vt.area.journal.run(t, 'punch', async () => {
        throw new Error('no')
      }),
    ).rejects.toThrow('no')
    expect(await readdir(join(vt.dataDir, 'version-work'))).toEqual([])
    expect(await restart(vt.dataDir).area.handlers.listUnfinishedWork({ jobId: JOB })).toEqual([])
  })

  it('a journal file of any bytes is set aside and named in words; the start goes on', async () => {
    const take = { id: 'tk-bad', job_id: JOB, take_number: 2, label: 'take', current_version: 1 } as unknown as TakeMeta
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 300 }), async (bytes) => {
        const dir = await mkdtemp(join(tmpdir(), 'booth-journal-bytes-'))
        try {
          const folder = join(dir, 'version-work')
          await mkdir(folder)
          await writeFile(join(folder, 'tk-bad.json'), bytes)
          const warned: string[] = []
          const journal = new WorkJournal(folder, { readTake: async () => take, warn: (m) => warned.push(m) })
          const notes = await journal.notes(JOB)
          expect(notes).toHaveLength(1)
          const valid = parseEntry(Buffer.from(bytes).toString('utf8')) !== null
          if (!valid) {
            expect(notes[0]?.message).toBe(
              "Booth's note of work on take 2 when it stopped could not be read, so that work may not have finished; take 2 is at version 1.",
            )
            expect(warned).toEqual([
              'A note of version work Booth kept could not be read; it was set aside as tk-bad.json.damaged.',
            ])
            expect((await readdir(folder)).sort()).toEqual(['tk-bad.json.damaged', 'tk-bad.unfinished.json'])
          }
          // The journal still works after it: a job runs and ends, and the note can be dismissed.
          expect(await journal.run(take, 'trim', async () => 1)).toBe(1)
          await journal.dismiss('tk-bad')
          expect(await journal.notes(JOB)).toEqual([])
        } finally {
          await rm(dir, { recursive: true, force: true })
        }
      }),
      { numRuns: 40 },
    )
  })
})
