/**
 * A/B at matched loudness (renderer/src/takes/versions/ab-loudness.ts): the louder side is turned down to the
 * quieter one's measured LUFS, never up; the words name the level and the side; an unmeasured side is said.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { matchLoudness, unmatchedWords } from '../../../../renderer/src/takes/versions/ab-loudness'

const dbOf = (volume: number) => 20 * Math.log10(volume)

describe('A/B loudness matching', () => {
  it('turns the louder side down to the quieter one, and says so', () => {
    expect(matchLoudness(-24, -16)).toEqual({
      A: 1,
      B: expect.closeTo(10 ** (-8 / 20), 9),
      words: 'Matched to −24.0 LUFS: B plays 8.0 dB quieter here; the files are unchanged.',
    })
    expect(matchLoudness(-14.2, -16)?.words).toBe(
      'Matched to −16.0 LUFS: A plays 1.8 dB quieter here; the files are unchanged.',
    )
    expect(matchLoudness(-16, -16.02)).toEqual({
      A: 1,
      B: 1,
      words: 'Both sides measure −16.0 LUFS: played as they are.',
    })
  })

  it('for any two measured loudnesses, both play at the quieter one and no volume exceeds 1', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -70, max: 0, noNaN: true }),
        fc.double({ min: -70, max: 0, noNaN: true }),
        (a, b) => {
          const m = matchLoudness(a, b)
          expect(m).not.toBeNull()
          const { A, B } = m as NonNullable<typeof m>
          expect(A).toBeLessThanOrEqual(1)
          expect(B).toBeLessThanOrEqual(1)
          if (Math.abs(a - b) >= 0.05) expect(a + dbOf(A)).toBeCloseTo(b + dbOf(B), 6)
        },
      ),
    )
  })

  it('an unmeasured side is not matched, and the words say which', () => {
    expect(matchLoudness(null, -16)).toBeNull()
    expect(matchLoudness(-16, Number.NaN)).toBeNull()
    expect(unmatchedWords(null, -16, false)).toBe('Loudness not matched: the before version has no measured loudness.')
    expect(unmatchedWords(null, null, false)).toBe(
      'Loudness not matched: the before and finished versions have no measured loudness.',
    )
    expect(unmatchedWords(-20, null, true)).toBe(
      'Loudness not matched yet: the finished audio is still being measured.',
    )
  })
})
