// The measurement made while recording agrees with the ffmpeg pass over the written file, so the check
// shown at stop is the one the reference confirms; and its live readings follow BS.1770.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { measureTakeDetailed } from '../../../main/audio/measure-take'
import { RunningMeasurement } from '../../../main/audio/running-measurement'
import { formatLevel } from '../../../shared/format/level-words'
import { makeTempDir } from '../../support/audio-fixtures'
import { decode, TAKE_TRUTH, takeExpression, writeSignal } from './helpers/signals'

let dir = ''
let cleanup: () => Promise<void> = async () => {}
beforeAll(async () => {
  ;({ dir, cleanup } = await makeTempDir())
})
afterAll(() => cleanup())

async function recordInChunks(file: string, chunkS = 0.02): Promise<RunningMeasurement> {
  const { samples, rate, channels } = await decode(file)
  const running = new RunningMeasurement(rate, channels)
  const step = Math.round(rate * chunkS) * channels
  for (let i = 0; i < samples.length; i += step) running.push(Float32Array.from(samples.subarray(i, i + step)))
  return running
}

describe('RunningMeasurement', () => {
  it.each([
    [
      'room tone at -60 dBFS with hum',
      { hissDbfs: -60, hum: { hz: 50 as const, peakDbfs: -35 } },
      'dry_voice' as const,
    ],
    ['a finished spot', { hissDbfs: -80 }, 'finished_spot' as const],
  ])('agrees with the ffmpeg pass: %s', async (_name, room, kind) => {
    const file = await writeSignal(dir, kind, takeExpression(room), TAKE_TRUTH.duration)
    const running = (await recordInChunks(file)).result({ kind, spotLengthS: 3 })
    const reference = await measureTakeDetailed(file, { kind, spotLengthS: 3 })
    const [p, q] = [running.preflight, reference.preflight]
    expect(p.duration_s).toBe(q.duration_s)
    expect(p.peak_dbfs).toBeCloseTo(q.peak_dbfs as number, 1)
    expect(Math.abs((p.lufs as number) - (q.lufs as number))).toBeLessThanOrEqual(0.1)
    expect(
      Math.abs((running.report.true_peak_dbtp as number) - (reference.report?.true_peak_dbtp as number)),
    ).toBeLessThanOrEqual(0.2)
    expect(Math.abs((p.lead_silence_s as number) - (q.lead_silence_s as number))).toBeLessThanOrEqual(0.02)
    expect(Math.abs((p.tail_silence_s as number) - (q.tail_silence_s as number))).toBeLessThanOrEqual(0.02)
    expect(p.warnings).toEqual(q.warnings)
    expect(running.report.findings.map((f) => f.code)).toEqual(reference.report?.findings.map((f) => f.code))
  })

  it('gives live readings: none before a window is full, then momentary, short-term and a held true peak', async () => {
    const file = await writeSignal(dir, 'live', '0.1*sin(2*PI*1000*t)+0.7*sin(2*PI*1000*t)*between(t\\,1\\,1.01)', 4)
    const { samples, rate } = await decode(file)
    const running = new RunningMeasurement(rate, 1)
    running.push(Float32Array.from(samples.subarray(0, rate * 0.2)))
    expect(running.live()).toMatchObject({ momentaryLufs: null, shortTermLufs: null })
    running.push(Float32Array.from(samples.subarray(rate * 0.2, rate * 2)))
    const first = running.live()
    expect(first.momentaryLufs).toBeCloseTo(-23, 0)
    expect(first.shortTermLufs).toBeNull()
    expect(first.truePeakMaxDbtp).toBeCloseTo(-1.9, 0)
    running.push(Float32Array.from(samples.subarray(rate * 2)))
    const later = running.live()
    // The 3 s window (1–4 s) holds the 10 ms burst: 64 times the energy for 1/300 of the window, +0.8 dB.
    expect(later.shortTermLufs).toBeCloseTo(-22.2, 0)
    expect(later.truePeakDbtp).toBeCloseTo(-20, 0) // since the last reading: the burst is past
    expect(later.truePeakMaxDbtp).toBeCloseTo(-1.9, 0) // held from the burst (0.1 + 0.7 = 0.8 of full scale)
  })

  it('reads silence as silence: a tone ringing down into digital zeros never gives thousands of dB below zero', () => {
    const rate = 48_000
    const running = new RunningMeasurement(rate, 1)
    running.push(Float32Array.from({ length: rate / 2 }, (_, i) => 0.3 * Math.sin((2 * Math.PI * 440 * i) / rate)))
    const zeros = new Float32Array(rate / 10)
    const readings: Array<number | null> = []
    for (let k = 0; k < 100; k++) {
      running.push(zeros)
      const live = running.live()
      readings.push(live.momentaryLufs, live.shortTermLufs, live.truePeakDbtp)
    }
    // Every reading is a real level or the unit's silent line (what the window words as "silence").
    for (const r of readings) if (r !== null) expect(r).toBeGreaterThanOrEqual(-151)
    expect(formatLevel(running.live().shortTermLufs, 'LUFS')).toBe('silence')
    expect(formatLevel(running.live().truePeakDbtp, 'dBTP')).toBe('silence')
    // A take of nothing but zeros: silence on every meter, not "—" (which means no reading yet).
    const nothing = new RunningMeasurement(rate, 1)
    for (let k = 0; k < 40; k++) nothing.push(zeros)
    const live = nothing.live()
    expect(
      [live.momentaryLufs, live.shortTermLufs, live.truePeakDbtp, live.truePeakMaxDbtp].map((v, i) =>
        formatLevel(v, i < 2 ? 'LUFS' : 'dBTP'),
      ),
    ).toEqual(['silence', 'silence', 'silence', 'silence'])
  })
})
