/**
 * The punch-and-roll and the recording guard through the window's one recorder (recorder-punch.ts in
 * recorder-store.ts), without a browser: every stage of a punch is a phase of the recorder's machine, and
 * the guard, the record control and the punch read the same state.
 */
import { describe, expect, it, vi } from 'vitest'
import {
  guardedRun,
  isRecordingJob,
  punchOwnsKeys,
  punchPhases,
  punchPositionS,
  recorderTakenElsewhere,
} from '../../../../../renderer/src/takes/recorder/recorder-view'
import { NO_PUNCH } from '../../../../../renderer/src/takes/recorder/recorder-punch'
import { settle } from '../../support/fake-bridge'
import { job, other, plan, recorder, recording } from './support/recorder-harness'

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
})
