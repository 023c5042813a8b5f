// Room tone that is not plain hiss, on real speech (espeak-ng) mixed with it by ffmpeg: each take is
// judged against the same spoken take without it.
import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { measureTakeDetailed } from '../../../main/audio/measure-take'
import { runFfmpeg } from '../../../main/audio/run-ffmpeg'
import type { TakeReport } from '../../../main/audio/take-measurements'
import { makeTempDir, makeVoiceTake } from '../../support/audio-fixtures'
import { mixUnder } from './helpers/signals'

let dir = ''
let cleanup: () => Promise<void> = async () => {}
beforeAll(async () => {
  ;({ dir, cleanup } = await makeTempDir())
})
afterAll(() => cleanup())

const within = (actual: number | null | undefined, want: number, tolerance: number): void => {
  expect(actual).not.toBeNull()
  expect(Math.abs((actual as number) - want)).toBeLessThanOrEqual(tolerance)
}
const amp = (dbfs: number): string => (10 ** (dbfs / 20)).toPrecision(10)
/** White noise of this RMS (uniform, so its amplitude is RMS × √3), as a never-ending lavfi source. */
const hiss = (dbfs: number): string => `aevalsrc=exprs=${(10 ** (dbfs / 20) * Math.sqrt(3)).toPrecision(10)}*(2*random(0)-1):s=48000`

/**
 * A dense read trimmed tight: espeak-ng reading without a pause, its own head and tail silence cut, at a
 * dry voice's level (`gainDb` -8: about -27 LUFS), over room tone at -65 dBFS RMS; `leadS` of room tone before it.
 */
async function denseRead(name: string, gainDb: number, leadS: number): Promise<string> {
  const raw = path.join(dir, `${name}.espeak.wav`)
  await promisify(execFile)('espeak-ng', ['-w', raw,
    'the quick brown fox jumps over the lazy dog while seven bold sailors carry heavy barrels along the narrow harbour wall and nobody stops to rest'])
  const trim = 'silenceremove=start_periods=1:start_threshold=-50dB'
  const voice = path.join(dir, `${name}.voice.wav`)
  await runFfmpeg(['-y', '-i', raw, '-af', `aresample=48000,${trim},areverse,${trim},areverse,volume=${gainDb}dB,adelay=${Math.round(leadS * 1000)}:all=1`,
    '-c:a', 'pcm_s24le', voice], { timeoutMs: 60_000 })
  return mixUnder(dir, name, voice, hiss(-65))
}

describe('a dense read with no pause to measure', () => {
  // The quietest tenth of such a read is the dips between its syllables, around -40 dBFS at these levels.
  it.each([-8, -12])('at %d dB has no noise floor (unknown, shown as —), not a high one', async (gainDb) => {
    const r = await measureTakeDetailed(await denseRead(`dense${gainDb}`, gainDb, 0), { kind: 'dry_voice' })
    expect(r.report?.noise_floor_dbfs).toBeNull()
    expect(r.report?.findings.map((f) => f.code)).not.toContain('noise_floor_high')
    expect(r.preflight.lead_silence_s).toBeLessThanOrEqual(0.1)
    expect(r.preflight.tail_silence_s).toBeLessThanOrEqual(0.1)
  })

  it('with half a second of room tone before it, measures that room tone', async () => {
    const r = await measureTakeDetailed(await denseRead('dense-lead', -8, 0.5), { kind: 'dry_voice' })
    within(r.report?.noise_floor_dbfs, -65, 1.5)
    expect(r.report?.findings.map((f) => f.code)).not.toContain('noise_floor_high')
    within(r.preflight.lead_silence_s, 0.5, 0.1)
  })
})

describe('a spoken take under hum and buzz keeps its silences', () => {
  const TEXT = 'Fresh coffee, every morning, only at Booth Roasters. Stop by today and taste the difference.'
  let voice = ''
  let clean = { lead: 0, tail: 0, voiced: 0, trimmed: 0 }
  beforeAll(async () => {
    voice = await makeVoiceTake(dir, 'voice', { text: TEXT, leadS: 0.8, tailS: 0.6 })
    const p = (await measureTakeDetailed(voice, { kind: 'dry_voice' })).preflight
    clean = { lead: p.lead_silence_s ?? 0, tail: p.tail_silence_s ?? 0, voiced: p.voiced_s ?? 0, trimmed: (p.duration_s ?? 0) - (p.lead_silence_s ?? 0) - (p.tail_silence_s ?? 0) }
    expect(clean.lead).toBeGreaterThan(0.7)
  })

  /** What must hold whatever the room: the same head, tail and voiced time, and no false runs_long on the spoken length. */
  const sameSilences = async (file: string): Promise<TakeReport | null> => {
    const r = await measureTakeDetailed(file, { kind: 'dry_voice', spotLengthS: Number(clean.trimmed.toFixed(1)) })
    within(r.preflight.lead_silence_s, clean.lead, 0.1)
    within(r.preflight.tail_silence_s, clean.tail, 0.1)
    within(r.preflight.voiced_s, clean.voiced, 0.3)
    expect(r.preflight.warnings).not.toContain('runs_long')
    return r.report
  }

  it.each([50, 60])('%d Hz mains hum at -30 dBFS with a buzz of its harmonics to 8× at -45 dBFS each', async (hz) => {
    const harmonics = [2, 3, 4, 5, 6, 7, 8].map((k) => `${amp(-45)}*sin(2*PI*${k * hz}*t+${k})`).join('+')
    const file = await mixUnder(dir, `buzz${hz}`, voice, `aevalsrc=exprs=${amp(-30)}*sin(2*PI*${hz}*t)+${harmonics}:s=48000`)
    // The buzz above 100 Hz is the room tone: about -40 dBFS RMS, high by ACX's -60 and said so.
    const report = await sameSilences(file)
    expect(report?.noise_floor_dbfs).toBeGreaterThan(-45)
    expect(report?.noise_floor_dbfs).toBeLessThan(-35)
    expect(report?.findings.map((f) => f.code)).toContain('noise_floor_high')
  })
})
