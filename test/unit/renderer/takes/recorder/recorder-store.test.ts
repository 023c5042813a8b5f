/**
 * The window's one recorder (renderer/src/takes/recorder/recorder-store.ts) without a browser: the fake
 * bridge answers main's recording and punch calls, a fake capture stands for the microphone and a fake
 * clock for the page's timers. Every phase change goes through the machine; the record control, the guard,
 * the punch and Stop read the same state.
 */
import { describe, expect, it } from 'vitest'
import { countInBeat, guardedRun } from '../../../../../renderer/src/takes/recorder/recorder-view'
import { BOOTH_GONE_WHILE_RECORDING } from '../../../../../renderer/src/takes/recording-failure'
import { settle } from '../../support/fake-bridge'
import { job, recorder, recording, saved } from './support/recorder-harness'
import type { TakeView } from '../../../../../shared/bridge-takes'

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

describe('the recorder remembers', () => {
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
