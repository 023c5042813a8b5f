/**
 * Versions through the bridge calls, on the real take store, the real read-back engine and Booth's own
 * sandbox of the API: a dropped take and a dropped pickup make version 2 (measured and read back at once,
 * its read-back the take's), the take plays, trims and delivers that version under the take's name with a
 * version mark and its own measurement, undo restores version 1, a punch-and-roll records through the
 * recording calls, a false start is cut, and a queued or delivered take's version cannot change.
 */
import { readFile, stat } from 'node:fs/promises'
import { basename, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TalentClient } from '../../../main/api/client'
import type { RunningSandbox } from '../../../sandbox/server'
import type { TakeArea } from '../../../main/takes/take-handlers'
import { createVersionArea } from '../../../main/versions/service/version-handlers'
import { sha256File } from '../../../main/versions/store/recordings'
import { versionCalls } from '../../../shared/bridge-versions'
import { takeCalls } from '../../../shared/bridge-takes'
import type { ReadbackStored } from '../../../shared/bridge-readback'
import { calibrationSignal } from '../../../shared/versions/calibration-click'
import {
  clientFor,
  deliveredEvent,
  deliverableJobs,
  deliveriesOf,
  sandboxAt,
  takeArea,
  tempDir,
  waitForEvent,
} from '../delivery/delivery-fixture'
import { speakRead, type SpokenRead } from '../../support/voice-reads'
import { engineMissing, samplesOf, transcribe, VOICE } from './helpers/spot'

const SENTENCES = [
  "This Saturday only, it's the biggest sale of the year at Dream Street Furniture.",
  'Queen mattresses start at just $299.',
  'Visit us at 1400 Harbor Boulevard, open 9 to 9.',
]
const SCRIPT = SENTENCES.join(' ')
const script = { revision_id: '501', text: SCRIPT }

let root: { path: string; remove: () => Promise<void> }
let sandbox: RunningSandbox
let client: TalentClient
let jobId = ''
let takes: ReturnType<typeof takeArea>
let versions: ReturnType<typeof createVersionArea>
let take: SpokenRead
let pickup: SpokenRead
let takeId = ''
let pickupId = ''

/** A call as the page makes it: checked by the contract first. */
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

beforeAll(async () => {
  const missing = await engineMissing()
  if (missing) throw new Error(missing)
  root = await tempDir('booth-version-calls-')
  sandbox = await sandboxAt()
  client = clientFor(sandbox.url)
  ;[jobId] = (await deliverableJobs(client, 1)) as [string]
  takes = takeArea({ dataDir: join(root.path, 'data'), url: () => sandbox.url })
  versions = createVersionArea({
    store: takes.area.store,
    hub: takes.hub,
    transcribe,
    currentScript: async () => null,
    takesChanged: takes.area.changed,
    recording: {
      start: (a) => takes.area.handlers.startRecording(a),
      stop: (a) => takes.area.handlers.stopRecording(a),
      cancel: (a) => takes.area.handlers.cancelRecording(a),
    },
  })
  const flubbed = [...SENTENCES]
  flubbed[1] = 'Queen mattresses start at just $279.'
  take = await speakRead(root.path, 'take', flubbed, { ...VOICE, pausesS: [0.7, 0.6], roomDbfs: -62 })
  pickup = await speakRead(root.path, 'pickup', [SENTENCES[1] as string], {
    ...VOICE,
    leadS: 0.5,
    tailS: 0.6,
    roomDbfs: -50,
    roomSeed: 5,
    gainDb: -5,
  })
  takeId = ((await takeCall('importTake', { jobId, path: take.path, script })) as { id: string }).id
  pickupId = ((await takeCall('importTake', { jobId, path: pickup.path, label: 'pickup', script })) as { id: string })
    .id
  await takes.area.start()
}, 180_000)
afterAll(async () => {
  await takes.area.stop()
  await sandbox.close()
  await root.remove()
})

describe('versions through the bridge calls', { timeout: 600_000 }, () => {
  it('a take without versions has one: its recording', async () => {
    const view = await call('listVersions', { takeId })
    expect(view.current).toBe(1)
    expect(view.versions.map((v) => [v.number, v.operation, v.edits, v.delivery_name])).toEqual([
      [1, 'recording', null, (await takes.area.store.get(takeId)).file_name],
    ])
  })

  it('refuses arguments the contract does not allow, in words', async () => {
    await expect(call('makePickupVersion', { takeId, pickupTakeIds: [] })).rejects.toThrow(
      /pickupTakeIds must hold at least 1 item/,
    )
    await expect(call('restoreVersion', { takeId, version: 0 })).rejects.toThrow(/version must be at least 1/)
    await expect(call('makePickupVersion', { takeId, pickupTakeIds: [takeId] })).rejects.toThrow(
      /cannot be its own pickup/,
    )
  })

  it('makes version 2 from a pickup: measured, read back, described, and what the take plays', async () => {
    const before = await sha256File(
      join(root.path, 'data', 'takes', jobId, (await takes.area.store.get(takeId)).file_name),
    )
    const made = await call('makePickupVersion', { takeId, pickupTakeIds: [pickupId] })
    expect(made.take.current_version).toBe(2)
    expect(made.version.summary).toMatch(/^Sentence 2 replaced from Pickup \d+, [+−]\d\.\d s\.$/)
    expect(made.version.changes[0]).toMatchObject({ kind: 'replaced', sentence: 2, source_take_id: pickupId })
    expect(made.version.readback, JSON.stringify(made.version.readback)).toMatchObject({
      verdict: 'matches',
      clean: true,
    })
    expect(made.version.delivery_name).toMatch(/_v2\.wav$/)
    const path = takes.area.store.audioPath(made.take)
    expect(path).toContain(join('versions', 'renders'))
    expect(made.take.preflight?.duration_s).toBeCloseTo((await samplesOf(path)).frames / 48_000, 2)
    const stored = JSON.parse(
      await readFile(join(root.path, 'data', 'takes', jobId, `${takeId}.readback.json`), 'utf8'),
    ) as ReadbackStored
    expect(stored.take_id).toBe(takeId)
    expect(stored.check.verdict).toBe('matches')
    expect(await sha256File(join(root.path, 'data', 'takes', jobId, made.take.file_name))).toBe(before)
  })

  it('undo restores version 1 (its figures and read-back), and version 2 comes back the same', async () => {
    const v2 = await takes.area.store.get(takeId)
    const undone = await call('restoreVersion', { takeId, version: 1 })
    expect(undone.current_version).toBe(1)
    expect(takes.area.store.audioPath(undone)).toBe(join(root.path, 'data', 'takes', jobId, undone.file_name))
    expect(undone.preflight?.duration_s).toBeCloseTo(take.durationS, 1)
    const redone = await call('restoreVersion', { takeId, version: 2 })
    expect(redone.preflight).toEqual(v2.preflight)
    expect(await sha256File(takes.area.store.audioPath(redone))).toBe(await sha256File(takes.area.store.audioPath(v2)))
  })

  it('trims version 2 and delivers it under the take’s name with its version mark and its own measurement', async () => {
    const trimmed = (await takeCall('setTakeTrim', { takeId, head_s: 0.3, tail_s: 0.2 })) as {
      trimmed_preflight: { duration_s: number }
    }
    const v2 = await takes.area.store.get(takeId)
    expect(trimmed.trimmed_preflight.duration_s).toBeCloseTo((v2.preflight?.duration_s ?? 0) - 0.5, 2)
    const file = await takes.area.store.renderForDelivery(takeId)
    expect(basename(file.path)).toBe(file.file_name)
    expect(file.file_name).toMatch(/_v2\.wav$/)
    await takeCall('deliverTake', { takeId, label: v2.label, note: null })
    await waitForEvent(takes.hub, deliveredEvent(takeId), 60_000).catch((err: Error) => {
      throw new Error(
        `${err.message} ${JSON.stringify(takes.events.filter((e) => e.event === 'deliveryState' || e.event === 'deliveryQueue').slice(-4))}`,
      )
    })
    const delivered = (await deliveriesOf(client, jobId)).find((d) => d.original_name === file.file_name)
    expect(delivered?.size_bytes).toBe((await stat(file.path)).size)
    expect(delivered?.preflight).toEqual(trimmed.trimmed_preflight)
    await expect(call('restoreVersion', { takeId, version: 1 })).rejects.toThrow(
      /was already delivered as it is; its versions can no longer change/,
    )
  })

  it('punches in through the recording calls with a calibrated latency', async () => {
    const fresh = ((await takeCall('importTake', { jobId, path: take.path, script })) as { id: string }).id
    const latency = 1920
    const cal = calibrationSignal(48_000)
    const heard = new Float32Array(cal.length + latency)
    heard.set(
      cal.map((x) => x * 0.3),
      latency,
    )
    const calibration = await call('analyzeCalibration', {
      sampleRate: 48_000,
      channels: 1,
      pcmBase64: Buffer.from(heard.buffer).toString('base64'),
    })
    expect(calibration.latency_samples).toBe(latency)
    const plan = await call('planPunch', { takeId: fresh, sentence: 2 })
    expect(plan.sentence_text).toBe(SENTENCES[1])
    // The window names a sentence from a finding's characters or a click on the take: each sentence's
    // characters and where the take reads it (the punch point in the pause before sentence 2).
    const listed = await call('listTakeSentences', { takeId: fresh })
    expect(listed.sentences.map((s) => s.text)).toEqual(SENTENCES)
    expect(listed.sentences.map((s) => SCRIPT.slice(s.from, s.to))).toEqual(SENTENCES)
    const [one, two] = listed.sentences
    expect(one!.end_s! < plan.punch_s && plan.punch_s < two!.start_s!, JSON.stringify({ listed, plan })).toBe(true)
    expect(Math.abs(two!.start_s! - take.sentences[1]!.startS)).toBeLessThan(0.15)
    expect([one!.clean, two!.clean]).toEqual([true, false])
    const started = await call('startPunch', {
      takeId: fresh,
      sentence: 2,
      sampleRate: 48_000,
      channels: 1,
      latencySamples: calibration.latency_samples,
      latencySource: 'calibrated',
    })
    // What the microphone hears from the pre-roll on: the talent reads on from sentence 2, on cue, `latency` late.
    const rec = await speakRead(root.path, 'punched', SENTENCES.slice(1), {
      ...VOICE,
      leadS: take.sentences[1]!.firstS - plan.preroll_s + latency / 48_000,
      pausesS: 0.6,
      tailS: 0.8,
      roomDbfs: -62,
      roomSeed: 31,
    })
    const pcm = Float32Array.from((await samplesOf(rec.path)).x)
    for (let i = 0; i < pcm.length; i += 48_000) {
      await takeCall('appendRecording', {
        takeId: started.recordingTakeId,
        pcmBase64: Buffer.from(pcm.slice(i, i + 48_000).buffer).toString('base64'),
      })
    }
    const made = await call('finishPunch', { recordingTakeId: started.recordingTakeId })
    expect(made.version.operation).toBe('punch')
    expect(made.version.latency).toEqual({ samples: latency, source: 'calibrated' })
    expect(made.version.summary, made.version.summary).toMatch(
      /^Punched in before sentence 2 from Pickup \d+ \(latency 40\.0 ms, calibrated\), [+−]0\.\d s\.$/,
    )
    expect(made.version.readback?.clean, JSON.stringify(made.version.readback)).toBe(true)
    await expect(call('finishPunch', { recordingTakeId: started.recordingTakeId })).rejects.toThrow(
      /not a punch-and-roll under way/,
    )
  })

  it('a punch whose window went is let go: the take is unchanged and the recording kept as its own pickup', async () => {
    const fresh = (await takeCall('importTake', { jobId, path: take.path, script })) as {
      id: string
      file_name: string
    }
    const started = await call('startPunch', {
      takeId: fresh.id,
      sentence: 2,
      sampleRate: 48_000,
      channels: 1,
      latencySamples: 0,
      latencySource: 'reported',
    })
    const pcm = Float32Array.from((await samplesOf(pickup.path)).x).slice(0, 48_000)
    await takeCall('appendRecording', {
      takeId: started.recordingTakeId,
      pcmBase64: Buffer.from(pcm.buffer).toString('base64'),
    })
    // What main/app/idle-recordings.ts does when the window recording it goes: let go as a punch, then stop.
    const punch = await versions.letGoPunch(started.recordingTakeId)
    expect(punch).toEqual({ into_take_id: fresh.id, into_name: fresh.file_name.replace(/\.wav$/, ''), sentence: 2 })
    const kept = (await takeCall('stopRecording', { takeId: started.recordingTakeId })) as {
      label: string
      state: string
    }
    expect([kept.label, kept.state]).toEqual(['pickup', 'ready'])
    await expect(call('finishPunch', { recordingTakeId: started.recordingTakeId })).rejects.toThrow(
      /not a punch-and-roll under way/,
    )
    expect(await versions.letGoPunch(started.recordingTakeId)).toBeNull()
    expect((await call('listVersions', { takeId: fresh.id })).versions).toHaveLength(1)
  })

  it('cuts a false start: the abandoned reading is gone, the pause before it stays as long', async () => {
    const said = [SENTENCES[0] as string, 'Queen mattresses start', ...SENTENCES.slice(1)]
    const restarted = await speakRead(root.path, 'restart', said, {
      ...VOICE,
      pausesS: [0.7, 0.45, 0.6],
      roomDbfs: -62,
    })
    const id = ((await takeCall('importTake', { jobId, path: restarted.path, script })) as { id: string }).id
    const made = await call('cutRestart', {
      takeId: id,
      from_s: restarted.sentences[1]!.firstS,
      to_s: restarted.sentences[2]!.firstS,
    })
    expect(made.version.operation).toBe('cut_restart')
    const removed = restarted.sentences[2]!.firstS - restarted.sentences[1]!.firstS
    expect(made.version.changes[0]?.delta_s).toBeCloseTo(-removed, 1)
    expect(made.version.summary).toMatch(/^False start cut at 0:0\d\.\d, −\d\.\d s\.$/)
    // Sentence 1 and what follows the restart are the take's own samples; the false start is gone.
    const [r, t] = await Promise.all([samplesOf(takes.area.store.audioPath(made.take)), samplesOf(restarted.path)])
    const s1 = restarted.sentences[0]!
    for (let i = 0; i < Math.round(s1.lastS * 48_000); i++)
      if (r.raw[i] !== t.raw[i]) throw new Error('sentence 1 changed')
    const shift = r.frames - t.frames
    const s3 = restarted.sentences[3]!
    for (let i = Math.round(s3.firstS * 48_000); i < Math.round(s3.lastS * 48_000); i++)
      if (r.raw[i + shift] !== t.raw[i]) throw new Error('the restart changed')
    // The pause before the new reading is the one that stood before the false start (within 50 ms).
    const newStart = restarted.sentences[2]!.startS + shift / 48_000
    expect(Math.abs(newStart - s1.endS - (restarted.sentences[1]!.startS - s1.endS))).toBeLessThan(0.05)
    expect(made.version.readback?.clean, JSON.stringify(made.version.readback)).toBe(true)
  })

  it('imports a proofer’s pickup list as cards on the script, ticked when a version reads that sentence clean', async () => {
    const csv =
      'Sentence,Said,Should be\n"Queen mattresses start at just",two seventy-nine,two ninety-nine\n0:01.5,Sunday,Saturday\nthe quick brown fox,x,y\n'
    const view = await call('importPickupCsv', { jobId, takeId, csv })
    expect(view.cards.map((c) => [c.row, c.sentence, c.action, c.done])).toEqual([
      [2, 2, 'punch', true],
      [3, 1, 'punch', false],
      [4, null, null, false],
    ])
    expect(view.cards[2]!.problem).toBe('Row 4: no sentence of the script reads like “the quick brown fox”.')
    expect((await call('listPickupCards', { jobId })).cards.map((c) => c.done)).toEqual([true, false, false])
    await expect(call('importPickupCsv', { jobId, takeId, csv: 'a,"b' })).rejects.toThrow(
      'Row 1: a quote opened in field 2 is never closed.',
    )
    expect((await call('listPickupCards', { jobId })).cards).toHaveLength(3)
  })

  it('shows the job’s comp grid and renders the picked cells as a new take, measured and read back', async () => {
    const grid = await call('getCompGrid', { jobId })
    expect(grid.sentences.map((x) => x.text)).toEqual(SENTENCES)
    expect(grid.unread).toEqual([])
    const col = grid.takes.findIndex((t) => t.takeId === pickupId)
    expect(grid.cells.map((row) => row[col]!.state)).toEqual(['not_read', 'clean', 'not_read'])
    const flubbed = grid.takes.findIndex((t) => t.takeId === takeId)
    expect(grid.cells[1]![flubbed]!.state).toBe('clean') // its current version (2) reads sentence 2 from the pickup
    for (const pick of grid.picks) expect(grid.takes.map((t) => t.takeId)).toContain(pick)
    const made = await call('renderComp', { jobId, picks: [{ sentence: 2, takeId: pickupId }], note: 'best of' })
    expect(made.take.source).toBe('comp')
    expect(made.take.note).toBe('best of')
    expect(made.version).toMatchObject({ number: 1, operation: 'comp', current: true })
    expect(made.version.summary).toMatch(/^Comp on (Take|Pickup) \d+/)
    expect(made.version.readback?.clean, JSON.stringify(made.version.readback)).toBe(true)
    expect(made.take.preflight?.measured).toBe(true)
    expect((await takes.area.store.list(jobId)).takes.map((t) => t.id)).toContain(made.take.id)
    await expect(call('renderComp', { jobId, picks: [{ sentence: 9, takeId: pickupId }] })).rejects.toThrow(
      /The script has 3 sentences; there is no sentence 9/,
    )
    await expect(call('renderComp', { jobId, picks: [{ sentence: 1, takeId: pickupId }] })).rejects.toThrow(
      /^Pickup \d+ does not read sentence 1, “This Saturday only/,
    )
  })
})
