/**
 * Issue 42 point 3's last clause: a take whose pauses are silence is fitted and keeps its silence, or, as
 * the talent chooses, gets the job's room tone: another take of the job laid under it as a bed
 * (main/finish/room-tone-source.ts, fit-edit-list.ts roomToneBed). On real audio: espeak-ng reads, one gated
 * (its pauses exact zeros), one in a -60 dBFS pink room; the finish lengthens the gated take by a second.
 */
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findProfile, type DeliveryProfile } from '../../../main/audio/delivery-profiles'
import { FinishRefusal, finishTake } from '../../../main/finish/finish-take'
import { makeTempDir } from '../../support/audio-fixtures'
import { synthRead, type SynthRead, type SynthVoice } from '../../support/synth-reads'
import { inRoom } from './helpers/room-tones'
import { rmsDb, samplesOf, SENTENCES } from './helpers/spot'
import { longestZeroRun } from '../../integration/finish/level-audio'

let dir = ''
let cleanup: () => Promise<void> = async () => {}
const voice: SynthVoice = { synth: 'espeak-ng', voice: 'en-us+f2', rate: 175 }
let gated: SynthRead
let roomy: SynthRead
const dryVoice = findProfile('dry-voice') as DeliveryProfile

beforeAll(async () => {
  ;({ dir, cleanup } = await makeTempDir('booth-room-bed-'))
  const read = await synthRead(dir, 'take1', voice, SENTENCES.slice(0, 3), { breaksS: 0.5 })
  gated = await inRoom(dir, 'gated', read, voice, { noise: null })
  roomy = await synthRead(dir, 'take2', voice, SENTENCES.slice(3), { breaksS: 0.5, roomSeed: 3 })
}, 120_000)
afterAll(() => cleanup())

/** The 5th percentile of a signal's 50 ms RMS levels (dBFS): its room tone. */
function quietestDb(x: Float64Array, rate: number): number {
  const w = Math.round(0.05 * rate)
  const levels: number[] = []
  for (let a = 0; a + w <= x.length; a += w) levels.push(rmsDb(x, rate, a / rate, (a + w) / rate))
  levels.sort((p, q) => p - q)
  return levels[Math.floor(levels.length * 0.05)] as number
}

const finish = (name: string, input: string, roomTone?: { path: string; name: string }) =>
  finishTake({
    input,
    output: join(dir, `${name}.wav`),
    spotLengthS: gated.durationS + 1,
    kind: 'dry_voice',
    profile: dryVoice,
    ...(roomTone ? { roomTone } : {}),
  })

describe('a gated take’s pauses', () => {
  it('keep their silence when the talent leaves them', async () => {
    await finish('kept', gated.path)
    const out = await samplesOf(join(dir, 'kept.wav'))
    expect(longestZeroRun(out.x) / out.rate).toBeGreaterThan(0.3)
  }, 120_000)

  it('are filled with another take’s room tone when the talent chooses it, at that take’s level', async () => {
    const report = await finish('filled', gated.path, { path: roomy.path, name: 'Take 2' })
    const out = await samplesOf(join(dir, 'filled.wav'))
    expect(out.frames / out.rate).toBeCloseTo(gated.durationS + 1, 2)
    // No stretch of silence left: the bed lies under the whole take, its joins crossfaded.
    expect(longestZeroRun(out.x)).toBeLessThan(3)
    const gain = report.edits.find((e) => e.kind === 'gain' && e.at_s === 0)?.gain_db ?? 0
    const room = quietestDb((await samplesOf(roomy.path)).x, out.rate)
    console.info(
      `room tone of take 2 ${room.toFixed(1)} dBFS, + gain ${gain.toFixed(1)} dB; the filled take's ${quietestDb(out.x, out.rate).toFixed(1)}`,
    )
    expect(Math.abs(quietestDb(out.x, out.rate) - (room + gain))).toBeLessThan(2)
  }, 120_000)

  it('are refused another take’s room tone when that take’s pauses are silence too, or when their own are not', async () => {
    await expect(finish('both-gated', gated.path, { path: gated.path, name: 'Take 1' })).rejects.toThrow(
      /Take 1 has no room tone of its own/,
    )
    await expect(finish('roomy', roomy.path, { path: roomy.path, name: 'Take 2' })).rejects.toThrow(FinishRefusal)
  }, 120_000)
})
