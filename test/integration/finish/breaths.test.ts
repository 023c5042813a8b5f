import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BREATH_RAMP_MS, breathGainDb, findBreaths, lowerBreaths } from '../../../main/finish/breaths'
import { makeTempDir } from '../../support/audio-fixtures'
import { longestZeroRun, overlaps, plantedTake, rmsDb, SR, type Voice } from './level-audio'

let dir = ''
let cleanup: () => Promise<void> = async () => {}
beforeAll(async () => {
  ;({ dir, cleanup } = await makeTempDir('booth-breaths-'))
})
afterAll(() => cleanup())

const cases: Array<[Voice, number]> = [
  [{ synth: 'espeak-ng', voice: 'en-us' }, -60],
  [{ synth: 'espeak-ng', voice: 'en-gb' }, -50],
  [{ synth: 'espeak-ng', voice: 'en-us+f3' }, -60],
  [{ synth: 'flite', voice: 'slt' }, -50],
]

describe('breaths in the pauses of real reads', () => {
  for (const [voice, roomDbfs] of cases) {
    it(`${voice.synth} ${voice.voice}, room tone ${roomDbfs} dBFS: finds the planted breaths, none in speech, and lowers them by 10 dB or more`, async () => {
      const t = await plantedTake(dir, voice, roomDbfs)
      const found = findBreaths([t.x], SR, t.pauses, t.roomDb)
      // Every planted breath is found, and nothing else (the clicks, the room tone) is taken for one.
      expect(
        t.breaths.filter((b) => found.some((f) => overlaps(f, b))).length / t.breaths.length,
      ).toBeGreaterThanOrEqual(0.9)
      for (const f of found) expect(t.breaths.some((b) => overlaps(f, b))).toBe(true)
      // Speech itself, searched as if it were a pause, holds no breath.
      expect(findBreaths([t.x], SR, t.sentences, t.roomDb)).toEqual([])

      const regions = found.map((b) => ({ ...b, gainDb: breathGainDb('lower', b, t.roomDb) as number }))
      for (const r of regions) expect(r.gainDb).toBeLessThanOrEqual(-10)
      const out = lowerBreaths([t.x], SR, regions)[0] as Float32Array
      for (const b of found) {
        const after = rmsDb(out, b.from, b.to)
        expect(b.levelDb - after).toBeGreaterThanOrEqual(10)
        expect(after).toBeGreaterThanOrEqual(t.roomDb - 0.5)
      }
      // Everything else (speech, and the room tone around each breath beyond its ramps) is untouched.
      const ramp = (BREATH_RAMP_MS / 1000) * SR
      const changed = out.map((v, i) => (v === t.x[i] ? 0 : 1))
      expect(changed.every((c, i) => c === 0 || found.some((b) => i >= b.from - ramp && i < b.to + ramp))).toBe(true)
      expect(longestZeroRun(out)).toBeLessThan(0.01 * SR)
    })
  }

  it('keeps or hands over to room tone as the talent chooses, and never lowers a breath under the room tone', () => {
    const b = { from: 0, to: 100, levelDb: -50 }
    expect(breathGainDb('keep', b, -70)).toBe(0)
    expect(breathGainDb('cut', b, -70)).toBe('room_tone')
    expect(breathGainDb('lower', b, -70)).toBe(-15)
    expect(breathGainDb('lower', b, -60)).toBe(-10)
    expect(breathGainDb('lower', { ...b, levelDb: -72 }, -70)).toBe(0)
  })
})
