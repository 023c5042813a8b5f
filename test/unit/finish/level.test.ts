import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { checkCustomProfile, findProfile, type DeliveryProfile } from '../../../main/audio/delivery-profiles'
import { applyLevel, LevelError, planLevel } from '../../../main/finish/level'
import { measureLevel } from '../../../main/finish/level-measure'

const SR = 48_000
const profile = (name: string): DeliveryProfile => findProfile(name) as DeliveryProfile

/** Two seconds of a voice-like signal: syllables of tone and noise at `levelDb`, with one crest `crestDb` above. */
function voiceLike(seed: number, levelDb: number, crestDb: number): Float32Array {
  let s = seed
  const rnd = (): number => {
    s = (s * 16807) % 2147483647
    return s / 2147483647 - 0.5
  }
  const a = 10 ** (levelDb / 20)
  const x = new Float32Array(2 * SR)
  for (let i = 0; i < x.length; i++) {
    const syllable = Math.max(0, Math.sin((2 * Math.PI * 4 * i) / SR))
    const crest = i > SR * 1.0625 && i < SR * 1.0625 + 200 ? 10 ** (crestDb / 20) : 1
    x[i] = a * syllable * crest * (Math.sin((2 * Math.PI * 180 * i) / SR) + 0.3 * rnd()) + 1e-4 * rnd()
  }
  return x
}

describe('planLevel, dry voice', () => {
  it('meets the window and the peak ceiling with one gain, or lowers the gain rather than limit more than 3 dB', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e6 }),
        fc.double({ min: -40, max: -6, noNaN: true }),
        fc.double({ min: 0, max: 12, noNaN: true }),
        (seed, levelDb, crestDb) => {
          const x = voiceLike(seed, levelDb, crestDb)
          const plan = planLevel([x], SR, 'dry_voice', profile('dry-voice'))
          const out = measureLevel(applyLevel([x], SR, plan), SR)
          expect(out.truePeakDb).toBeLessThanOrEqual(-3)
          expect(out.samplePeakDb).toBeLessThanOrEqual(-3)
          const inFig = measureLevel([x], SR)
          // At most ~3 dB comes off the crest (4.5 when needed to reach the window's floor).
          if (plan.limiter)
            expect(inFig.truePeakDb + plan.gain_db - plan.limiter.ceiling_db).toBeLessThanOrEqual(4.5 + 1e-9)
          if (out.rmsDb < -23 - 0.05) {
            // Under the window only where reaching its floor would take more than 4.5 dB off the crest.
            expect(inFig.truePeakDb + (-23 - inFig.rmsDb) - -3.3).toBeGreaterThan(4.5 - 1e-6)
            expect(plan.target).toMatch(/the voice's peaks hold it at -\d+\.\d dBFS RMS, under the window/)
          } else expect(out.rmsDb).toBeLessThanOrEqual(-18)
        },
      ),
      { numRuns: 25, examples: [[953328, -6, 11.931091987573597]] },
    )
  })

  it('says so when the crest keeps the voice under the window, rather than limiting it harder', () => {
    const x = voiceLike(2, -30, 20)
    const plan = planLevel([x], SR, 'dry_voice', profile('dry-voice'))
    const out = measureLevel(applyLevel([x], SR, plan), SR)
    expect(out.rmsDb).toBeLessThan(-23)
    expect(out.truePeakDb).toBeLessThanOrEqual(-3)
    expect(plan.target).toMatch(
      /the voice's peaks hold it at -\d+\.\d dBFS RMS, under the window, rather than limit more than 4\.5 dB$/,
    )
  })

  it('leaves the take untouched and makes the same plan every time', () => {
    const x = voiceLike(9, -30, 6)
    const copy = x.slice()
    const a = planLevel([x], SR, 'dry_voice', profile('dry-voice'))
    expect(planLevel([x], SR, 'dry_voice', profile('dry-voice'))).toEqual(a)
    expect(applyLevel([x], SR, a)).toEqual(applyLevel([x], SR, a))
    expect(x).toEqual(copy)
    expect(a.target).toMatch(
      /^Dry voice: RMS -20\.5 dBFS \(window -23\.0 to -18\.0\), sample and true peak at most -3\.0 dB/,
    )
  })

  it('refuses a take that would need more than +30 dB, and a silent one, in one sentence with the figures', () => {
    expect(() => planLevel([voiceLike(3, -62, 0)], SR, 'dry_voice', profile('dry-voice'))).toThrow(LevelError)
    expect(() => planLevel([voiceLike(3, -62, 0)], SR, 'dry_voice', profile('dry-voice'))).toThrow(
      /it measures -\d\d\.\d dBFS RMS, and reaching -20\.5 dBFS RMS would need \+\d\d\.\d dB of gain, more than the \+30\.0 dB/,
    )
    expect(() => planLevel([new Float32Array(SR)], SR, 'finished_spot', profile('ebu-r128'))).toThrow(/silent/)
    expect(() => planLevel([new Float32Array(0)], SR, 'finished_spot', profile('ebu-r128'))).toThrow(/no audio/)
  })
})

describe('planLevel, finished spot', () => {
  it('lands integrated loudness within ±0.5 LU and the true peak under the ceiling for each broadcast profile', () => {
    for (const name of ['ebu-r128', 'atsc-a85', 'podcast']) {
      const p = profile(name)
      for (const [levelDb, crestDb] of [
        [-30, 0],
        [-12, 8],
        [-34, 3],
      ] as const) {
        const x = voiceLike(11, levelDb, crestDb)
        const out = measureLevel(
          applyLevel([x, x.map((v) => v * 0.5)], SR, planLevel([x, x.map((v) => v * 0.5)], SR, 'finished_spot', p)),
          SR,
        )
        expect(Math.abs((out.integratedLufs as number) - (p.loudness[0]?.target as number))).toBeLessThanOrEqual(0.5)
        expect(out.truePeakDb).toBeLessThanOrEqual(p.peak?.max as number)
      }
    }
  })

  it("follows the talent's own profile (an RMS window, no peak ceiling: -1 dBTP)", () => {
    const own = checkCustomProfile({
      name: 'my-radio',
      label: 'My radio',
      loudness_measure: 'rms',
      loudness_min: -20,
      loudness_max: -16,
    })
    const x = voiceLike(5, -35, 4)
    const out = measureLevel(applyLevel([x], SR, planLevel([x], SR, 'finished_spot', own)), SR)
    expect(Math.abs(out.rmsDb + 18)).toBeLessThanOrEqual(0.5)
    expect(out.truePeakDb).toBeLessThanOrEqual(-1)
  })

  it('refuses a profile that only heavy limiting could meet, naming the figures', () => {
    const x = voiceLike(4, -25, 24)
    expect(() => planLevel([x], SR, 'finished_spot', profile('podcast'))).toThrow(
      /Podcast cannot be met without squashing the read: .* would need \d+\.\d dB of limiting to stay under -1\.0 dBTP, more than the 12\.0 dB/,
    )
  })
})
