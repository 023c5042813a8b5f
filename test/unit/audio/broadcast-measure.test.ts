// The broadcast-grade figures on generated signals whose truth is known: true peak of inter-sample overs,
// the noise floor and silences under hiss, hum and DC offset, clipping by shape, DC offset.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findProfile } from '../../../main/audio/delivery-profiles'
import { measureTakeDetailed } from '../../../main/audio/measure-take'
import { RunningMeasurement } from '../../../main/audio/running-measurement'
import { makeTempDir } from '../../support/audio-fixtures'
import { decode, ffmpegLoudness, TAKE_TRUTH, takeExpression, within, writeSignal } from './helpers/signals'

let dir = ''
let cleanup: () => Promise<void> = async () => {}
beforeAll(async () => {
  ;({ dir, cleanup } = await makeTempDir())
})
afterAll(() => cleanup())

describe('true peak (BS.1770-4, 4x oversampled)', () => {
  it('finds the inter-sample over of a 12 kHz sine sampled 45° off its crest, which the sample peak misses', async () => {
    // Samples sit at 0.7071 of the crest: sample peak -1.2 dBFS, true peak -1.2 + 3.01 = +1.8 dBTP.
    const crest = 10 ** (-1.2 / 20) / Math.SQRT1_2
    // Faded in over 50 ms: an abrupt start would add the interpolator's own onset overshoot.
    const file = await writeSignal(dir, 'isp', `${crest}*sin(2*PI*12000*t+PI/4)*min(1\\,t/0.05)`, 3)
    const r = await measureTakeDetailed(file, { kind: 'finished_spot' })
    within(r.preflight.peak_dbfs, -1.2, 0.05)
    within(r.report?.true_peak_dbtp, 1.8, 0.2)
    within(r.report?.true_peak_dbtp, (await ffmpegLoudness(file)).truePeak, 0.05)
    const over = r.report?.findings.find((f) => f.code === 'true_peak_over')
    expect(over?.message).toMatch(/^True peak \+1\.[789] dBTP; EBU R128 allows -1\.0/)
    expect(r.preflight.warnings).toContain('very_loud')
    const atsc = await measureTakeDetailed(file, { profile: findProfile('atsc-a85') })
    expect(atsc.report?.findings.find((f) => f.code === 'true_peak_over')?.message).toMatch(/ATSC A\/85 allows -2\.0/)
  })

  it('places a true-peak over where the true peak is, not at the loudest sample', async () => {
    // 0–1 s: 1 kHz with its crest on a sample at -0.5 dBFS (the sample peak; true peak -0.5 dBTP).
    // 2–3 s: 12 kHz sampled 45° off its crest: samples at -1.2 dBFS, true peak +1.8 dBTP (the over).
    const crest = 10 ** (-1.2 / 20) / Math.SQRT1_2
    const fade = (from: number): string => `min(1\\,min(t-${from}\\,${from + 1}-t)/0.05)`
    const expr = `${10 ** (-0.5 / 20)}*sin(2*PI*1000*t)*between(t\\,0\\,1)*${fade(0)}+${crest}*sin(2*PI*12000*t+PI/4)*between(t\\,2\\,3)*${fade(2)}`
    const file = await writeSignal(dir, 'isp-later', expr, 4)
    const r = await measureTakeDetailed(file, { kind: 'finished_spot' })
    within(r.preflight.peak_dbfs, -0.5, 0.05)
    within(r.report?.true_peak_dbtp, 1.8, 0.2)
    const over = r.report?.findings.find((f) => f.code === 'true_peak_over')
    expect(over?.at_s).toBeGreaterThanOrEqual(2)
    expect(over?.at_s).toBeLessThanOrEqual(3)
    expect(over?.message).toMatch(/\(loudest at 2\.\d s\)\.$/)
    // The measurement made while recording places it the same way.
    const { samples, rate } = await decode(file)
    const running = new RunningMeasurement(rate, 1)
    running.push(Float32Array.from(samples))
    const live = running.result({ kind: 'finished_spot' }).report.findings.find((f) => f.code === 'true_peak_over')
    expect(Math.abs((live?.at_s ?? 0) - (over?.at_s ?? 0))).toBeLessThan(0.01)
  })
})

describe('noise floor and silence under room tone, hum and DC offset', () => {
  it.each([-70, -60, -50])('hiss at %d dBFS RMS: floor reported, head, tail and voiced time right', async (hiss) => {
    const file = await writeSignal(dir, `hiss${-hiss}`, takeExpression({ hissDbfs: hiss }), TAKE_TRUTH.duration)
    const r = await measureTakeDetailed(file, { kind: 'dry_voice' })
    within(r.report?.noise_floor_dbfs, hiss, 1.5)
    within(r.preflight.lead_silence_s, TAKE_TRUTH.lead, 0.1)
    within(r.preflight.tail_silence_s, TAKE_TRUTH.tail, 0.1)
    within(r.preflight.voiced_s, TAKE_TRUTH.voiced, 0.1)
    // The dry-voice profile allows a floor of -60 dBFS (ACX).
    expect(r.report?.findings.some((f) => f.code === 'noise_floor_high')).toBe(hiss > -60)
  })

  it('a dry voice with room tone is not called long because of its pauses (spot 3 s)', async () => {
    const file = await writeSignal(dir, 'hiss-spot', takeExpression({ hissDbfs: -55 }), TAKE_TRUTH.duration)
    const r = await measureTakeDetailed(file, { kind: 'dry_voice', spotLengthS: 3.2 })
    expect(r.preflight.warnings).not.toContain('runs_long')
    expect(r.preflight.warnings).not.toContain('runs_short')
  })

  it.each([50, 60] as const)(
    '%d Hz hum at -30 dBFS under hiss: the hum does not fill the pauses, and the floor reads it unweighted',
    async (hz) => {
      const file = await writeSignal(
        dir,
        `hum${hz}`,
        takeExpression({ hissDbfs: -65, hum: { hz, peakDbfs: -30 } }),
        TAKE_TRUTH.duration,
      )
      const r = await measureTakeDetailed(file, { kind: 'dry_voice' })
      within(r.preflight.lead_silence_s, TAKE_TRUTH.lead, 0.1)
      within(r.preflight.tail_silence_s, TAKE_TRUTH.tail, 0.1)
      within(r.preflight.voiced_s, TAKE_TRUTH.voiced, 0.1)
      // As ACX measures a room tone: the hum's RMS (-33 dBFS) with the hiss under it, no high-pass.
      within(r.report?.noise_floor_dbfs, -33, 0.5)
      expect(r.report?.findings.some((f) => f.code === 'noise_floor_high')).toBe(true)
    },
  )

  it('a DC offset of 5 % is reported and does not hide the silences', async () => {
    const file = await writeSignal(dir, 'dc', takeExpression({ hissDbfs: -60, dc: 0.05 }), TAKE_TRUTH.duration)
    const r = await measureTakeDetailed(file, { kind: 'dry_voice' })
    within(r.report?.dc_offset, 0.05, 0.001)
    expect(r.report?.findings.find((f) => f.code === 'dc_offset')).toMatchObject({
      severity: 'problem',
      message: expect.stringMatching(/^DC offset 5\.00 % of full scale/),
    })
    within(r.preflight.lead_silence_s, TAKE_TRUTH.lead, 0.1)
    within(r.preflight.voiced_s, TAKE_TRUTH.voiced, 0.1)
  })

  it('a take with no pauses has no silence and no noise floor to report', async () => {
    const file = await writeSignal(dir, 'nopause', `0.1*sin(2*PI*440*t)`, 2)
    const r = await measureTakeDetailed(file)
    expect(r.report?.noise_floor_dbfs).toBeNull()
    expect(r.preflight).toMatchObject({ lead_silence_s: 0, tail_silence_s: 0, voiced_s: 2 })
  })
})

describe('clipping by shape', () => {
  const clipped = (dbfs: number): string => {
    const c = 10 ** (dbfs / 20)
    return `clip(2*${c}*sin(2*PI*1000*t)\\,-${c}\\,${c})`
  }

  it('finds a take clipped flat at -3 dBFS, with its level and time', async () => {
    const file = await writeSignal(dir, 'flat3', `if(gte(t\\,1)\\,${clipped(-3)}\\,0.1*sin(2*PI*1000*t))`, 2)
    const r = await measureTakeDetailed(file)
    const clip = r.report?.findings.find((f) => f.code === 'clipping')
    expect(clip?.message).toMatch(/^Clipping: \d+ flat-topped runs at -3\.0 dBFS, first at 1\.0 s\.$/)
    within(clip?.at_s, 1, 0.01)
    expect(r.preflight.warnings).toContain('clipping')
  })

  it.each([
    ['after', 3],
    ['before', 0.5],
  ])('still finds the -3 dBFS clipping with one louder transient %s it', async (_when, clickS) => {
    // A 1 ms click that lifts the take to -1 dBFS: louder than the clipped stretch (1–2 s), once.
    const click = `0.79*sin(2*PI*1000*(t-${clickS}))*between(t\\,${clickS}\\,${clickS + 0.001})`
    const file = await writeSignal(
      dir,
      `flat3-click-${clickS}`,
      `if(between(t\\,1\\,2)\\,${clipped(-3)}\\,0.1*sin(2*PI*1000*t)+${click})`,
      4,
    )
    const r = await measureTakeDetailed(file)
    within(r.preflight.peak_dbfs, -1, 0.1)
    const clip = r.report?.findings.find((f) => f.code === 'clipping')
    expect(clip?.message).toMatch(/^Clipping: \d+ flat-topped runs at -3\.0 dBFS, first at 1\.0 s\.$/)
    within(clip?.at_s, 1, 0.01)
  })

  it('a level held flat beside a louder tone (a stuck offset, not a crest) is not clipping', async () => {
    // 0.3 for a second, a tone swinging from -0.2 to 0.8 around it, then 0.3 to the end.
    const file = await writeSignal(dir, 'held-offset', '0.3+0.5*sin(2*PI*440*t)*between(t\\,1\\,2)', 4)
    const r = await measureTakeDetailed(file)
    expect(r.report?.findings.map((f) => f.code)).not.toContain('clipping')
  })

  it.each([
    ['24-bit', 'pcm_s24le'],
    ['16-bit', 'pcm_s16le'],
    ['float', 'pcm_f32le'],
  ])('a clean sine normalised to -0.1 dBFS is not clipping (%s)', async (_name, codec) => {
    for (const hz of [1000, 997, 100]) {
      const file = await writeSignal(dir, `clean-${codec}-${hz}`, `${10 ** (-0.1 / 20)}*sin(2*PI*${hz}*t)`, 2, {
        codec,
      })
      const r = await measureTakeDetailed(file)
      expect(r.report?.findings.map((f) => f.code)).not.toContain('clipping')
    }
  })

  it.each([
    ['16-bit', 'pcm_s16le'],
    ['24-bit', 'pcm_s24le'],
  ])('counts samples at the largest positive code as overs (%s)', async (_name, codec) => {
    const s = 'sin(2*PI*1000*t)'
    // Clipped flat at +full scale (32767, 8388607), the negative half at -6 dBFS: nothing reaches -1.
    const flat = await writeSignal(dir, `plus-fs-${codec}`, `if(gt(${s}\\,0)\\,min(2*${s}\\,1)\\,0.5*${s})`, 1, {
      codec,
    })
    const r = await measureTakeDetailed(flat)
    expect(r.report?.findings.find((f) => f.code === 'clipping')?.message).toMatch(
      / and \d{4,} samples at full scale, first at 0\.0 s\.$/,
    )
    // A crest that touches +full scale on one sample each cycle: no flat run, but an over every cycle.
    const touch = await writeSignal(dir, `plus-fs-touch-${codec}`, `if(gt(${s}\\,0)\\,${s}\\,0.5*${s})`, 1, { codec })
    const t = await measureTakeDetailed(touch)
    expect(t.report?.findings.find((f) => f.code === 'clipping')?.message).toBe(
      'Clipping: 1000 samples at full scale, first at 0.0 s.',
    )
  })

  it('finds overs beyond full scale in a float file', async () => {
    const file = await writeSignal(dir, 'over-float', '1.4*sin(2*PI*997*t)', 1, { codec: 'pcm_f32le' })
    const r = await measureTakeDetailed(file)
    expect(r.report?.findings.find((f) => f.code === 'clipping')?.message).toMatch(/\d+ samples at full scale/)
  })
})
