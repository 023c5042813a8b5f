// Room tone and silence on real speech (espeak-ng) mixed with room tone by ffmpeg.
import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { measureTakeDetailed } from '../../../main/audio/measure-take'
import { runFfmpeg } from '../../../main/audio/run-ffmpeg'
import { makeTempDir } from '../../support/audio-fixtures'
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
