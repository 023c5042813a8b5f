import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findProfile, type DeliveryProfile } from '../../../main/audio/delivery-profiles'
import { runFfmpeg } from '../../../main/audio/run-ffmpeg'
import { applyLevel, levelTake, planLevel } from '../../../main/finish/level'
import { materialize } from '../../../main/finish/level-stream'
import { LoudnessMeter } from '../../../shared/audio-dsp/loudness-meter'
import { makeTempDir } from '../../support/audio-fixtures'
import { ffmpegLoudness, readTake, readWav, SR, writeWav24, type Take, type Voice } from './level-audio'

let dir = ''
let cleanup: () => Promise<void> = async () => {}
beforeAll(async () => {
  ;({ dir, cleanup } = await makeTempDir('booth-level-spot-'))
})
afterAll(() => cleanup())

const profile = (name: string): DeliveryProfile => findProfile(name) as DeliveryProfile

/** Momentary loudness (400 ms) every 100 ms, LUFS. */
function momentary(x: Float32Array): number[] {
  const meter = new LoudnessMeter(SR, 1)
  const out: number[] = []
  for (let at = 0; at + SR / 10 <= x.length; at += SR / 10) {
    meter.push(x.subarray(at, at + SR / 10))
    out.push(meter.momentaryLufs() ?? Number.NEGATIVE_INFINITY)
  }
  return out
}

/**
 * Over the blocks whose 400 ms lie within a sentence (and, for `spread`, not within `awayS` after one of
 * the frames `away`): how much the output's momentary loudness moves against the input's (the standard
 * deviation of their difference, dB: 0 for one gain), and how much each moves.
 */
function ride(
  t: Take,
  out: Float32Array,
  away: number[] = [],
  awayS = 0.8,
): { spread: number; inputStd: number; outputStd: number } {
  const a = momentary(t.x)
  const b = momentary(out)
  const diffs: number[] = []
  const ins: number[] = []
  const outs: number[] = []
  a.forEach((m, i) => {
    const end = (i + 1) * (SR / 10)
    if (!t.sentences.some((s) => end - 0.4 * SR >= s.from && end <= s.to)) return
    ins.push(m)
    outs.push(b[i] as number)
    if (!away.some((f) => end >= f && end - f <= awayS * SR)) diffs.push((b[i] as number) - m)
  })
  const std = (v: number[]): number => {
    const mean = v.reduce((s, x) => s + x, 0) / v.length
    return Math.sqrt(v.reduce((s, x) => s + (x - mean) ** 2, 0) / v.length)
  }
  return { spread: std(diffs), inputStd: std(ins), outputStd: std(outs) }
}

describe('finished spot: integrated within ±0.5 LU and true peak under the ceiling, by ffmpeg on the written file', () => {
  for (const name of ['ebu-r128', 'atsc-a85', 'podcast']) {
    for (const voice of [
      { synth: 'espeak-ng', voice: 'en-us' },
      { synth: 'flite', voice: 'slt' },
    ] as Voice[]) {
      it(`${name}, ${voice.synth} ${voice.voice}`, async () => {
        const p = profile(name)
        const t = await readTake(dir, voice, -12)
        const { plan, frames } = levelTake([t.x], SR, 'finished_spot', p)
        const channels = materialize(frames)
        // The samples kept from planning are the plan applied again.
        expect(applyLevel([t.x], SR, plan)[0]).toEqual(channels[0])
        const wav = await writeWav24(dir, `${name}-${voice.voice}`, channels[0] as Float32Array)
        const measured = await ffmpegLoudness(wav)
        expect(Math.abs((measured.integratedLufs as number) - (p.loudness[0]?.target as number))).toBeLessThanOrEqual(
          0.5,
        )
        expect(measured.truePeakDbtp).toBeLessThanOrEqual(p.peak?.max as number)
      })
    }
  }
})

/** A take read at a sensible level with three plosive pops (damped bursts of about 1 ms) peaking near 0 dBFS inside the sentences. */
async function hotTake(): Promise<Take & { pops: number[] }> {
  const t = await readTake(dir, { synth: 'espeak-ng', voice: 'en-us+m3' }, -10)
  const x = t.x.slice()
  const pops = t.sentences.map((s) => Math.floor((s.from + s.to) / 2))
  for (const at of pops) {
    for (let i = 0; i < 144; i++)
      x[at + i] = (x[at + i] as number) + 0.95 * Math.exp(-i / 10) * Math.cos((2 * Math.PI * 1800 * i) / SR)
  }
  return { ...t, x, pops }
}

describe('a hot take (peaks near 0 dBFS, low loudness) that makes loudnorm pump', () => {
  it('is brought to EBU R128 by gain, limiter and trim without riding the level, where loudnorm rides it', async () => {
    const t = await hotTake()
    const input = await writeWav24(dir, 'hot', t.x)
    const before = await ffmpegLoudness(input)
    expect(before.truePeakDbtp as number).toBeGreaterThan(-1)
    expect(before.integratedLufs as number).toBeLessThan(-26)

    const plan = planLevel([t.x], SR, 'finished_spot', profile('ebu-r128'))
    const wav = await writeWav24(dir, 'hot-booth', applyLevel([t.x], SR, plan)[0] as Float32Array)
    const measured = await ffmpegLoudness(wav)
    expect(Math.abs((measured.integratedLufs as number) + 23)).toBeLessThanOrEqual(0.5)
    expect(measured.truePeakDbtp).toBeLessThanOrEqual(-1)
    const booth = ride(t, await readWav(dir, wav), t.pops)
    expect(booth.outputStd).toBeLessThanOrEqual(booth.inputStd + 0.1)

    // ffmpeg's loudnorm, two passes in linear mode as its documentation asks, gives up linear mode here…
    const first = await runFfmpeg([
      '-nostats',
      '-i',
      input,
      '-af',
      'loudnorm=I=-23:TP=-1.3:LRA=20:print_format=json',
      '-f',
      'null',
      '-',
    ])
    const m = JSON.parse(
      first.stderr.slice(first.stderr.lastIndexOf('{'), first.stderr.lastIndexOf('}') + 1),
    ) as Record<string, string>
    const normed = join(dir, 'hot-loudnorm.wav')
    const second = await runFfmpeg([
      '-nostats',
      '-y',
      '-i',
      input,
      '-af',
      `loudnorm=I=-23:TP=-1.3:LRA=20:linear=true:measured_I=${m.input_i}:measured_TP=${m.input_tp}:` +
        `measured_LRA=${m.input_lra}:measured_thresh=${m.input_thresh}:offset=${m.target_offset}:print_format=summary`,
      '-ar',
      String(SR),
      '-c:a',
      'pcm_s24le',
      normed,
    ])
    expect(second.stderr).toMatch(/Normalization Type:\s+Dynamic/)
    // …and rides the level: away from the pops its gain moves from moment to moment over the speech, while
    // Booth's is one number there (the limiter acts at the pops alone).
    const loudnorm = ride(t, await readWav(dir, normed), t.pops)
    expect(booth.spread).toBeLessThan(0.1)
    expect(loudnorm.spread).toBeGreaterThan(0.3)
  })
})
