/**
 * Punch-and-roll on real speech with a simulated input chain: the talent re-reads sentence 3 on cue after
 * the pre-roll; the microphone's recording arrives 40 ms or 120 ms late. The calibration (a played click
 * pattern found in a recording of it) measures that latency to the sample, and the punched version puts
 * the new reading within 2 ms of where it was spoken; the punch point is never inside a word.
 */
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CalibrationError, findLatency } from '../../../main/versions/punch/latency-calibration'
import { planPunch, punchTimeline, type PunchPlan } from '../../../main/versions/punch/punch'
import { Recordings } from '../../../main/versions/store/recordings'
import { renderCached } from '../../../main/versions/store/render-cache'
import { toEditList } from '../../../main/versions/cuts/timeline'
import { prepareRecordings, type AnalyzedRecording } from '../../../main/versions/hearing/version-inputs'
import { calibrationSignal } from '../../../shared/versions/calibration-click'
import { makeTempDir } from '../../support/audio-fixtures'
import { speakRead, type SpokenRead } from '../../support/voice-reads'
import { engineMissing, samplesOf, SCRIPT, SENTENCES, transcribe, VOICE } from './helpers/spot'

let dir = ''
let cleanup: () => Promise<void> = async () => {}
let take: SpokenRead
let recordings: Recordings
let analyzed: AnalyzedRecording
let plan: PunchPlan
const RATE = 48_000

beforeAll(async () => {
  const missing = await engineMissing()
  if (missing) throw new Error(missing)
  ;({ dir, cleanup } = await makeTempDir('booth-punch-'))
  const flubbed = [...SENTENCES]
  flubbed[2] = 'Queen mattresses start at just $279.'
  take = await speakRead(dir, 'take', flubbed, { ...VOICE, pausesS: [0.7, 0.55, 0.8, 0.6], roomDbfs: -62 })
  recordings = new Recordings(join(dir, 'recordings'))
  ;[analyzed] = (await prepareRecordings(recordings, [{ path: take.path }], SCRIPT, transcribe)) as [AnalyzedRecording]
  plan = planPunch(analyzed.analysis, 2, (k) => `sentence ${k + 1}`)
}, 180_000)
afterAll(async () => {
  await cleanup()
})

/** A deterministic noise source (the simulated room and preamp). */
function noise(seed: number): () => number {
  let s = seed >>> 0
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0
    return s / 4294967296 - 0.5
  }
}

/** What the microphone records while the calibration plays: the signal `latency` frames late, quieter, in noise, maybe inverted and filtered. */
function recordedCalibration(
  latency: number,
  o: { gain?: number; invert?: boolean; lowpass?: boolean; noiseDb?: number } = {},
): Float32Array {
  const played = calibrationSignal(RATE)
  const out = new Float32Array(played.length + latency)
  const rnd = noise(latency + 1)
  const n = 10 ** ((o.noiseDb ?? -55) / 20) * 3.4
  let y = 0
  for (let i = 0; i < out.length; i++) {
    const x = i >= latency ? (played[i - latency] as number) : 0
    const g = (o.invert ? -1 : 1) * (o.gain ?? 0.3) * x
    y = o.lowpass ? y + 0.5 * (g - y) : g
    out[i] = y + n * rnd()
  }
  return out
}

describe('punch-and-roll', { timeout: 300_000 }, () => {
  it('punches in the pause before the sentence, never inside a word, with a pre-roll of at least 2 s from the sentence before', () => {
    const words = [
      ...take.sentences.map((s) => ({ a: s.firstS, b: s.lastS })),
      ...analyzed.analysis.words.map((w) => ({ a: w.start_s, b: w.end_s })),
    ]
    for (const w of words) {
      expect(
        plan.punchS <= w.a - 0.03 || plan.punchS >= w.b + 0.03,
        `punch at ${plan.punchS} vs word ${w.a}–${w.b}`,
      ).toBe(true)
    }
    expect(plan.punchS).toBeGreaterThan(take.sentences[1]!.lastS)
    expect(plan.punchS).toBeLessThan(take.sentences[2]!.firstS)
    expect(plan.punchS - plan.prerollS).toBeGreaterThanOrEqual(2)
    expect(plan.prerollS).toBeLessThanOrEqual(take.sentences[1]!.firstS)
  })

  it('lengthens the pre-roll to the setting (the punch point stays), and never shortens it under 2 s', () => {
    const wanted = plan.punchS - plan.prerollS + 1
    const longer = planPunch(analyzed.analysis, 2, (k) => `sentence ${k + 1}`, wanted)
    expect(longer.punchFrame).toBe(plan.punchFrame)
    expect(longer.punchS - longer.prerollS).toBeGreaterThanOrEqual(wanted - 1e-6)
    expect(longer.prerollS).toBeLessThan(plan.prerollS)
    expect(planPunch(analyzed.analysis, 2, (k) => `sentence ${k + 1}`, 0.5)).toEqual(plan)
  })

  it('finds a played click in a recording to the sample, inverted or not, and refuses a recording without clicks', () => {
    for (const latency of [1920, 5760, 37]) {
      expect(findLatency(recordedCalibration(latency), 1, RATE).latencyFrames).toBe(latency)
      expect(findLatency(recordedCalibration(latency, { invert: true, gain: 0.05 }), 1, RATE).latencyFrames).toBe(
        latency,
      )
    }
    const stereo = recordedCalibration(2400)
    const both = new Float32Array(stereo.length * 2)
    stereo.forEach((x, i) => {
      both[2 * i] = x
      both[2 * i + 1] = x * 0.5
    })
    expect(findLatency(both, 2, RATE).latencyFrames).toBe(2400)
    const silence = recordedCalibration(1000, { gain: 0, noiseDb: -40 })
    expect(() => findLatency(silence, 1, RATE)).toThrow(CalibrationError)
    expect(() => findLatency(silence, 1, RATE)).toThrow(/Booth heard 0 of the 5 clicks clearly/)
  })

  for (const latencyMs of [40, 120]) {
    it(`lands a calibrated punch within 2 ms with ${latencyMs} ms of input latency`, async () => {
      const latency = Math.round((latencyMs / 1000) * RATE)
      // The calibration runs through a filtered chain (the group delay of a microphone's response).
      const measured = findLatency(recordedCalibration(latency, { lowpass: true }), 1, RATE).latencyFrames
      expect(Math.abs(measured - latency)).toBeLessThanOrEqual(2)
      // The talent reads sentence 3 on cue (where the take had it); the recording starts with the pre-roll.
      const cue = take.sentences[2]!.firstS - plan.prerollS
      const rec = await speakRead(dir, `punch-${latencyMs}`, [SENTENCES[2] as string], {
        ...VOICE,
        leadS: cue + latency / RATE,
        tailS: 0.8,
        roomDbfs: -62,
        roomSeed: 23,
      })
      const ref = await recordings.add(rec.path)
      const timeline = punchTimeline(
        { source: analyzed.ref.hash, durationS: analyzed.analysis.durationS },
        { source: ref.hash, frames: ref.frames },
        plan,
        measured,
      )
      const out = (await renderCached(toEditList(timeline, analyzed.ref.format), recordings, join(dir, 'renders'))).path
      const [r, t, p] = await Promise.all([samplesOf(out), samplesOf(take.path), samplesOf(rec.path)])
      // The take is untouched up to the punch point's crossfade.
      const upTo = Math.round((plan.punchS - plan.crossfadeS) * RATE)
      for (let i = 0; i < upTo; i++) if (r.raw[i] !== t.raw[i]) throw new Error(`the take changed at ${i / RATE} s`)
      // Where the new reading starts in the version: the lag that best matches its first 300 ms.
      const clipAt = Math.round(rec.sentences[0]!.firstS * RATE)
      const probe = p.x.subarray(clipAt, clipAt + Math.round(0.3 * RATE))
      const expected = Math.round(take.sentences[2]!.firstS * RATE)
      let best = -Infinity
      let bestLag = 0
      for (let lag = -Math.round(0.2 * RATE); lag <= Math.round(0.2 * RATE); lag++) {
        let dot = 0
        for (let j = 0; j < probe.length; j += 2) dot += (probe[j] as number) * (r.x[expected + lag + j] as number)
        if (dot > best) {
          best = dot
          bestLag = lag
        }
      }
      expect((Math.abs(bestLag) / RATE) * 1000, 'ms off').toBeLessThanOrEqual(2)
      // Without the latency compensated, the reading would land late by the latency itself.
      const naive = punchTimeline(
        { source: analyzed.ref.hash, durationS: analyzed.analysis.durationS },
        { source: ref.hash, frames: ref.frames },
        plan,
        0,
      )
      expect(naive.segments[1]!.fromS * RATE).toBeCloseTo(plan.punchFrame - plan.prerollFrame, 0)
    })
  }
})
