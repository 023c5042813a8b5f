/**
 * Issue 42, points 1-3 on speech at real levels: breaths 14-18 dB under the voice in the head, at commas and
 * between sentences, each ending 60 ms before a word that starts on s, f, h, sh or p; clicks at 0.35x the
 * voice's peak 50-60 ms after words; and gated takes (pauses digital silence, or -97 dBFS after a denoiser).
 * The take is analysed as the finish does (finish-analysis.ts), and its stretches outside the words (head,
 * pauses, tail) cleaned (finish-steps.ts); the gated takes go through the whole finish.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findProfile, type DeliveryProfile } from '../../../main/audio/delivery-profiles'
import { finishTake } from '../../../main/finish/finish-take'
import { makeTempDir } from '../../support/audio-fixtures'
import { cleanedRead, plantedRead, SR, VOICE_RMS_DBFS, type Voice } from '../../support/planted-breaths'
import { longestZeroRun, overlaps, readWav, rmsDb, writeWav24 } from './level-audio'

let dir = ''
let cleanup: () => Promise<void> = async () => {}
beforeAll(async () => {
  ;({ dir, cleanup } = await makeTempDir('booth-planted-'))
})
afterAll(() => cleanup())

const dryVoice = findProfile('dry-voice') as DeliveryProfile

describe('breaths and clicks planted at close-miked levels in real reads', () => {
  it.each<[Voice, number, number]>([
    [{ synth: 'espeak-ng', voice: 'en-us' }, 14, -48],
    [{ synth: 'flite', voice: 'slt' }, 18, -50],
  ])(
    '%o, breaths %d dB under the voice, room tone %d dBFS: every breath lowered 10 dB or more, every click gone, no word touched',
    async (voice, under, roomDbfs) => {
      const t = await plantedRead(dir, voice, { roomDbfs, breathUnderVoiceDb: under, clickRatio: 0.35, seed: 11 })
      const { x, layout, clean } = await cleanedRead(dir, t, `planted-${voice.voice}`)
      const out = clean.channels[0] as Float32Array
      // The pause finder leaves the breaths (head included) and the clicks outside the words, and finds every word.
      expect(layout.speech).toHaveLength(t.words.length)
      for (const b of t.breaths) expect(layout.speech.some((s) => overlaps(s, b))).toBe(false)
      // Each breath (the head's too) is lowered by 10 dB or more, and is reported with the gain it got.
      for (const b of t.breaths) {
        expect(rmsDb(x, b.from, b.to) - rmsDb(out, b.from, b.to)).toBeGreaterThanOrEqual(10)
        expect(clean.breaths.filter((f) => overlaps(f, b))).toHaveLength(1)
      }
      expect(clean.breaths).toHaveLength(t.breaths.length)
      for (const f of clean.breaths) expect(f.by).toBeLessThanOrEqual(-10)
      // Each click 50-60 ms after a word is removed (reported once, the place back to its room tone); none left.
      for (const c of t.clicks) {
        expect(clean.clicks.filter((k) => overlaps(k, c))).toHaveLength(1)
        expect(rmsDb(out, c.from - 48, c.to + 48)).toBeLessThan(rmsDb(x, c.from - 48, c.to + 48) - 20)
      }
      expect(clean.clicks).toHaveLength(t.clicks.length)
      expect(clean.clicksLeft).toEqual([])
      // Every sample of every word (its fricative or aspirated onset first) is as read.
      for (const w of t.words) expect(out.subarray(w.from, w.to).every((v, i) => v === x[w.from + i])).toBe(true)
    },
  )
})

describe('gated and denoised takes', () => {
  it.each<[string, number | null]>([
    ['digital silence', null],
    ['-97 dBFS after a denoiser', -88],
  ])(
    'pauses of %s, 1.5 s each, the take 2 s over its spot: fitted, and the pauses keep their silence',
    async (_what, roomDbfs) => {
      const t = await plantedRead(
        dir,
        { synth: 'espeak-ng', voice: 'en-us' },
        { roomDbfs, breathUnderVoiceDb: 30, clickRatio: 0, seed: 5, sentenceGapS: 1.5, clickAfterS: [] },
      )
      const input = await writeWav24(dir, `gated-${roomDbfs ?? 'zero'}`, t.x)
      const output = `${dir}/gated-${roomDbfs ?? 'zero'}-out.wav`
      const report = await finishTake({
        input,
        output,
        spotLengthS: t.x.length / SR - 2,
        kind: 'dry_voice',
        profile: dryVoice,
      })
      expect(report.length_s).toBeCloseTo(t.x.length / SR - 2, 2)
      expect(report.edits.filter((e) => e.kind === 'pause').length).toBeGreaterThanOrEqual(2)
      const y = await readWav(dir, output)
      if (roomDbfs === null) expect(longestZeroRun(y)).toBeGreaterThan(0.25 * SR)
      else {
        // The pauses are still the denoiser's floor, far under the voice: no sound was made for them.
        const pause = report.edits.find((e) => e.kind === 'pause' && (e.to_s ?? 0) >= 0.5)!
        const mid = Math.round((pause.at_s + (pause.to_s ?? 0) / 2) * SR)
        expect(rmsDb(y, mid - 0.1 * SR, mid + 0.1 * SR)).toBeLessThan(VOICE_RMS_DBFS - 60)
      }
    },
  )
})
