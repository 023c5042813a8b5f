/**
 * The window's one recorder (renderer/src/takes/recorder/recorder-store.ts) without a browser: the fake
 * bridge answers main's recording and punch calls, a fake capture stands for the microphone and a fake
 * clock for the page's timers. Every phase change goes through the machine; the record control, the guard,
 * the punch and Stop read the same state.
 */
import { describe, expect, it, vi } from 'vitest'
import type { TakeView } from '../../../shared/bridge-takes'
import type { PunchPlanView } from '../../../shared/versions/types'
import type { VersionMade } from '../../../shared/bridge-versions'
import { createRecorderStore } from '../../../renderer/src/takes/recorder/recorder-store'
import {
  countInBeat,
  guardedRun,
  isRecordingJob,
  punchOwnsKeys,
  punchPhases,
  punchPositionS,
  recordControlPhase,
  recorderTakenElsewhere,
} from '../../../renderer/src/takes/recorder/recorder-view'
import type { MeterEvent } from '../../../renderer/src/takes/recorder/recorder-types'
import { NO_PUNCH } from '../../../renderer/src/takes/recorder/recorder-punch'
import { createTakesStore } from '../../../renderer/src/takes/takes-store'
import { createReadbackStore } from '../../../renderer/src/takes/readback/readback-store'
import { BOOTH_GONE_WHILE_RECORDING } from '../../../renderer/src/takes/recording-failure'
import { fakeBridge, jobView, settle } from '../renderer/support/fake-bridge'
import { fakeCapture, fakeClock } from './support/fake-capture'

const job = jobView('31').job
const other = jobView('32').job

const saved: TakeView = {
  schema: 1,
  id: 'take-1',
  job_id: '31',
  file_name: 'ACME_main_01.wav',
  label: 'main',
  take_number: 1,
  note: null,
  preflight: null,
  created_at: '2025-03-05T10:00:00Z',
  source: 'recorded',
  original_name: null,
  state: 'ready',
  spot_length_s: 30,
  job_kind: 'dry_voice',
  trim: { head_s: 0, tail_s: 0 },
  upload: { handle: null, offset: 0, status: 'none' },
  delivery: { idempotency_key: null, delivery_id: null, status: 'none', queued: false },
}
const plan: PunchPlanView = {
  takeId: 'take-1',
  sentence: 2,
  sentence_text: 'Forty years of music.',
  sample_rate: 48_000,
  punch_frame: 144_000,
  punch_s: 3,
  preroll_frame: 48_000,
  preroll_s: 1,
  crossfade_s: 0.01,
}

function memoryStorage(entries: Record<string, string> = {}) {
  const m = new Map(Object.entries(entries))
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), m }
}

function recorder(
  opts: { countIn?: number; stop?: () => Promise<TakeView>; finish?: () => Promise<VersionMade> } = {},
) {
  const bridge = fakeBridge({
    startRecording: async () => ({ takeId: 'take-1' }),
    appendRecording: async () => ({ peakDbfs: -12, rmsDbfs: -20, clipped: false }),
    stopRecording: opts.stop ?? (async () => saved),
    cancelRecording: async () => null,
    listTakes: async () => ({ jobId: '31', takes: [], trash: [], damaged: [] }),
    listDeliveryQueue: async () => ({ items: [] }),
    planPunch: async () => plan,
    startPunch: async () => ({ recordingTakeId: 'take-9', plan }),
    finishPunch: opts.finish ?? (async () => ({ take: saved, version: { number: 2 } }) as unknown as VersionMade),
    cancelPunch: async () => null as never,
  })
  const { capture, takes, punches, watching } = fakeCapture(bridge.api)
  const time = fakeClock()
  const takesStore = createTakesStore(bridge.api).store
  takesStore.setState({ byJob: { '31': { jobId: '31', takes: [], trash: [], damaged: [] } } })
  const storage = memoryStorage(opts.countIn ? { 'booth.recorder.countIn': String(opts.countIn) } : {})
  const { store } = createRecorderStore({
    api: bridge.api,
    capture,
    clock: time.clock,
    takes: takesStore,
    readback: createReadbackStore(bridge.api).store,
    storage,
  })
  const meter: MeterEvent['kind'][] = []
  store.getState().onMeter((e) => meter.push(e.kind))
  return {
    bridge,
    store,
    takes,
    punches,
    time,
    takesStore,
    storage,
    meter,
    watching,
    s: () => store.getState(),
    control: () => recordControlPhase(store.getState(), '31'),
  }
}

/** Record pressed, the input opened: a take of job 31 recording. */
async function recording() {
  const r = recorder()
  r.s().toggle(job, 'main')
  r.takes[0]!.opening.open()
  await settle()
  return r
}

describe('a take, through the recorder store', () => {
  it('opens the input (Starting…), records, and on Stop shows Saving… only after 150 ms, then idle with the take listed', async () => {
    let answer: (t: TakeView) => void = () => undefined
    const r = recorder({ stop: () => new Promise((resolve) => (answer = resolve)) })
    r.s().toggle(job, 'alt')
    expect(r.s().rec).toEqual({ phase: 'starting', mode: { kind: 'take' }, countInBeats: 0 })
    expect(r.control()).toBe('starting')
    expect(guardedRun(r.s())).toBeNull()
    r.takes[0]!.opening.open()
    await settle()
    expect(r.s().rec).toEqual({ phase: 'recording' })
    expect(r.control()).toBe('recording')
    expect(r.bridge.callsOf('startRecording')).toMatchObject([
      { jobId: '31', label: 'alt', sampleRate: 48_000, channels: 1 },
    ])
    expect(r.meter).toEqual(['start'])
    await r.takes[0]!.block()
    expect(r.meter).toEqual(['start', 'level'])
    expect(guardedRun(r.s())).toEqual({ jobId: '31', advertiser: job.advertiser })

    const stopping = r.s().stop()
    // The machine is stopping at once; the record control still says Stop (nothing drawn at the key).
    expect(r.s().rec).toMatchObject({ phase: 'stopping', keep: true })
    expect(r.control()).toBe('recording')
    void r.s().stop()
    expect(r.takes[0]!.log.filter((l) => l === 'stop')).toHaveLength(1)
    r.time.advance(150)
    expect(r.control()).toBe('stopping')
    expect(guardedRun(r.s())).toBeNull()
    answer(saved)
    await stopping
    expect(r.s().rec).toEqual({ phase: 'idle' })
    expect(r.s()).toMatchObject({ run: null, savingShown: false, error: null })
    expect(r.control()).toBe('idle')
    expect(r.meter.at(-1)).toBe('rest')
    expect(r.takesStore.getState().byJob['31']?.takes.map((t) => t.id)).toEqual(['take-1'])
    expect(r.bridge.callsOf('stopRecording')).toEqual([{ takeId: 'take-1', appended: 1 }])
  })

  it('counts in before it opens the input; Record again during the count-in cancels it and records nothing', async () => {
    const r = recorder({ countIn: 2 })
    r.s().toggle(job, 'main')
    expect(r.control()).toBe('count_in')
    expect(countInBeat(r.s())).toBe(2)
    r.time.advance(1000)
    expect(countInBeat(r.s())).toBe(1)
    expect(r.takes).toHaveLength(0)
    r.time.advance(1000)
    expect(r.control()).toBe('starting')
    r.takes[0]!.opening.open()
    await settle()
    expect(r.control()).toBe('recording')

    const again = recorder({ countIn: 3 })
    again.s().toggle(job, 'main')
    again.time.advance(1000)
    again.s().toggle(job, 'main')
    expect(again.s().rec).toEqual({ phase: 'idle' })
    again.time.advance(10_000)
    expect(again.takes).toHaveLength(0)
    expect(again.bridge.callsOf('startRecording')).toEqual([])
    expect(again.time.pending()).toBe(0)
  })

  it('discards: Saving… at once, main drops the take, idle', async () => {
    const r = await recording()
    const discarding = r.s().discard()
    expect(r.control()).toBe('stopping')
    await discarding
    expect(r.s().rec).toEqual({ phase: 'idle' })
    expect(r.bridge.callsOf('cancelRecording')).toEqual([{ takeId: 'take-1' }])
  })

  it('a take the capture stops (the disk, the input gone) is idle at once and says why; a late word from it changes nothing', async () => {
    const r = await recording()
    r.takes[0]!.onFailure({ kind: 'input_ended', inputLabel: 'USB Audio CODEC' })
    expect(r.s().rec).toEqual({ phase: 'idle' })
    expect(r.s().error).toMatch(/^Recording stopped: the input \(USB Audio CODEC\) went away/)
    expect(guardedRun(r.s())).toBeNull()
    expect(r.meter.at(-1)).toBe('rest')
    expect(r.bridge.callsOf('listTakes')).toEqual([{ jobId: '31' }])
    r.takes[0]!.onFailure(new Error('again'))
    expect(r.s().error).toMatch(/USB Audio CODEC/)
  })

  it('an input that cannot be opened leaves the recorder idle with the reason, main told', async () => {
    const r = recorder()
    r.s().toggle(job, 'main')
    r.takes[0]!.opening.fail(Object.assign(new Error('denied'), { name: 'NotAllowedError' }))
    await settle()
    expect(r.s().rec).toEqual({ phase: 'idle' })
    expect(r.s().error).toBe('Booth may not use the microphone. Allow it in the system settings, then try again.')
    expect(r.takes[0]!.log).toContain('cancel')
  })

  it('Booth gone mid-take: the input is let go and the recorder says so', async () => {
    const r = await recording()
    r.s().hostGone()
    expect(r.takes[0]!.log).toContain('abandon')
    expect(r.s()).toMatchObject({ rec: { phase: 'idle' }, error: BOOTH_GONE_WHILE_RECORDING })
    r.s().hostGone()
    expect(r.takes[0]!.log.filter((l) => l === 'abandon')).toHaveLength(1)
  })
})

describe('leaving the job mid-take leaves no phantom recording', () => {
  it('the recorder going away stops and keeps a take, and lets an input being opened go (main told)', async () => {
    const r = await recording()
    const detach = r.s().attachTake('31')
    expect(r.watching()).toBe(true)
    detach()
    expect(r.watching()).toBe(false)
    r.time.advance(0)
    await settle()
    expect(r.bridge.callsOf('stopRecording')).toHaveLength(1)
    expect(r.s().rec).toEqual({ phase: 'idle' })
    expect(guardedRun(r.s())).toBeNull()

    const opening = recorder()
    const undo = opening.s().attachTake('31')
    opening.s().toggle(job, 'main')
    undo()
    opening.time.advance(0)
    expect(opening.s().rec).toEqual({ phase: 'idle' })
    opening.takes[0]!.opening.open()
    await settle()
    await settle()
    expect(opening.s().rec).toEqual({ phase: 'idle' })
    expect(opening.bridge.callsOf('cancelRecording')).toEqual([{ takeId: 'take-1' }])
    expect(opening.meter).not.toContain('start')
  })

  it('a recorder that comes straight back (React remounting it) keeps its take; another job’s recorder going away leaves it alone', async () => {
    const r = await recording()
    const first = r.s().attachTake('31')
    first()
    const second = r.s().attachTake('31')
    r.s().attachTake('32')()
    r.time.advance(0)
    expect(r.s().rec).toEqual({ phase: 'recording' })
    second()
    r.time.advance(0)
    await settle()
    expect(r.s().rec).toEqual({ phase: 'idle' })
  })

  it('a new window (a reload) starts idle, with the remembered count-in', () => {
    const r = recorder({ countIn: 3 })
    expect(r.s()).toMatchObject({ rec: { phase: 'idle' }, run: null, countIn: 3, leave: null })
    expect(guardedRun(r.s())).toBeNull()
  })
})

describe('the guard, the punch and Stop read the same recorder', () => {
  it('while a take records: leaving asks first, a punch is refused, Stop and keep runs the way out', async () => {
    const r = await recording()
    const went: string[] = []
    r.s().guardLeave('open Advertiser 32', () => went.push('32'))
    expect(went).toEqual([])
    expect(r.s().leave?.what).toBe('open Advertiser 32')
    expect(isRecordingJob(r.s(), '31')).toBe(true)
    r.s().requestPunch(job, { takeId: 'take-1', sentence: 2, takeName: 'Take 1' })
    // Refused by the machine (a take records), and said in a punch panel of its own; the take records on.
    expect(r.s().punch).toMatchObject({
      job: { jobId: '31' },
      message: 'A take is recording: stop it first, then punch in.',
    })
    expect(r.s().rec).toEqual({ phase: 'recording' })
    expect(punchPhases(r.s())).toEqual({ phase: 'idle' })
    expect(punchOwnsKeys(r.s())).toBe(false)
    expect(recorderTakenElsewhere(r.s(), '32')).toBe(true)
    r.s().toggle(other, 'main')
    expect(r.s().run?.jobId).toBe('31')
    await r.s().confirmLeave()
    expect(went).toEqual(['32'])
    expect(r.s().rec).toEqual({ phase: 'idle' })
    expect(r.bridge.callsOf('stopRecording')).toHaveLength(1)
  })

  it('with nothing recording (a count-in is not a take yet), leaving goes at once; staying keeps the take', async () => {
    const r = recorder({ countIn: 2 })
    const went: string[] = []
    r.s().toggle(job, 'main')
    r.s().guardLeave('close this job', () => went.push('closed'))
    expect(went).toEqual(['closed'])
    const t = await recording()
    t.s().guardLeave('close this job', () => went.push('again'))
    t.s().stay()
    expect(t.s().leave).toBeNull()
    expect(t.s().rec).toEqual({ phase: 'recording' })
    expect(went).toEqual(['closed'])
  })

  const punchStages =
    'a punch: planned, armed, opening the input, pre-roll, punch at the punch point, the version made — ' +
    'the guard and the record control see it'
  it(punchStages, async () => {
    const r = recorder()
    r.s().requestPunch(job, { takeId: 'take-1', sentence: 2, takeName: 'Take 1' })
    expect(r.s().rec).toEqual({ phase: 'planning' })
    expect(punchOwnsKeys(r.s())).toBe(true)
    expect(guardedRun(r.s())).toBeNull()
    await settle()
    expect(r.s().rec).toMatchObject({ phase: 'armed', target: { punchFrame: 144_000 } })
    expect(r.s().punch).toMatchObject({ plan })
    expect(punchPositionS(r.s())).toBe(1)
    expect(r.bridge.callsOf('planPunch')).toEqual([{ takeId: 'take-1', sentence: 2, prerollS: 2 }])
    r.s().startPunch()
    expect(punchPhases(r.s()).phase).toBe('starting')
    expect(guardedRun(r.s())).toEqual({ jobId: '31', advertiser: job.advertiser })
    r.punches[0]!.opening.open()
    await settle()
    expect(r.s().rec).toMatchObject({ phase: 'pre_roll', positionFrame: 48_000 })
    expect(r.punches[0]!.log).toEqual(['roll'])
    // The record control stays idle and Record waits: one recorder.
    expect(r.control()).toBe('idle')
    expect(recorderTakenElsewhere(r.s(), '31')).toBe(true)
    r.s().toggle(job, 'main')
    expect(r.s().rec.phase).toBe('pre_roll')
    r.punches[0]!.position = 3.2
    r.time.frame()
    expect(r.s().rec).toMatchObject({ phase: 'punch', positionFrame: 153_600 })
    expect(punchPositionS(r.s())).toBe(3.2)
    r.s().stopPunch()
    expect(r.s().rec).toMatchObject({ phase: 'stopping', keep: true })
    await settle()
    await settle()
    expect(r.s().punch.made).toMatchObject({ version: { number: 2 } })
    expect(r.s().rec).toEqual({ phase: 'idle' })
    expect(guardedRun(r.s())).toBeNull()
    expect(r.bridge.callsOf('finishPunch')).toEqual([{ recordingTakeId: 'take-9' }])
    expect(r.bridge.callsOf('listTakes')).toEqual([{ jobId: '31' }])
    r.s().closePunch()
    expect(r.s().punch).toEqual(NO_PUNCH)
  })

  it('a punch stopped before its punch point, or cancelled, changes nothing and says so; leaving mid-punch asks first', async () => {
    const r = recorder()
    r.s().requestPunch(job, { takeId: 'take-1', sentence: 2, takeName: 'Take 1' })
    await settle()
    r.s().startPunch()
    r.punches[0]!.opening.open()
    await settle()
    const went: string[] = []
    r.s().guardLeave('close this job', () => went.push('closed'))
    expect(went).toEqual([])
    await r.s().confirmLeave()
    await settle()
    expect(went).toEqual(['closed'])
    expect(r.s().punch).toMatchObject({ made: null, message: 'Stopped before the punch point: Take 1 is unchanged.' })
    expect(r.s().rec).toEqual({ phase: 'idle' })
    expect(r.bridge.callsOf('cancelPunch')).toEqual([{ recordingTakeId: 'take-9' }])

    r.s().requestPunch(job, { takeId: 'take-1', sentence: 2, takeName: 'Take 1' })
    await settle()
    r.s().startPunch()
    r.s().cancelPunch()
    await settle()
    expect(r.s().punch).toMatchObject({ made: null, message: 'Punch cancelled: Take 1 is unchanged.' })
    expect(r.s().rec).toEqual({ phase: 'idle' })
    // The input opening after the cancel is never rolled.
    r.punches[1]!.opening.open()
    await settle()
    expect(r.punches[1]!.log).toEqual(['cancel'])
  })

  it('the punch panel going away mid-punch lets it go, main told, and nothing is left shown or recording', async () => {
    const r = recorder({ countIn: 2 })
    const detach = r.s().attachPunch('31')
    r.s().requestPunch(job, { takeId: 'take-1', sentence: 2, takeName: 'Take 1' })
    await settle()
    r.s().startPunch()
    r.punches[0]!.opening.open()
    await settle()
    expect(r.s().rec).toMatchObject({ phase: 'count_in', beatsLeft: 2 })
    // The recorder going away first leaves the punch's count-in to the punch panel.
    r.s().attachTake('31')()
    r.time.advance(0)
    expect(r.s().rec).toMatchObject({ phase: 'count_in', mode: { kind: 'punch' } })
    detach()
    r.time.advance(0)
    expect(r.s().punch).toEqual(NO_PUNCH)
    expect(r.s().rec).toEqual({ phase: 'idle' })
    expect(r.bridge.callsOf('cancelPunch')).toEqual([{ recordingTakeId: 'take-9' }])
    r.time.advance(5000)
    expect(r.punches[0]!.log).toEqual(['cancel'])
  })

  it('Record while a punch is only armed lets the plan go; an event the machine refuses is logged and changes nothing', async () => {
    const r = recorder()
    r.s().requestPunch(job, { takeId: 'take-1', sentence: 2, takeName: 'Take 1' })
    await settle()
    expect(r.s().rec.phase).toBe('armed')
    r.s().toggle(job, 'main')
    expect(r.s().rec).toEqual({ phase: 'starting', mode: { kind: 'take' }, countInBeats: 0 })
    expect(r.s().punch).toEqual(NO_PUNCH)
    r.takes[0]!.opening.open()
    await settle()
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    try {
      const before = r.s().rec
      r.s().requestPunch(job, { takeId: 'take-1', sentence: 2, takeName: 'Take 1' })
      expect(r.s().rec).toBe(before)
      expect(warn.mock.calls.map(([m]) => String(m))).toEqual([
        'The recorder (recording) refused request: A take is recording.',
      ])
    } finally {
      warn.mockRestore()
    }
  })

  it('remembers the input chosen and the count-in in one place', async () => {
    const r = recorder()
    const undo = r.s().attachTake('31')
    await settle()
    expect(r.s().input).toEqual({ deviceId: 'default', label: 'Default' })
    r.s().chooseInput({ deviceId: 'usb', label: 'USB Audio CODEC' })
    r.s().setCountIn(3)
    expect(JSON.parse(r.storage.m.get('booth.recorder.input') ?? 'null')).toEqual({
      deviceId: 'usb',
      label: 'USB Audio CODEC',
    })
    expect(r.storage.m.get('booth.recorder.countIn')).toBe('3')
    undo()
    r.s().attachTake('31')
    await settle()
    expect(r.s().input?.deviceId).toBe('usb')
    r.s().toggle(job, 'main')
    expect(r.takes).toHaveLength(0)
    r.time.advance(3000)
    expect(r.takes[0]!.log).toEqual(['start usb'])
  })
})
