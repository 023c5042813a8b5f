/**
 * The comp's default is the last clean reading as the talent's read-back has it, through the bridge calls
 * on the real take store, the real read-back engine and Booth's sandbox of the API. Take A is read from
 * revision 501 (three sentences) and misreads its third ("$1800" for "1400"); the producer's revision 502
 * adds a line in front, so that sentence is the comp's fourth. Take B reads 502 clean; take C, the newest,
 * misreads the added line ("sofa" for "mattress"); take D, the newest, reads it right, but its read-back
 * is not sure of "mattress" (a second hearing also heard "sofa" there: the doubt is given to the real
 * check, as the engine's second hearing would). Each take's read-back is run and kept as the read-back
 * service keeps it. The grid judges each cell by that kept check: sentence 1 defaults to take B (not the
 * newest takes), take A's finding lands on the comp's sentence 4 (where its check, against 501, puts it),
 * and the window's grid model shows those defaults. Without D's kept read-back its words alone read
 * sentence 1 clean, and D is the default again: the kept check is what decides.
 */
import { rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TalentClient } from '../../../main/api/client'
import type { ScriptCopy } from '../../../main/readback/service/script-copies'
import type { TakeArea } from '../../../main/takes/take-handlers'
import { compareToScript } from '../../../main/readback/compare/compare'
import { createVersionArea } from '../../../main/versions/service/version-handlers'
import { cellWords, effectivePicks } from '../../../renderer/src/takes/versions/comp-grid-model'
import type { RunningSandbox } from '../../../sandbox/server'
import { takeCalls } from '../../../shared/bridge-takes'
import { versionCalls } from '../../../shared/bridge-versions'
import { speakRead } from '../../support/voice-reads'
import { clientFor, deliverableJobs, sandboxAt, takeArea, tempDir } from '../delivery/delivery-fixture'
import { engineMissing, transcribe, VOICE } from './helpers/spot'

const OLD = [
  "This Saturday only, it's the biggest sale of the year at Dream Street Furniture.",
  'Queen mattresses start at just $299.',
  'Visit us at 1400 Harbor Boulevard, open 9 to 9.',
]
const FRONT = 'Get free delivery on every mattress in the store.'
const NEW = [FRONT, ...OLD] as string[]
const oldScript = { revision_id: '501', text: OLD.join(' ') }
const newScript = { revision_id: '502', text: NEW.join(' ') }

let root: { path: string; remove: () => Promise<void> }
let sandbox: RunningSandbox
let client: TalentClient
let jobId = ''
let takes: ReturnType<typeof takeArea>
let versions: ReturnType<typeof createVersionArea>
let current: ScriptCopy = { ...oldScript, names: [] }
const ids = { a: '', b: '', c: '', d: '' }

async function call<N extends keyof typeof versionCalls>(
  name: N,
  args: unknown,
): Promise<Awaited<ReturnType<(typeof versions.handlers)[N]>>> {
  const checked = versionCalls[name](args, name) as never
  return (versions.handlers[name] as unknown as (a: never) => Promise<never>)(checked)
}
const takeCall = <N extends keyof typeof takeCalls>(name: N, args: unknown) =>
  (takes.area.handlers[name as keyof TakeArea['handlers']] as (a: never) => Promise<unknown>)(
    takeCalls[name](args, name) as never,
  )
const importTake = async (path: string, script: { revision_id: string; text: string }) =>
  ((await takeCall('importTake', { jobId, path, script })) as { id: string }).id

/** Runs the take's read-back against its own script and keeps it where the read-back service keeps it. */
async function keepReadback(takeId: string, names: string[], doubted?: { word: RegExp; heard: string }): Promise<void> {
  const { takes: all } = await takes.area.store.list(jobId)
  const meta = all.find((t) => t.id === takeId)
  if (!meta?.script_read) throw new Error('take not found')
  const heard = await versions.work.readBack(meta, null, await takes.area.store.readyAudioPath(meta), {
    ...meta.script_read,
    names,
  })
  if (!heard.stored) throw new Error('no read-back')
  if (doubted) {
    const w = heard.stored.words.find((x) => doubted.word.test(x.word))
    if (!w) throw new Error(`the engine did not hear ${String(doubted.word)}`)
    const doubts = [{ start_s: w.start_s, end_s: w.end_s, heard: doubted.heard }]
    heard.stored.check = compareToScript(meta.script_read.text, heard.stored.words, { names, doubts })
    heard.stored.doubts = doubts
  }
  await writeFile(versions.versions.readbackPath(meta), `${JSON.stringify(heard.stored)}\n`)
}

beforeAll(async () => {
  const missing = await engineMissing()
  if (missing) throw new Error(missing)
  root = await tempDir('booth-comp-readback-')
  sandbox = await sandboxAt()
  client = clientFor(sandbox.url)
  ;[jobId] = (await deliverableJobs(client, 1)) as [string]
  takes = takeArea({ dataDir: join(root.path, 'data'), url: () => sandbox.url })
  versions = createVersionArea({
    store: takes.area.store,
    hub: takes.hub,
    transcribe,
    currentScript: async () => current,
    takesChanged: takes.area.changed,
    recording: {
      start: (a) => takes.area.handlers.startRecording(a),
      stop: (a) => takes.area.handlers.stopRecording(a),
      cancel: (a) => takes.area.handlers.cancelRecording(a),
    },
  })
  const a = await speakRead(
    root.path,
    'a',
    [OLD[0], OLD[1], 'Visit us at 1800 Harbor Boulevard, open 9 to 9.'] as string[],
    { ...VOICE, pausesS: [0.7, 0.65], roomDbfs: -62 },
  )
  const b = await speakRead(root.path, 'b', NEW, { ...VOICE, pausesS: [0.6, 0.75, 0.7], roomDbfs: -61, roomSeed: 9 })
  const c = await speakRead(root.path, 'c', ['Get free delivery on every sofa in the store.', ...OLD], {
    ...VOICE,
    pausesS: [0.65, 0.7, 0.6],
    roomDbfs: -61,
    roomSeed: 4,
  })
  ids.a = await importTake(a.path, oldScript)
  current = { ...newScript, names: ['Dream Street Furniture'] }
  ids.b = await importTake(b.path, newScript)
  ids.c = await importTake(c.path, newScript)
  const d = await speakRead(root.path, 'd', NEW, { ...VOICE, pausesS: [0.7, 0.6, 0.65], roomDbfs: -60, roomSeed: 7 })
  ids.d = await importTake(d.path, newScript)
  await takes.area.start()
  for (const id of [ids.a, ids.b, ids.c]) await keepReadback(id, ['Dream Street Furniture'])
  await keepReadback(ids.d, ['Dream Street Furniture'], { word: /^mattress$/i, heard: 'sofa' })
}, 300_000)
afterAll(async () => {
  await takes.area.stop()
  await sandbox.close()
  await root.remove()
})

describe('the comp’s defaults by the kept read-backs', { timeout: 600_000 }, () => {
  it('takes each sentence’s last reading the read-back reads clean, an older take’s findings on the comp’s sentences', async () => {
    const grid = await call('getCompGrid', { jobId })
    expect(grid.revision_id).toBe('502')
    expect(grid.sentences.map((s) => s.text)).toEqual(NEW)
    const col = (id: string) => grid.takes.findIndex((t) => t.takeId === id)
    const states = (id: string) => grid.cells.map((row) => row[col(id)]!.state)
    expect(states(ids.a)).toEqual(['not_read', 'clean', 'clean', 'issues'])
    expect(states(ids.b)).toEqual(['clean', 'clean', 'clean', 'clean'])
    expect(states(ids.c)).toEqual(['issues', 'clean', 'clean', 'clean'])
    expect(states(ids.d)).toEqual(['issues', 'clean', 'clean', 'clean'])
    expect(grid.cells[0]![col(ids.c)]!.issues.join(' ')).toMatch(/sofa/)
    expect(grid.cells[0]![col(ids.d)]!.issues.join(' ')).toMatch(/sofa/)
    expect(grid.cells[3]![col(ids.a)]!.issues.join(' ')).toMatch(/heard for “1400”/)
    expect(grid.picks).toEqual([ids.b, ids.d, ids.d, ids.d])
    // The window's grid shows the same: take B picked for sentence 1 until the talent picks another.
    expect(effectivePicks(grid, {})).toEqual([ids.b, ids.d, ids.d, ids.d])
    expect(effectivePicks(grid, { 1: ids.d })[0]).toBe(ids.d)
    expect(cellWords(grid.cells[0]![col(ids.c)]!).state).toBe('Issues')
    expect(cellWords(grid.cells[3]![col(ids.a)]!).state).toBe('Issues')
  })

  it('without its kept read-back the newest take is judged by its words alone, and reads sentence 1 clean', async () => {
    const { takes: all } = await takes.area.store.list(jobId)
    const d = all.find((t) => t.id === ids.d)!
    await rm(versions.versions.readbackPath(d), { force: true })
    const grid = await call('getCompGrid', { jobId })
    const col = (id: string) => grid.takes.findIndex((t) => t.takeId === id)
    expect(grid.cells.map((row) => row[col(ids.d)]!.state)).toEqual(['clean', 'clean', 'clean', 'clean'])
    // Take C's misreading is in its words too.
    expect(grid.cells[0]![col(ids.c)]!.state).toBe('issues')
    expect(grid.picks).toEqual([ids.d, ids.d, ids.d, ids.d])
  })
})
