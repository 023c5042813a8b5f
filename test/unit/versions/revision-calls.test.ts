/**
 * A producer's revision through the bridge calls, on the real take store, the real read-back engine and
 * Booth's own sandbox of the API: a take read from revision 501 (three sentences); the job's script becomes
 * revision 502 (sentence 2 changed, a fourth added at the end). The take's sentences are the new script's,
 * the changed and added ones left to record; a punch into the added line goes after the take's last line;
 * the comp grid offers the old take for the sentences it reads unchanged only (saying why not for the
 * others) and renders a comp for the new script; pickups of the changed and the added sentence make a
 * version that is read back clean against revision 502, which it records as revision 2.
 */
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TalentClient } from '../../../main/api/client'
import type { ScriptCopy } from '../../../main/readback/service/script-copies'
import type { TakeArea } from '../../../main/takes/take-handlers'
import { createVersionArea } from '../../../main/versions/service/version-handlers'
import type { RunningSandbox } from '../../../sandbox/server'
import { takeCalls } from '../../../shared/bridge-takes'
import { versionCalls } from '../../../shared/bridge-versions'
import { speakRead, type SpokenRead } from '../../support/voice-reads'
import { clientFor, deliverableJobs, sandboxAt, takeArea, tempDir } from '../delivery/delivery-fixture'
import { engineMissing, transcribe, VOICE } from './helpers/spot'

const OLD = [
  "This Saturday only, it's the biggest sale of the year at Dream Street Furniture.",
  'Queen mattresses start at just $299.',
  'Visit us at 1400 Harbor Boulevard, open 9 to 9.',
]
const CHANGED = 'Queen mattresses start at just $279.'
const ADDED = 'Get free delivery on every mattress in the store.'
const NEW = [OLD[0], CHANGED, OLD[2], ADDED] as string[]
const oldScript = { revision_id: '501', text: OLD.join(' ') }
const newScript = { revision_id: '502', text: NEW.join(' ') }

let root: { path: string; remove: () => Promise<void> }
let sandbox: RunningSandbox
let client: TalentClient
let jobId = ''
let takes: ReturnType<typeof takeArea>
let versions: ReturnType<typeof createVersionArea>
let current: ScriptCopy = { ...oldScript, names: [] }
let take: SpokenRead
const ids = { take: '', newTake: '', pickupChanged: '', pickupAdded: '' }

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
const importTake = async (path: string, script: { revision_id: string; text: string }, label?: string) =>
  ((await takeCall('importTake', { jobId, path, script, ...(label ? { label } : {}) })) as { id: string }).id

beforeAll(async () => {
  const missing = await engineMissing()
  if (missing) throw new Error(missing)
  root = await tempDir('booth-revision-calls-')
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
  take = await speakRead(root.path, 'take', OLD, { ...VOICE, pausesS: [0.7, 0.65], roomDbfs: -62 })
  const newTake = await speakRead(root.path, 'new-take', NEW.slice(1), {
    ...VOICE,
    pausesS: [0.6, 0.75],
    roomDbfs: -61,
    roomSeed: 9,
  })
  const pickupChanged = await speakRead(root.path, 'pickup-changed', [CHANGED], {
    ...VOICE,
    leadS: 0.5,
    tailS: 0.6,
    roomDbfs: -60,
    roomSeed: 5,
  })
  const pickupAdded = await speakRead(root.path, 'pickup-added', [ADDED], {
    ...VOICE,
    leadS: 0.5,
    tailS: 0.6,
    roomDbfs: -60,
    roomSeed: 6,
  })
  ids.take = await importTake(take.path, oldScript)
  // The producer's revision: everything after it is read from revision 502.
  current = { ...newScript, names: [] }
  ids.newTake = await importTake(newTake.path, newScript)
  ids.pickupChanged = await importTake(pickupChanged.path, newScript, 'pickup')
  ids.pickupAdded = await importTake(pickupAdded.path, newScript, 'pickup')
  await takes.area.start()
}, 240_000)
afterAll(async () => {
  await takes.area.stop()
  await sandbox.close()
  await root.remove()
})

describe('a revised script through the bridge calls', { timeout: 600_000 }, () => {
  it('the old take’s sentences are the new script’s: unchanged ones read, the changed and added ones left to record', async () => {
    const view = await call('listTakeSentences', { takeId: ids.take })
    expect(view.sentences.map((s) => s.text)).toEqual(NEW)
    expect(view.sentences.map((s) => [s.start_s !== null, s.clean, s.to_record ?? null])).toEqual([
      [true, true, null],
      [true, false, 'changed'],
      [true, true, null],
      [false, false, 'added'],
    ])
  })

  it('a punch into the added last line goes after the take’s last line', async () => {
    const plan = await call('planPunch', { takeId: ids.take, sentence: 4 })
    expect(plan.sentence_text).toBe(ADDED)
    expect(plan.punch_s).toBeGreaterThan(take.sentences[2]!.endS)
    expect(plan.punch_s).toBeLessThan(take.durationS)
  })

  it('the comp grid offers the old take for the sentences it reads unchanged, and renders a comp for the new script', async () => {
    const grid = await call('getCompGrid', { jobId })
    expect(grid.revision_id).toBe('502')
    expect(grid.sentences.map((s) => s.text)).toEqual(NEW)
    expect(grid.left_out).toEqual([])
    const col = (id: string) => grid.takes.findIndex((t) => t.takeId === id)
    const old = grid.cells.map((row) => row[col(ids.take)]!)
    expect(old.map((c) => c.state)).toEqual(['clean', 'not_read', 'clean', 'not_read'])
    expect(old[1]!.issues).toEqual(['Read from an older script: the producer changed this sentence since.'])
    expect(old[3]!.issues).toEqual(['Read from an older script: the producer added this sentence since.'])
    // Sentence 1 is read by the old take only.
    expect(grid.picks[0]).toBe(ids.take)
    expect(grid.unread).toEqual([])
    await expect(call('renderComp', { jobId, picks: [{ sentence: 2, takeId: ids.take }] })).rejects.toThrow(
      /was read before the producer changed sentence 2/,
    )
    const made = await call('renderComp', { jobId, picks: [{ sentence: 1, takeId: ids.take }], note: null })
    expect(made.take.script_read).toEqual(newScript)
    expect(made.version.readback, JSON.stringify(made.version.readback)).toMatchObject({
      clean: true,
      revision_id: '502',
      revision_number: 2,
    })
  })

  it('pickups of the changed and the added sentence make a version read back clean against revision 502, recorded as revision 2', async () => {
    const made = await call('makePickupVersion', {
      takeId: ids.take,
      pickupTakeIds: [ids.pickupChanged, ids.pickupAdded],
    })
    expect(made.version.changes.map((c) => [c.kind, c.sentence])).toEqual([
      ['replaced', 2],
      ['added', 4],
    ])
    expect(made.version.summary).toMatch(
      /^Sentence 2 replaced from Pickup \d+; Sentence 4 \(added to the script since the take\) put in from Pickup \d+/,
    )
    expect(made.version.readback, JSON.stringify(made.version.readback)).toMatchObject({
      clean: true,
      revision_id: '502',
      revision_number: 2,
    })
    // The take stays tied to the revision it was read from.
    expect(made.take.script_read).toEqual(oldScript)
    // Its sentences now: every one read (the current audio is analysed against the script its version was made for).
    const view = await call('listTakeSentences', { takeId: ids.take })
    expect(view.sentences.map((s) => s.start_s !== null)).toEqual([true, true, true, true])
  })
})
