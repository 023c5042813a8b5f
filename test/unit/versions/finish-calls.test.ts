/**
 * "Finish for delivery" through the bridge calls (issue 33, point 1), on the real take store, real ffmpeg,
 * the real read-back engine and Booth's own sandbox: an espeak-ng read with slow pauses, longer than its
 * 15 s job, is finished into the next version (its length within ±0.05 s of the spot, measured and read
 * back at once, the finish's before and after kept on it, progress said on the way), undo restores the
 * version it was made from, delivery sends the finished render with the preflight measured from it (the
 * service's length verdict "pass", the sandbox holding those very samples), a take that cannot be fitted
 * or a finish past the talent's choices is refused in one sentence with nothing made, and a Booth killed
 * mid-finish leaves a note and no half version.
 */
import { readdir, stat } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TalentClient } from '../../../main/api/client'
import { defaultProfile } from '../../../main/audio/delivery-profiles'
import { createFinisher } from '../../../main/finish/finish-version'
import type { RunningSandbox } from '../../../sandbox/server'
import type { DomainWorld } from '../../../sandbox/domain/index'
import type { TakeArea } from '../../../main/takes/take-handlers'
import { createVersionArea } from '../../../main/versions/service/version-handlers'
import { sha256File } from '../../../main/versions/store/recordings'
import { versionCalls, type VersionProgress } from '../../../shared/bridge-versions'
import { beforeTimeOf, finishedTimeOf } from '../../../shared/versions/time-map'
import { takeCalls } from '../../../shared/bridge-takes'
import {
  clientFor,
  deliveredEvent,
  deliveriesOf,
  sandboxAt,
  takeArea,
  tempDir,
  waitForEvent,
} from '../delivery/delivery-fixture'
import { speakRead, type SpokenRead } from '../../support/voice-reads'
import { engineMissing, samplesOf, transcribe, VOICE } from './helpers/spot'
import { childUnderWay } from '../../support/child-under-way'

const SENTENCES = [
  'This Saturday only, the biggest sale of the year.',
  'Save twenty percent on every mattress.',
  'Our sleep experts are here to help.',
  'Visit Dream Street Furniture today.',
]
/** Slow pauses, a long head and tail: the read runs well past its 15 s spot. At 146 wpm it fits only with a 3.5 % tempo change. */
const SLOW = { ...VOICE, pausesS: [1.0, 1.1, 0.95], leadS: 1.2, tailS: 1.6, roomDbfs: -60 }
const script = { revision_id: '601', text: SENTENCES.join(' ') }
const CHOICES = { breaths: 'lower', maxTempoPercent: 4, shortestPauseS: 0.25 } as const
const CHILD = fileURLToPath(new URL('./finish-journal-child.ts', import.meta.url))

let root: { path: string; remove: () => Promise<void> }
let sandbox: RunningSandbox
let client: TalentClient
let takes: ReturnType<typeof takeArea>
let versions: ReturnType<typeof createVersionArea>
let read: SpokenRead
const job = { id: '', spot: 0 }
let takeId = ''

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
const importRead = async (jobId: string) =>
  ((await takeCall('importTake', { jobId, path: read.path, script })) as { id: string }).id

/** A pending seed job that can take a delivery, of this spot length and kind. */
async function deliverableJob(lengthS: number, kind: string): Promise<string> {
  for (const item of (await client.listJobs({ tab: 'pending', page_size: 100 })).items) {
    const { job: j } = await client.getJob(item.job_id)
    if (j.can.deliver && j.length_s === lengthS && j.kind === kind) return j.job_id
  }
  throw new Error(`The seed world has no deliverable ${lengthS} s ${kind} job.`)
}

/** The jobs's recordings and renders folders' entries (what a finish would add). */
const versionFiles = async (jobId: string) => {
  const dir = join(root.path, 'data', 'takes', jobId, 'versions')
  // A take's seal (its own file linked in under its hash at its first check) is the take's, not the finish's.
  return [
    ...(await readdir(join(dir, 'recordings')).catch(() => [])),
    ...(await readdir(join(dir, 'renders')).catch(() => [])),
  ]
    .filter((n) => !n.endsWith('.sealed'))
    .sort()
}

beforeAll(async () => {
  const missing = await engineMissing()
  if (missing) throw new Error(missing)
  root = await tempDir('booth-finish-calls-')
  sandbox = await sandboxAt()
  client = clientFor(sandbox.url)
  job.id = await deliverableJob(15, 'dry_voice')
  job.spot = 15
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
    finish: createFinisher({
      profileOf: async (_jobId, kind) => defaultProfile(kind),
      mediaUrl: (path) => `booth-media:${path}`,
    }),
  })
  read = await speakRead(root.path, 'slow', SENTENCES, { ...SLOW, speed: 150 })
  takeId = await importRead(job.id)
  await takes.area.start()
}, 180_000)
afterAll(async () => {
  await takes.area.stop()
  await sandbox.close()
  await root.remove()
})

describe('finishing a take for delivery through the bridge calls', { timeout: 600_000 }, () => {
  it('refuses choices the contract does not allow, in words', async () => {
    await expect(call('finishVersion', { takeId, choices: { ...CHOICES, breaths: 'remove' } })).rejects.toThrow(
      /choices.breaths must be one of lower, keep, cut/,
    )
    await expect(call('finishVersion', { takeId, choices: { ...CHOICES, maxTempoPercent: 5 } })).rejects.toThrow(
      /maxTempoPercent must be at most 4/,
    )
    await expect(call('finishVersion', { takeId, choices: { ...CHOICES, shortestPauseS: 0.2 } })).rejects.toThrow(
      /shortestPauseS must be at least 0.25/,
    )
  })

  it('makes the next version fitted to the spot: measured, read back, its before and after kept', async () => {
    const before = await takes.area.store.get(takeId)
    expect(before.preflight?.duration_s).toBeGreaterThan(job.spot + 0.5)
    const recordingHash = await sha256File(join(root.path, 'data', 'takes', job.id, before.file_name))
    const made = await call('finishVersion', { takeId, choices: CHOICES })
    expect(made.take.current_version).toBe(2)
    expect(made.version).toMatchObject({ number: 2, operation: 'finish', made_from: 1, current: true })
    expect(made.version.edits?.pieces).toHaveLength(1)
    const f = made.version.finish!
    expect(f.spot_length_s).toBe(job.spot)
    expect(f.kind).toBe('dry_voice')
    expect(f.base_version).toBe(1)
    expect(f.profile.name).toBe('dry-voice')
    expect(f.before.length_s).toBeCloseTo(read.durationS, 2)
    expect(Math.abs(f.after.length_s - job.spot)).toBeLessThanOrEqual(0.05)
    expect(f.pauses_changed).toBeGreaterThan(0)
    expect(f.pauses_changed).toBe(f.edits.filter((e) => e.kind === 'pause').length)
    // Its time map is kept (A/B starts the other side at the same word): each sentence of the read keeps its
    // length (at the tempo) where it lands, the sentences stay in order, and mapping back finds the same place.
    expect(f.time_map?.length).toBeGreaterThan(0)
    const landed = read.sentences.map((x) => ({
      start: finishedTimeOf(f.time_map, x.startS),
      end: finishedTimeOf(f.time_map, x.endS - 0.001),
      mid: (x.startS + x.endS) / 2,
      length: x.endS - x.startS,
    }))
    for (const [i, x] of landed.entries()) {
      expect(Math.abs(x.end - x.start - x.length / f.tempo), `sentence ${i + 1}`).toBeLessThanOrEqual(0.02)
      expect(beforeTimeOf(f.time_map, finishedTimeOf(f.time_map, x.mid))).toBeCloseTo(x.mid, 3)
      if (i > 0) expect(x.start).toBeGreaterThan((landed[i - 1] as { end: number }).end)
    }
    expect((landed.at(-1) as { end: number }).end).toBeLessThanOrEqual(f.after.length_s)
    expect(made.version.summary).toMatch(
      /^Finished for delivery: 1[45]\.\d\d s for the 15\.0 s spot \(was \d+\.\d\d s\); \d+ pauses? changed/,
    )
    // What the take plays and delivers is the finished audio, and its preflight is measured from it.
    const path = takes.area.store.audioPath(made.take)
    const rendered = await samplesOf(path)
    expect(Math.abs(rendered.frames / rendered.rate - job.spot)).toBeLessThanOrEqual(0.05)
    expect(made.take.preflight?.measured).toBe(true)
    expect(made.take.preflight?.duration_s).toBeCloseTo(rendered.frames / rendered.rate, 2)
    expect(made.version.readback, JSON.stringify(made.version.readback)).not.toBeNull()
    // A finished dry voice: Booth's own preflight (first to last sound) agrees with the file's length.
    expect(made.take.preflight?.warnings).not.toContain('runs_short')
    expect(made.take.preflight?.warnings).not.toContain('runs_long')
    // The recording on disk is never rewritten.
    expect(await sha256File(join(root.path, 'data', 'takes', job.id, before.file_name))).toBe(recordingHash)
    // Main said how far it got, finishing first.
    const progress = takes.events
      .filter((e) => e.event === 'versionProgress' && (e.data as VersionProgress).takeId === takeId)
      .map((e) => e.data as VersionProgress)
    const stages = progress.map((p) => p.stage)
    expect(stages.slice(0, 1)).toEqual(['finishing'])
    expect(stages.at(-1)).toBe('done')
    // The finished audio was offered to play once written, before the version was rendered, measured and
    // read back; it is the audio of the version that landed.
    const offered = progress.findIndex((p) => p.preview)
    expect(offered).toBeGreaterThan(0)
    expect(offered).toBeLessThan(stages.indexOf('measuring'))
    const preview = progress[offered]?.preview
    expect(preview).toMatchObject({ made_from: 1, base_version: 1, length_s: expect.closeTo(job.spot, 1) })
    const offeredAudio = await samplesOf(preview!.url.replace(/^booth-media:/, ''))
    expect(offeredAudio.raw).toEqual(rendered.raw)
  })

  it('undo restores the version it was made from, and the finish comes back the same', async () => {
    const v2 = await takes.area.store.get(takeId)
    const undone = await call('restoreVersion', { takeId, version: 1 })
    expect(undone.current_version).toBe(1)
    expect(undone.preflight?.duration_s).toBeCloseTo(read.durationS, 1)
    const redone = await call('restoreVersion', { takeId, version: 2 })
    expect(redone.preflight).toEqual(v2.preflight)
    expect(await sha256File(takes.area.store.audioPath(redone))).toBe(await sha256File(takes.area.store.audioPath(v2)))
  })

  it('finishing the finished version with other choices finishes the audio it finished, and undo goes back', async () => {
    const choices = { breaths: 'keep', maxTempoPercent: 2, shortestPauseS: 0.3 } as const
    const again = await call('finishVersion', { takeId, choices })
    expect(again.version).toMatchObject({ number: 3, operation: 'finish', made_from: 2 })
    expect(again.version.finish).toMatchObject({ base_version: 1, choices })
    expect(again.version.finish?.before.length_s).toBeCloseTo(read.durationS, 2)
    expect(Math.abs((again.version.finish?.after.length_s ?? 0) - job.spot)).toBeLessThanOrEqual(0.05)
    expect((await call('restoreVersion', { takeId, version: 2 })).current_version).toBe(2)
  })

  it('refuses what cannot be finished in one sentence, and makes nothing', async () => {
    // The talent's choices: this read fits only 3.5 % faster, and the talent allows 1 %.
    const quicker = await speakRead(root.path, 'quicker', SENTENCES, { ...SLOW, speed: 146 })
    const fresh = ((await takeCall('importTake', { jobId: job.id, path: quicker.path, script })) as { id: string }).id
    const files = await versionFiles(job.id)
    await expect(
      call('finishVersion', { takeId: fresh, choices: { breaths: 'keep', maxTempoPercent: 1, shortestPauseS: 0.25 } }),
    ).rejects.toThrow(/^The words alone take \d+\.\d s.*; the spot is 15\.0 s; 1 % faster reaches \d+\.\d s\.$/)
    expect((await takes.area.store.get(fresh)).current_version ?? 1).toBe(1)
    expect(await versionFiles(job.id)).toEqual(files)
    // Another take's room tone is for a take whose pauses are silence (finish-room-tone.test.ts); never its own.
    await expect(
      call('finishVersion', { takeId: fresh, choices: { ...CHOICES, roomToneTakeId: fresh } }),
    ).rejects.toThrow(/^Take \d+ cannot lend its own room tone\.$/)
    await expect(
      call('finishVersion', { takeId: fresh, choices: { ...CHOICES, roomToneTakeId: takeId } }),
    ).rejects.toThrow(
      /^This take has room tone of its own in its pauses: Booth fills only a take whose pauses are silence\.$/,
    )
    expect(await versionFiles(job.id)).toEqual(files)
    // A 10 s job: the words alone take longer than the spot, whatever the choices.
    const shortJob = await deliverableJob(10, 'dry_voice')
    const id = await importRead(shortJob)
    await expect(call('finishVersion', { takeId: id, choices: CHOICES })).rejects.toThrow(
      /^The words alone take \d+\.\d s.*; the spot is 10\.0 s; 4 % faster reaches \d+\.\d s\.$/,
    )
    const t = await takes.area.store.get(id)
    expect(t.current_version ?? 1).toBe(1)
    expect(await versionFiles(shortJob)).toEqual([])
  })

  it('finishes a take whose job has no script from its signal alone, and says the version was not read back', async () => {
    const bare = ((await takeCall('importTake', { jobId: job.id, path: read.path })) as { id: string }).id
    expect((await takes.area.store.get(bare)).script_read ?? null).toBeNull()
    const made = await call('finishVersion', { takeId: bare, choices: CHOICES })
    expect(made.version).toMatchObject({ number: 2, operation: 'finish', readback: null })
    expect(Math.abs(made.version.finish!.after.length_s - job.spot)).toBeLessThanOrEqual(0.05)
    expect(made.version.findings).toEqual([
      expect.objectContaining({ code: 'not_read_back', message: expect.stringMatching(/no script text/) }),
    ])
    expect(made.take.preflight?.warnings).not.toContain('runs_short')
    expect(made.take.preflight?.warnings).not.toContain('runs_long')
  })

  it('delivers the finished version: the sandbox holds its samples, and the length verdict passes', async () => {
    const v2 = await takes.area.store.get(takeId)
    const file = await takes.area.store.renderForDelivery(takeId)
    expect(file.file_name).toMatch(/_v2\.wav$/)
    expect(await sha256File(file.path)).toBe(await sha256File(takes.area.store.audioPath(v2)))
    await takeCall('deliverTake', { takeId, label: v2.label, note: null })
    await waitForEvent(takes.hub, deliveredEvent(takeId), 60_000)
    const delivery = async () => (await deliveriesOf(client, job.id)).find((d) => d.original_name === file.file_name)
    expect((await delivery())?.preflight).toEqual(v2.preflight)
    let facts = (await delivery())?.facts ?? null
    for (let i = 0; i < 40 && !facts; i++) {
      await new Promise((r) => setTimeout(r, 250))
      facts = (await delivery())?.facts ?? null
    }
    expect(facts?.length_verdict).toBe('pass')
    expect(Math.abs((facts?.length_s ?? 0) - job.spot)).toBeLessThanOrEqual(0.05)
    // The sandbox's own world (the domain behind the seam) holds the stored file.
    const held = (sandbox.world as DomainWorld)
      .state()
      .jobs.find((j) => j.job_id === job.id)
      ?.deliveries.find((d) => d.original_name === file.file_name)
    expect(held?.audio.kind).toBe('path')
    const heldPath = (held?.audio as { path: string }).path
    expect((await stat(heldPath)).size).toBe((await stat(file.path)).size)
    expect(await sha256File(heldPath)).toBe(await sha256File(file.path))
  })

  it('a Booth killed mid-finish leaves a note and no half version', async () => {
    const id = await importRead(job.id)
    const dataDir = join(root.path, 'data')
    const child = await childUnderWay(CHILD, [dataDir, id])
    expect(await readdir(join(dataDir, 'version-work'))).toContain(`${id}.json`)
    expect(await child.kill()).toBe('SIGKILL')
    // Booth starts again on the same data folder.
    const again = createVersionArea({
      store: takes.area.store,
      hub: takes.hub,
      transcribe,
      currentScript: async () => null,
      takesChanged: () => undefined,
      recording: {
        start: (a) => takes.area.handlers.startRecording(a),
        stop: (a) => takes.area.handlers.stopRecording(a),
        cancel: (a) => takes.area.handlers.cancelRecording(a),
      },
      finish: createFinisher({
        profileOf: async (_jobId, kind) => defaultProfile(kind),
        mediaUrl: (path) => `booth-media:${path}`,
      }),
    })
    const n = (await takes.area.store.get(id)).take_number
    expect(await again.handlers.listUnfinishedWork({ jobId: job.id })).toEqual([
      {
        takeId: id,
        jobId: job.id,
        what: 'finish',
        message: `The finish for delivery before Booth stopped was not finished; take ${n} is at version 1.`,
      },
    ])
    const t = await takes.area.store.get(id)
    expect([t.current_version ?? 1, (t.versions ?? []).length <= 1]).toEqual([1, true])
    // What the killed finish had written is a leftover, cleared as every start clears them.
    const renders = join(dataDir, 'takes', job.id, 'versions', 'renders')
    expect((await readdir(renders)).filter((x) => x.startsWith(`.finish-${id}`))).toHaveLength(1)
    await takes.area.store.folders.removeLeftovers(job.id)
    expect((await readdir(renders)).filter((x) => x.startsWith('.finish-'))).toEqual([])
    await again.handlers.dismissUnfinishedWork({ takeId: id })
  })
})
