/**
 * Levels that keep the read (issue 42, point 6), on generated voice-like phrases: under the limiter each
 * phrase is given back what the limiter took beyond the least-limited one (the phrases' level changes end
 * within 0.3 dB, where one gain and the limiter left them further apart), or the level says it could not;
 * a dry voice lands at least 0.5 dB inside its window; the room tone lifted over the profile's noise floor
 * is said with its figures.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { findProfile, type DeliveryProfile } from '../../../main/audio/delivery-profiles'
import { levelTake, WINDOW_MARGIN_DB } from '../../../main/finish/level'
import { DYNAMICS_RULES, restoreEnvelope, spanDb, spreadOf, type Phrase } from '../../../main/finish/level-dynamics'
import { measureLevel } from '../../../main/finish/level-measure'
import { materialize } from '../../../main/finish/level-stream'
import { noiseFloorOf, roomToneRmsDbfs } from '../../../main/finish/level-noise-floor'
import { seededRandom } from '../../../shared/seeded-random'

const SR = 48_000
const profile = (name: string): DeliveryProfile => findProfile(name) as DeliveryProfile

/**
 * Phrases of syllables (a 180 Hz tone in a 4 Hz envelope, a little noise) `gapS` apart over a faint room
 * tone; phrase i at levelsDb[i], with `crests[i]` short peaks `crestDb` above it (what the limiter takes).
 */
function phrases(
  seed: number,
  levelsDb: readonly number[],
  crests: readonly number[],
  crestDb: number,
  phraseS = 1.5,
  gapS = 0.5,
  room = 3e-4,
): { x: Float32Array; spans: Phrase[] } {
  const rnd = seededRandom(seed)
  const n = Math.round(phraseS * SR)
  const gap = Math.round(gapS * SR)
  const x = new Float32Array(gap + levelsDb.length * (n + gap))
  for (let i = 0; i < x.length; i++) x[i] = room * (rnd() - 0.5)
  const spans = levelsDb.map((db, k) => {
    const from = gap + k * (n + gap)
    const a = 10 ** (db / 20)
    const every = Math.floor(n / ((crests[k] ?? 0) + 1))
    for (let i = 0; i < n; i++) {
      const syllable = Math.max(0, Math.sin((2 * Math.PI * 4 * i) / SR))
      const crest = (crests[k] ?? 0) > 0 && i % every < 150 && i >= every ? 10 ** (crestDb / 20) : 1
      x[from + i] =
        (x[from + i] as number) + a * syllable * crest * (Math.sin((2 * Math.PI * 180 * i) / SR) + 0.3 * (rnd() - 0.5))
    }
    return { from, to: from + n }
  })
  return { x, spans }
}

const changes = (before: Float32Array, after: Float32Array, spans: Phrase[]) =>
  spans.map((s) => spanDb([after], s) - spanDb([before], s))

describe('the read keeps its dynamics under the limiter', () => {
  it('gives each phrase back what the limiter took off it: their level changes end within 0.3 dB', () => {
    // The first phrase carries many crests, the others few: one gain and the limiter alone move them apart.
    const { x, spans } = phrases(7, [-24, -27, -25], [10, 1, 2], 9)
    const alone = levelTake([x], SR, 'finished_spot', profile('podcast'))
    expect(alone.limiting).not.toBeNull()
    expect(spreadOf(changes(x, materialize(alone.frames)[0] as Float32Array, spans))).toBeGreaterThan(
      DYNAMICS_RULES.keepSpreadDb,
    )
    const kept = levelTake([x], SR, 'finished_spot', profile('podcast'), { phrases: spans })
    const spread = spreadOf(changes(x, materialize(kept.frames)[0] as Float32Array, spans))
    expect(spread).toBeLessThanOrEqual(DYNAMICS_RULES.keepSpreadDb)
    expect(kept.dynamics).toMatchObject({ kept: true })
    expect(kept.dynamics?.spread_db).toBeCloseTo(spread, 1)
    expect(kept.dynamics?.restored.length).toBeGreaterThan(0)
    expect(kept.plan.target).toMatch(
      /the read's phrase levels kept as read within 0\.\d\d dB \(the limiter's loss given back to \d phrases?, up to \d\.\d dB\)/,
    )
    // Still the profile: -16 LUFS ±0.5, true peak at most -1 dBTP.
    const fig = measureLevel(materialize(kept.frames), SR)
    expect(Math.abs((fig.integratedLufs as number) + 16)).toBeLessThanOrEqual(0.5)
    expect(fig.truePeakDb).toBeLessThanOrEqual(-1)
  })

  it("reports what it did: outside the limiter's stretches every sample is the take times the one gain and its phrase's restore", () => {
    const { x, spans } = phrases(7, [-24, -27, -25], [10, 1, 2], 9)
    const r = levelTake([x], SR, 'finished_spot', profile('podcast'), { phrases: spans })
    const restored = r.dynamics?.restored ?? []
    expect(restored.length).toBeGreaterThan(0)
    // The envelope the report's figures make: each reported phrase's dB, 0 for the others.
    const env = restoreEnvelope(
      x.length,
      spans,
      spans.map((s) => restored.find((g) => g.from === s.from && g.to === s.to)?.db ?? 0),
    )
    const g = 10 ** ((r.plan.gain_db + r.plan.trim_db) / 20)
    const limited = new Uint8Array(x.length)
    for (const p of r.limitedAt) limited.fill(1, p.from, p.to)
    const out = materialize(r.frames)[0] as Float32Array
    let checked = 0
    for (let i = 0; i < x.length; i++) {
      if (limited[i]) continue
      const want = (x[i] as number) * g * (env[i] as number)
      if (Math.abs((out[i] as number) - want) > Math.abs(want) * 1e-5 + 1e-9)
        expect.fail(`frame ${i} is ${out[i]}, not ${want}`)
      checked++
    }
    expect(checked).toBeGreaterThan(x.length / 4)
  })

  it('says it could not, with the figures, where giving it back would limit past what the kind allows', () => {
    const { x, spans } = phrases(8, [-20, -30, -22], [12, 0, 6], 14)
    const r = levelTake([x], SR, 'dry_voice', profile('dry-voice'), { phrases: spans })
    if (r.dynamics && !r.dynamics.kept) {
      expect(r.plan.target).toMatch(
        /could not be kept within 0\.3 dB of each other: the limiter moves them up to \d+\.\d\d dB apart/,
      )
      expect(spreadOf(changes(x, materialize(r.frames)[0] as Float32Array, spans))).toBeCloseTo(r.dynamics.spread_db, 1)
    } else
      expect(spreadOf(changes(x, materialize(r.frames)[0] as Float32Array, spans))).toBeLessThanOrEqual(
        DYNAMICS_RULES.keepSpreadDb,
      )
  })

  it('holds each phrase at its gain and ramps across the pause between', () => {
    const env = restoreEnvelope(
      100,
      [
        { from: 10, to: 30 },
        { from: 50, to: 70 },
      ],
      [2, 0],
    )
    expect(env[0]).toBeCloseTo(10 ** (2 / 20), 6)
    expect(env[29]).toBeCloseTo(10 ** (2 / 20), 6)
    expect(env[60]).toBe(1)
    expect(env[99]).toBe(1)
    for (let f = 31; f < 50; f++) expect(env[f] as number).toBeLessThanOrEqual(env[f - 1] as number)
  })
})

/** Takes whose unlimited gain (the old rule) landed within 0.5 dB of the window's floor (found with the margin at 0). */
const EDGE_EXAMPLES: Array<[number, number, number, number]> = [
  [5, -20, 2, 8],
  [5, -20, 2, 8.1],
]

describe('a dry voice lands inside its window', () => {
  it('at least 0.5 dB from either edge, or says why not (property)', () => {
    expect(WINDOW_MARGIN_DB).toBe(0.5)
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e6 }),
        fc.double({ min: -32, max: -6, noNaN: true }),
        fc.integer({ min: 0, max: 4 }),
        fc.double({ min: 0, max: 12, noNaN: true }),
        (seed, levelDb, crests, crestDb) => {
          const { x } = phrases(seed, [levelDb, levelDb - 2], [crests, 1], crestDb, 1, 0.3)
          const r = levelTake([x], SR, 'dry_voice', profile('dry-voice'))
          const rms = measureLevel(materialize(r.frames), SR).rmsDb
          expect(rms).toBeLessThanOrEqual(-18.5 + 0.05)
          if (rms < -22.5 - 0.05)
            expect(r.plan.target).toMatch(
              /the voice's peaks hold it at -\d+\.\d dBFS RMS, (under the window|within 0\.5 dB of its floor)/,
            )
        },
      ),
      { numRuns: 30, examples: EDGE_EXAMPLES },
    )
  })
})

describe('the room tone against the noise floor', () => {
  it("says when the gain lifts the room tone above the profile's ceiling, with the figures", () => {
    const { x, spans } = phrases(3, [-30, -31], [0, 0], 0, 1.5, 0.5, 1e-3)
    const pauses = [
      { from: 0, to: spans[0]!.from },
      { from: spans[0]!.to, to: spans[1]!.from },
    ]
    const room = roomToneRmsDbfs([x], SR, pauses) as number
    expect(room).toBeCloseTo(20 * Math.log10(1e-3 / Math.sqrt(12)), 0)
    const r = levelTake([x], SR, 'dry_voice', profile('dry-voice'), { roomToneDbfs: room })
    const gain = r.plan.gain_db + r.plan.trim_db
    expect(gain).toBeGreaterThan(15)
    expect(r.noiseFloor).toEqual({
      before_dbfs: room,
      after_dbfs: room + gain,
      max_dbfs: -60,
      above: room + gain > -60,
    })
    expect(r.noiseFloor?.above).toBe(true)
    expect(r.plan.target).toContain(
      `lifts the room tone from ${room.toFixed(1)} to ${(room + gain).toFixed(1)} dBFS RMS, above the -60.0 dBFS Dry voice allows`,
    )
    // A profile with no ceiling judges nothing; a quiet room under the ceiling is no warning.
    expect(noiseFloorOf(profile('podcast'), room, gain)).toBeNull()
    expect(noiseFloorOf(profile('dry-voice'), -95, gain)?.above).toBe(false)
  })
})
