/**
 * The finish's figures from what was done (issue 41), on arbitrary signals (fast-check):
 *  - the limiter's places are its own envelope: every frame outside them is the gain alone, bit for bit,
 *    they cover exactly the frames it turned down, and the deepest of them is its deepest reduction;
 *  - removeClicks: what it reports removed is no longer found, every sample outside a removed click's patch
 *    is the take's, and a click it cannot patch (no room tone beside it) is left and not counted;
 *  - the version's counts, summary line and table rows say the limiting, the breaths cut apart from those
 *    lowered (by how much), and leave out a figure an older finish never recorded.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { findClicks, removeClicks, repairClicksDone, REPAIR_FADE_MS } from '../../../main/finish/clicks'
import { finishSummary } from '../../../main/finish/finish-version'
import { limitTruePeak } from '../../../main/finish/limiter'
import { compareRows } from '../../../renderer/src/takes/versions/finish-words'
import {
  DEFAULT_FINISH_CHOICES,
  finishCounts,
  type FinishEdit,
  type VersionFinish,
} from '../../../shared/versions/finish'
import { rng } from '../../support/seeded-rng'

const SR = 48_000

/** Noise at `level` with short bursts `burst` times louder at the given fractions of the length. */
function bursty(seed: number, frames: number, level: number, burst: number, at: number[]): Float32Array {
  const r = rng(seed)
  const starts = at.map((f) => Math.floor(frames * f))
  return Float32Array.from(
    { length: frames },
    (_, i) => level * r() * (starts.some((b) => i >= b && i < b + 200) ? burst : 1),
  )
}

describe("the limiter's places", () => {
  it('are exactly the frames it turned down; outside them the output is the gain alone', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e6 }),
        fc.integer({ min: 2000, max: 20_000 }),
        fc.double({ min: 0, max: 9, noNaN: true }),
        fc.array(fc.double({ min: 0.05, max: 0.9, noNaN: true }), { minLength: 0, maxLength: 4 }),
        (seed, frames, gainDb, at) => {
          const x = bursty(seed, frames, 0.05, 12, at)
          const r = limitTruePeak([x], SR, { ceilingDb: -3, releaseMs: 40 }, gainDb)
          const y = r.channels[0] as Float32Array
          const g = 10 ** (gainDb / 20)
          const mask = new Uint8Array(frames)
          for (const p of r.places) mask.fill(1, p.from, p.to)
          let covered = 0
          let changed = 0
          for (let i = 0; i < frames; i++) {
            if (mask[i] === 1) covered++
            else if (y[i] !== Math.fround((x[i] as number) * g)) changed++
          }
          expect(changed).toBe(0)
          expect(covered).toBe(r.activeFrames)
          expect(r.places.length === 0 ? 0 : Math.max(...r.places.map((p) => p.maxDb))).toBeCloseTo(r.maxReductionDb, 9)
          for (const p of r.places) expect(p.deepFrames).toBeLessThanOrEqual(p.to - p.from)
        },
      ),
      { numRuns: 40 },
    )
  })
})

describe('removeClicks', () => {
  it('reports removed only what the result no longer holds, and touches nothing else', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e6 }),
        fc.array(fc.integer({ min: 1500, max: 22_000 }), { minLength: 1, maxLength: 6 }),
        (seed, at) => {
          const x = bursty(seed, 24_000, 0.003, 1, [])
          for (const a of at)
            for (let i = 0; i < 96; i++) x[a + i] = (x[a + i] as number) + 0.3 * Math.exp(-i / 24) * Math.cos(i * 0.8)
          const pauses = [{ from: 0, to: x.length }]
          const { channels, removed, left } = removeClicks([x], SR, pauses)
          const y = channels[0] as Float32Array
          const again = findClicks([y], SR, pauses)
          for (const k of removed) expect(again.some((c) => c.from < k.to && k.from < c.to)).toBe(false)
          const fade = Math.round((REPAIR_FADE_MS / 1000) * SR)
          const patched = new Uint8Array(x.length)
          for (const k of removed) patched.fill(1, k.from - fade, k.to + fade)
          let touched = 0
          for (let i = 0; i < x.length; i++) if (patched[i] === 0 && y[i] !== x[i]) touched++
          expect(touched).toBe(0)
          expect(removed.length + left.length).toBe(findClicks([x], SR, pauses).length)
        },
      ),
      { numRuns: 20 },
    )
  })

  it('passes over a click with no room tone beside it to patch from, and does not count it', () => {
    const x = bursty(3, 4800, 0.003, 1, [])
    const { channels, repaired } = repairClicksDone([x], SR, [{ from: 5, to: 60 }])
    expect(repaired).toEqual([])
    expect(channels[0]).toEqual(x)
  })
})

const figures = { length_s: 15, rms_dbfs: -20.5, lufs: -19, true_peak_dbtp: -3.4 }
function finishOf(edits: FinishEdit[], o: Partial<VersionFinish> = {}): VersionFinish {
  return {
    base_version: 1,
    choices: DEFAULT_FINISH_CHOICES,
    spot_length_s: 15,
    kind: 'dry_voice',
    profile: {
      name: 'dry-voice',
      label: 'Dry voice',
      loudness: [{ measure: 'rms', min: -23, max: -18 }],
      peak: { measure: 'sample', max: -3 },
    },
    tempo: 1,
    gain_db: 6,
    before: { ...figures, length_s: 16.2 },
    after: figures,
    edits,
    ...finishCounts(edits),
    ...o,
  }
}
const row = (f: VersionFinish, key: string) => compareRows(f).find((r) => r.key === key)?.after

describe("the version's figures, summary and table", () => {
  const limits: FinishEdit[] = [
    { kind: 'limit', at_s: 1, from_s: 1, to_s: 1.9, gain_db: -2.06, held_s: 0.21 },
    { kind: 'limit', at_s: 4, from_s: 4, to_s: 4.6, gain_db: -0.7, held_s: 0.08 },
    { kind: 'limit', at_s: 9, from_s: 9, to_s: 9.5, gain_db: -1.2, held_s: 0.1 },
  ]

  it('say the limiting with the gain, never "no compression"', () => {
    const f = finishOf([
      { kind: 'pause', at_s: 3, from_s: 1, to_s: 0.8 },
      { kind: 'gain', at_s: 0, from_s: 0, to_s: 15, gain_db: 6 },
      ...limits,
    ])
    expect(f.limiting).toEqual({ max_db: 2.06, places: 3, seconds: 0.39 })
    expect(finishSummary(f)).toBe(
      'Finished for delivery: 15.00 s for the 15.0 s spot (was 16.20 s); 1 pause changed, gain +6.0 dB, peaks limited up to 2.1 dB at 3 places.',
    )
    expect(row(f, 'gain')).toBe('+6.0 dB')
    expect(row(f, 'limiting')).toBe('up to 2.1 dB at 3 places, 0.39 s in all')
    const plain = finishOf([{ kind: 'gain', at_s: 0, from_s: 0, to_s: 15, gain_db: 6 }])
    expect(plain.limiting).toBeNull()
    expect(finishSummary(plain)).not.toMatch(/limited/)
    expect(row(plain, 'limiting')).toBe('none')
  })

  it('count breaths cut apart from those lowered, with by how much, and clicks as listed', () => {
    const edits: FinishEdit[] = [
      { kind: 'breath', at_s: 2, from_s: 2, to_s: 2.3, room_tone: true },
      { kind: 'breath', at_s: 5, from_s: 5, to_s: 5.3, room_tone: true },
      { kind: 'breath', at_s: 8, from_s: 8, to_s: 8.3, gain_db: -9.4 },
      { kind: 'click', at_s: 6, from_s: 6, to_s: 6.004 },
    ]
    const cut = finishOf(edits, { choices: { ...DEFAULT_FINISH_CHOICES, breaths: 'cut' } })
    expect([cut.breaths_cut, cut.breaths_lowered, cut.clicks_removed]).toEqual([2, 1, 1])
    expect(finishSummary(cut)).toContain('2 breaths cut to room tone, 1 lowered by 9 dB instead, 1 click removed.')
    expect(row(cut, 'breaths')).toBe('2; 1 lowered (by 9 dB) instead, no room tone long enough')
    const none = finishOf([{ kind: 'breath', at_s: 8, from_s: 8, to_s: 8.3, gain_db: -12 }], {
      choices: { ...DEFAULT_FINISH_CHOICES, breaths: 'cut' },
    })
    expect(finishSummary(none)).toContain('1 breath lowered by 12 dB instead of cut.')
    const lowered = finishOf([
      { kind: 'breath', at_s: 2, from_s: 2, to_s: 2.3, gain_db: -15 },
      { kind: 'breath', at_s: 8, from_s: 8, to_s: 8.3, gain_db: -9.4 },
    ])
    expect(finishSummary(lowered)).toContain('2 breaths lowered by 9 to 15 dB.')
    expect(row(lowered, 'breaths')).toBe('2 (by 9 to 15 dB)')
  })

  it('names the take whose room tone a gated take’s silence was given', () => {
    const filled = finishOf([], {
      choices: { ...DEFAULT_FINISH_CHOICES, roomToneTakeId: 't2' },
      room_tone_from: 'Take 2',
    })
    expect(finishSummary(filled)).toContain('its silence given Take 2’s room tone.')
    expect(finishSummary(finishOf([]))).not.toMatch(/room tone/)
  })

  it('an older finish (no limiting or cut count recorded) shows what it has, no guess', () => {
    const old = finishOf([{ kind: 'breath', at_s: 2, from_s: 2, to_s: 2.3 }], {
      choices: { ...DEFAULT_FINISH_CHOICES, breaths: 'cut' },
    })
    delete old.limiting
    delete old.breaths_cut
    old.breaths_lowered = 1
    expect(compareRows(old).map((r) => r.key)).not.toContain('limiting')
    expect(row(old, 'breaths')).toBe('1')
    expect(finishSummary(old)).toContain('1 breath cut')
  })
})
