/**
 * Held-out takes for issue 42: voices and levels the tuning tests (planted-breaths.test.ts, breaths, clicks)
 * never use — flite's awb (whose 'Parking' lost its first 150 ms to the old breath step) and kal, espeak-ng's
 * en-gb+m3 — breaths 15-17 dB under the voice, other room tones, other seeds. Whole finishes, read back
 * through the report's time_map: every breath the result still holds is lowered 10 dB or more, no word's
 * sample is changed, every click 50-60 ms after a word is gone; and a gated take is fitted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findProfile, type DeliveryProfile } from '../../../main/audio/delivery-profiles'
import { finishTake } from '../../../main/finish/finish-take'
import { makeTempDir } from '../../support/audio-fixtures'
import { cleanedRead, plantedRead, SR, VOICE_RMS_DBFS, type Span, type Voice } from '../../support/planted-breaths'
import { overlaps, readWav, rmsDb, writeWav24 } from './level-audio'

let dir = ''
let cleanup: () => Promise<void> = async () => {}
beforeAll(async () => {
  ;({ dir, cleanup } = await makeTempDir('booth-held-out-'))
})
afterAll(() => cleanup())

const dryVoice = findProfile('dry-voice') as DeliveryProfile

/** Where a word's sound starts: its first 10 ms within 30 dB of the voice (a synthesiser's faint lead-in is no onset). */
function soundOnset(x: Float32Array, w: Span): number {
  const block = Math.round(0.01 * SR)
  for (let a = w.from; a + block <= w.to; a += block) if (rmsDb(x, a, a + block) >= VOICE_RMS_DBFS - 30) return a
  return w.from
}

describe('held-out voices and levels', () => {
  it.each<[Voice, number, number]>([
    [{ synth: 'flite', voice: 'awb' }, 16, -44],
    [{ synth: 'espeak-ng', voice: 'en-gb+m3' }, 15, -56],
  ])(
    '%o, breaths %d dB under the voice, room tone %d dBFS: a whole finish lowers every breath it keeps and removes every click, no word touched',
    async (voice, under, roomDbfs) => {
      const t = await plantedRead(dir, voice, { roomDbfs, breathUnderVoiceDb: under, clickRatio: 0.35, seed: 29 })
      const input = await writeWav24(dir, `held-${voice.voice}`, t.x)
      const output = `${dir}/held-${voice.voice}-out.wav`
      const report = await finishTake({
        input,
        output,
        spotLengthS: t.x.length / SR - 0.8,
        kind: 'dry_voice',
        profile: dryVoice,
      })
      const y = await readWav(dir, output)
      const x = await readWav(dir, input)
      // The one gain every sample got (the whole take's), and the phrases given back what the limiter took off them.
      const gains = report.edits.filter((e) => e.kind === 'gain')
      const whole = gains.find((e) => e.at_s === 0 && e.from_s === 0)
      const gain = 10 ** ((whole?.gain_db ?? 0) / 20)
      const phraseGains = gains
        .filter((e) => e !== whole)
        .map((e) => ({ from: Math.round(e.from_s * SR), to: Math.round((e.to_s ?? 0) * SR), db: e.gain_db ?? 0 }))
      // IN's frame of an OUT frame, through the piece that speaks for it (null in a room-tone fill).
      const inOf = (outFrame: number): number | null => {
        const s = outFrame / SR
        const seg = report.time_map.find((m) => s >= m.coreFromS && s < m.coreToS)
        return seg ? Math.round((seg.fromS + (s - seg.atS) * seg.scale) * SR) : null
      }
      const outOf = (inFrame: number): number | null => {
        const s = inFrame / SR
        const seg = report.time_map.find(
          (m) => s >= m.fromS && s < m.toS && m.atS + (s - m.fromS) >= m.coreFromS && m.atS + (s - m.fromS) < m.coreToS,
        )
        return seg ? Math.round((seg.atS + (s - seg.fromS) / seg.scale) * SR) : null
      }
      const mapped = (sp: Span): Span | null => {
        const a = outOf(sp.from)
        const b = outOf(sp.to - 1)
        return a !== null && b !== null && b - a === sp.to - 1 - sp.from ? { from: a, to: b + 1 } : null
      }
      // Each breath the result holds whole is lowered by 10 dB or more (beyond the one gain every sample got).
      const kept = t.breaths.map(mapped).filter((b): b is Span => b !== null)
      expect(kept.length).toBeGreaterThanOrEqual(t.breaths.length - 1)
      for (const b of kept)
        expect(
          rmsDb(x, inOf(b.from)!, inOf(b.from)! + (b.to - b.from)) + 20 * Math.log10(gain) - rmsDb(y, b.from, b.to),
        ).toBeGreaterThanOrEqual(10)
      // Every breath edit is at a planted breath (a part the fit kept of the head's too), never in a word.
      const breathEdits = report.edits
        .filter((e) => e.kind === 'breath')
        .map((e) => ({ from: Math.round(e.from_s * SR), to: Math.round((e.to_s ?? 0) * SR) }))
      for (const b of kept) expect(breathEdits.filter((e) => overlaps(e, b))).toHaveLength(1)
      const pad = Math.round(0.04 * SR)
      for (const e of breathEdits)
        expect(t.breaths.some((b) => inOf(e.from)! >= b.from - pad && inOf(e.to - 1)! < b.to + pad)).toBe(true)
      // Every click the result holds is gone, and counted once.
      const clicks = t.clicks.map(mapped).filter((c): c is Span => c !== null)
      expect(clicks).toHaveLength(t.clicks.length)
      const clickEdits = report.edits.filter((e) => e.kind === 'click')
      expect(clickEdits).toHaveLength(clicks.length)
      expect(report.clicks_left).toBe(0)
      for (const c of clicks)
        expect(rmsDb(y, c.from - 48, c.to + 48)).toBeLessThan(
          rmsDb(x, inOf(c.from)! - 48, inOf(c.from)! + (c.to - c.from) + 48) - 20,
        )
      // No word changed but by the one gain and its phrase's (the limiter aside): its onset first, 150 ms of it, to within 0.1 dB.
      const limits = report.edits
        .filter((e) => e.kind === 'limit')
        .map((e) => ({ from: Math.round(e.from_s * SR), to: Math.round((e.to_s ?? 0) * SR) }))
      for (const w of t.words) {
        const at = soundOnset(x, w)
        const onset = mapped({ from: at, to: at + Math.round(0.15 * SR) })
        expect(onset).not.toBeNull()
        for (const e of breathEdits) expect(overlaps(e, onset!)).toBe(false)
        if (limits.some((l) => overlaps(l, onset!))) continue
        // The phrase the onset starts (a phrase gain is held over the phrase and ramped across the pause before it).
        const phraseDb = phraseGains.find((g) => overlaps(g, onset!))?.db ?? 0
        expect(
          Math.abs(
            rmsDb(y, onset!.from, onset!.to) -
              rmsDb(x, at, at + Math.round(0.15 * SR)) -
              20 * Math.log10(gain) -
              phraseDb,
          ),
        ).toBeLessThan(0.1)
      }
    },
    120_000,
  )

  it('flite kal, breaths 17 dB under the voice: each found and lowered, every sample of every word as read', async () => {
    const t = await plantedRead(
      dir,
      { synth: 'flite', voice: 'kal' },
      { roomDbfs: -52, breathUnderVoiceDb: 17, clickRatio: 0.35, seed: 31 },
    )
    const { x, clean } = await cleanedRead(dir, t, 'held-kal')
    const out = clean.channels[0] as Float32Array
    for (const b of t.breaths) expect(rmsDb(x, b.from, b.to) - rmsDb(out, b.from, b.to)).toBeGreaterThanOrEqual(10)
    expect(clean.breaths).toHaveLength(t.breaths.length)
    for (const c of t.clicks) expect(clean.clicks.filter((k) => overlaps(k, c))).toHaveLength(1)
    for (const w of t.words) expect(out.subarray(w.from, w.to).every((v, i) => v === x[w.from + i])).toBe(true)
  }, 120_000)

  it('flite awb gated (pauses of digital silence, 1.5 s, the take 2 s over its spot): fitted', async () => {
    const t = await plantedRead(
      dir,
      { synth: 'flite', voice: 'awb' },
      { roomDbfs: null, breathUnderVoiceDb: 30, clickRatio: 0, seed: 37, sentenceGapS: 1.5, clickAfterS: [] },
    )
    const input = await writeWav24(dir, 'held-gated', t.x)
    const report = await finishTake({
      input,
      output: `${dir}/held-gated-out.wav`,
      spotLengthS: t.x.length / SR - 2,
      kind: 'dry_voice',
      profile: dryVoice,
    })
    expect(report.length_s).toBeCloseTo(t.x.length / SR - 2, 2)
  }, 120_000)
})
