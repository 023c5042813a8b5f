import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findProfile, type DeliveryProfile } from '../../../main/audio/delivery-profiles'
import { applyLevel, levelTake, planLevel } from '../../../main/finish/level'
import { materialize } from '../../../main/finish/level-stream'
import { makeTempDir } from '../../support/audio-fixtures'
import { ffmpegLoudness, readTake, readWav, rmsDb, sentenceChanges, SR, writeWav24, type Voice } from './level-audio'

let dir = ''
let cleanup: () => Promise<void> = async () => {}
beforeAll(async () => {
  ;({ dir, cleanup } = await makeTempDir('booth-level-dry-'))
})
afterAll(() => cleanup())

const dryVoice = findProfile('dry-voice') as DeliveryProfile

describe('dry voice: one gain and a peak limiter only where the crest needs it, measured on the written file', () => {
  const cases: Array<[Voice, number]> = [
    [{ synth: 'espeak-ng', voice: 'en-us' }, -18],
    [{ synth: 'espeak-ng', voice: 'en-us' }, 0],
    [{ synth: 'espeak-ng', voice: 'en-gb' }, -10],
    [{ synth: 'espeak-ng', voice: 'en-us+f3' }, -24],
    [{ synth: 'flite', voice: 'slt' }, -6],
  ]
  for (const [voice, levelDb] of cases) {
    it(`${voice.synth} ${voice.voice} read at ${levelDb} dB: RMS -23…-18 dBFS, sample and true peak ≤ -3 dB, sentences as read`, async () => {
      const t = await readTake(dir, voice, levelDb)
      const { plan, frames } = levelTake([t.x], SR, 'dry_voice', dryVoice)
      const out = materialize(frames)[0] as Float32Array
      // The samples kept from planning are the plan applied again.
      expect(applyLevel([t.x], SR, plan)[0]).toEqual(out)
      const wav = await writeWav24(dir, `dry-${voice.voice}-${levelDb}`, out)
      const written = await readWav(dir, wav)
      const rms = rmsDb(written)
      expect(rms).toBeGreaterThanOrEqual(-23)
      expect(rms).toBeLessThanOrEqual(-18)
      const measured = await ffmpegLoudness(wav)
      expect(measured.truePeakDbtp).toBeLessThanOrEqual(-3)
      expect(measured.samplePeakDbfs).toBeLessThanOrEqual(-3)
      // One gain: every sentence moved by the same amount, within 1 dB, so their levels stay as read…
      const changes = sentenceChanges(t, written)
      expect(Math.max(...changes) - Math.min(...changes)).toBeLessThanOrEqual(1)
      // …and the pauses by the gain itself: the room tone keeps its place under the voice.
      const pause = t.pauses[1] as { from: number; to: number }
      expect(
        Math.abs(rmsDb(written, pause.from, pause.to) - rmsDb(t.x, pause.from, pause.to) - plan.gain_db - plan.trim_db),
      ).toBeLessThan(0.5)
    })
  }

  it('refuses a take so quiet that it would need more than +30 dB, naming the figures', async () => {
    const t = await readTake(dir, { synth: 'espeak-ng', voice: 'en-us' }, -45, -100)
    expect(() => planLevel([t.x], SR, 'dry_voice', dryVoice)).toThrow(
      /too quiet to level: it measures -\d+\.\d dBFS RMS, and reaching -20\.5 dBFS RMS would need \+\d+\.\d dB of gain, more than the \+30\.0 dB/,
    )
  })
})
