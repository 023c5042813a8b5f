/**
 * The read-back's hooks on the real TakeStore: a take recorded through the wrapped calls keeps the script
 * on screen (script_read), is read back against that exact text after it stops, and its result lands
 * beside its metadata; an imported take is read back too (against the script at the drop when it has one);
 * a take file from before script_read (script_revision_id only) reads as one that kept no script; a folder
 * that is no model is refused in words.
 */
import { execFileSync } from 'node:child_process'
import { access, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { measureTake } from '../../../main/audio/measure-take'
import type { BridgeHandlers } from '../../../main/bridge/dispatch'
import { EventHub } from '../../../main/bridge/event-hub'
import { createReadbackArea } from '../../../main/readback/service/readback-handlers'
import { TakeStore } from '../../../main/takes/take-store'
import type { JobView } from '../../../shared/bridge'
import type { ReadbackState } from '../../../shared/bridge-readback'
import { speak } from '../../support/spot-script'

const SCRIPT = 'This Saturday only, save 20% on every mattress at Dream Street.'
let dir = ''
let store: TakeStore
let hub: EventHub
let events: ReadbackState[]

const jobView = {
  job: {
    job_id: '42',
    advertiser: 'Dream Street',
    customer: { id: '9', name: 'Acme Audio' },
    script: { kind: 'typed', revision_id: '555', revised_at: null, html: null, text: SCRIPT, document: null },
  },
} as unknown as JobView

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'booth-readback-hooks-'))
  store = new TakeStore({ dataDir: dir, measure: measureTake })
  hub = new EventHub()
  events = []
  hub.subscribe((event, data) => {
    if (event === 'readback') events.push(data as ReadbackState)
  })
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

function area() {
  return createReadbackArea({ dataDir: dir, store, hub, getJob: async () => jobView, warn: () => {} })
}

/** The take calls the read-back wraps, done directly on the store. */
function takeCalls(): Pick<BridgeHandlers, 'startRecording' | 'stopRecording' | 'cancelRecording' | 'importTake'> {
  return {
    startRecording: async (a) => ({
      takeId: (
        await store.record(a.jobId, { stem: null, sampleRate: a.sampleRate, channels: a.channels, script: a.script })
      ).take.id,
    }),
    stopRecording: async (a) => store.finishRecording(a.takeId),
    cancelRecording: async (a) => {
      await store.cancelRecording(a.takeId)
      return null
    },
    importTake: async (a) => store.import(a.jobId, a.path, { stem: null, script: a.script }),
  }
}

describe('read-back hooks on the take calls', { timeout: 60_000 }, () => {
  it('a recorded take notes its revision, is read back after it stops, and its result sits beside its metadata', async () => {
    const readback = area()
    await readback.start()
    const calls = readback.wrapTakeHandlers(takeCalls())
    const { takeId } = await calls.startRecording({
      jobId: '42',
      sampleRate: 22050,
      channels: 1,
      script: { revision_id: '555', text: SCRIPT },
    })
    const { wav } = await speak('This Sunday only, save 20% on every mattress at Dream Street.', dir, 'read')
    const pcm = execFileSync('ffmpeg', ['-v', 'error', '-i', wav, '-ac', '1', '-ar', '22050', '-f', 'f32le', '-'])
    const samples = new Float32Array(pcm.buffer, pcm.byteOffset, pcm.byteLength / 4)
    for (let i = 0; i < samples.length; i += 4410) store.writeRecording(takeId, samples.slice(i, i + 4410))
    const take = await calls.stopRecording({ takeId })
    expect((await store.get(takeId)).script_read).toEqual({ revision_id: '555', text: SCRIPT })
    expect(await store.get(takeId)).not.toHaveProperty('script_revision_id')
    await readback.service.whenIdle()
    expect(events.map((e) => e.status)).toEqual(['queued', 'running', 'done'])
    expect(events[2]?.result?.check.issues).toEqual([
      expect.objectContaining({ expected: 'Saturday', heard: 'sunday', severity: 'high' }),
    ])
    await access(join(dir, 'takes', '42', `${take.id}.readback.json`))
    expect((await store.list('42')).damaged).toEqual([]) // the result file does not confuse the take listing
    await readback.stop()
  })

  it('an imported take is read back against the current script, and says it recorded no revision', async () => {
    const readback = area()
    await readback.start()
    const { wav } = await speak(SCRIPT, dir, 'import')
    const take = await readback.wrapTakeHandlers(takeCalls()).importTake({ jobId: '42', path: wav })
    await readback.service.whenIdle()
    const state = await readback.handlers.getReadback({ takeId: take.id })
    expect(state).toMatchObject({
      status: 'done',
      result: {
        script_read: { revision_id: '555', text: SCRIPT },
        note: 'This take did not record its script revision; it was compared with the script as it is now.',
      },
    })
    expect(state.result?.check.verdict).toBe('matches')
    await readback.stop()
  })

  it('an imported take is compared with the exact text on screen at the drop, not the job as it is now', async () => {
    const readback = area()
    await readback.start()
    const older = 'This Sunday only, save 20% on every mattress at Dream Street.'
    const { wav } = await speak(older, dir, 'older')
    const take = await readback
      .wrapTakeHandlers(takeCalls())
      .importTake({ jobId: '42', path: wav, script: { revision_id: '554', text: older } })
    await readback.service.whenIdle()
    const state = await readback.handlers.getReadback({ takeId: take.id })
    expect(state).toMatchObject({
      status: 'done',
      result: { script_read: { revision_id: '554', text: older }, note: null },
    })
    expect(state.result?.check.verdict).toBe('matches')
    await readback.stop()
  })

  it('a take file from before script_read, with script_revision_id only, reads as a take that kept no script', async () => {
    const readback = area()
    await readback.start()
    const { wav } = await speak(SCRIPT, dir, 'legacy')
    const take = await store.import('42', wav, { stem: null })
    const metaPath = store.folders.metaPath('takes', '42', take.id)
    const { script_read: _none, ...old } = JSON.parse(await readFile(metaPath, 'utf8')) as Record<string, unknown>
    await writeFile(metaPath, JSON.stringify({ ...old, script_revision_id: '553' }))
    const read = await store.get(take.id)
    expect(read).not.toHaveProperty('script_revision_id')
    expect(read.script_read ?? null).toBeNull()
    readback.service.takeFinished(take.id)
    await readback.service.whenIdle()
    expect(await readback.handlers.getReadback({ takeId: take.id })).toMatchObject({
      status: 'done',
      result: {
        script_read: { revision_id: '555' },
        note: 'This take did not record its script revision; it was compared with the script as it is now.',
      },
    })
    await readback.stop()
  })

  it('a folder that holds no model is refused with a sentence; settings switch the read-back off', async () => {
    const readback = area()
    await readback.start()
    await expect(readback.handlers.setReadbackModelFolder({ path: dir })).rejects.toThrow(
      /is not a Zipformer transducer model: it lacks encoder, decoder, joiner, tokens\.txt/,
    )
    const view = await readback.handlers.setReadbackSettings({ enabled: false })
    expect(view).toMatchObject({ enabled: false, engine: 'auto', model: { present: false, source: 'data_folder' } })
    expect(view.engines.find((e) => e.name === 'pocketsphinx')?.unavailable).toBeNull()
    await readback.stop()
  })
})
