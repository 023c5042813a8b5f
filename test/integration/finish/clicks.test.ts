import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findBreaths } from '../../../main/finish/breaths'
import { findClicks, repairClicks } from '../../../main/finish/clicks'
import { makeTempDir } from '../../support/audio-fixtures'
import {
  longestZeroRun,
  maxStep,
  overlaps,
  plantedTake,
  readWav,
  rmsDb,
  SR,
  writeWav24,
  type Voice,
} from './level-audio'

let dir = ''
let cleanup: () => Promise<void> = async () => {}
beforeAll(async () => {
  ;({ dir, cleanup } = await makeTempDir('booth-clicks-'))
})
afterAll(() => cleanup())

const cases: Array<[Voice, number]> = [
  [{ synth: 'espeak-ng', voice: 'en-us' }, -60],
  [{ synth: 'espeak-ng', voice: 'en-us+f3' }, -50],
  [{ synth: 'flite', voice: 'slt' }, -60],
]

describe('mouth clicks in the pauses of real reads', () => {
  for (const [voice, roomDbfs] of cases) {
    it(`${voice.synth} ${voice.voice}, room tone ${roomDbfs} dBFS: finds each click, repairs it with room tone, leaves speech alone`, async () => {
      const t = await plantedTake(dir, voice, roomDbfs)
      const found = findClicks([t.x], SR, t.pauses)
      for (const c of t.clicks) expect(found.filter((f) => overlaps(f, c))).toHaveLength(1)
      for (const f of found) expect(t.clicks.some((c) => overlaps(f, c))).toBe(true)
      for (const f of found) expect(f.to - f.from).toBeLessThanOrEqual(0.012 * SR)

      const out = repairClicks([t.x], SR, found)[0] as Float32Array
      const wav = await readWav(dir, await writeWav24(dir, `declicked-${voice.voice}`, out))
      // The room tone's own largest step over 100 ms of a clean stretch of the lead pause.
      const lead = t.pauses[0] as { from: number; to: number }
      const roomStep = maxStep(t.x, lead.from + 0.05 * SR, lead.from + 0.15 * SR)
      for (const f of found) {
        expect(maxStep(wav, f.from - 48, f.to + 48)).toBeLessThanOrEqual(roomStep * 1.5)
        // The repaired span (with its fades) has the level of the room tone, where the click stood far above it.
        const [a, b] = [f.from - 48, f.to + 48]
        expect(Math.abs(rmsDb(wav, a, b) - t.roomDb)).toBeLessThanOrEqual(3)
        expect(rmsDb(t.x, a, b) - rmsDb(t.unclicked, a, b)).toBeGreaterThan(10)
      }
      // Each pause, clicks gone, is back to its room tone (breaths aside); no digital silence anywhere.
      expect(Math.abs(rmsDb(wav, lead.from, lead.to) - t.roomDb)).toBeLessThanOrEqual(3)
      expect(Math.abs(rmsDb(wav, t.pauses[3]!.from, t.pauses[3]!.to) - t.roomDb)).toBeLessThanOrEqual(3)
      expect(longestZeroRun(wav)).toBeLessThan(0.01 * SR)
      // Speech is never de-clicked: every sample outside the repaired spans (and their fades) is as it was.
      expect(out.every((v, i) => v === t.x[i] || found.some((f) => i >= f.from - 48 && i < f.to + 48))).toBe(true)
      // The breaths beside the clicks are still found after the repair.
      expect(findBreaths([out], SR, t.pauses, t.roomDb)).toHaveLength(2)
    })
  }
})
