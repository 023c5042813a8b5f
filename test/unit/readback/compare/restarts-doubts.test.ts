/**
 * False starts become one restart at the pause (with the stretch a cut removes), and a doubt of the
 * engine over a script word is an "unsure" check naming the other reading, never a silent "matches".
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { compareToScript } from '../../../../main/readback/compare/compare'
import { doubtsBetween } from '../../../../main/readback/hearing/doubts-between'
import { isUnreadToken } from '../../../../main/readback/script/words'
import type { TimedWord } from '../../../../shared/readback/types'

/** Heard words, 0.4 s apart. */
function said(words: readonly string[]): TimedWord[] {
  return words.map((word, i) => ({ word, start_s: i * 0.4, end_s: i * 0.4 + 0.35 }))
}
const split = (t: string) => t.split(/\s+/).filter(Boolean)

const SPOT = 'This weekend only, take thirty percent off every sofa. Offer ends Sunday.'

describe('restarts', () => {
  it('a false start is one restart at the pause, not a pile of extra words', () => {
    const check = compareToScript(
      SPOT,
      said(
        split('this weekend only take third this weekend only take thirty percent off every sofa offer ends sunday'),
      ),
    )
    expect(check.issues).toEqual([
      expect.objectContaining({
        kind: 'repeated',
        severity: 'normal',
        heard: 'this weekend only take third',
        restart: { from_s: 0, to_s: 2 },
      }),
    ])
    expect(check.verdict).toBe('check')
    expect(check.summary).toMatch(/1 restart/)
    expect(check.coverage).toBe(1)
  })

  it('a restart in the middle of the take points at where the new reading starts in the script', () => {
    const check = compareToScript(
      SPOT,
      said(split('this weekend only take thirty percent off every sofa offer ends offer ends sunday')),
    )
    const restart = check.issues.find((i) => i.restart)
    expect(restart).toMatchObject({ heard: 'offer ends', restart: { from_s: 3.6, to_s: 4.4 } })
    expect(SPOT.slice(restart?.script_from ?? 0)).toMatch(/^Offer ends Sunday/)
  })

  it('words the script itself repeats are no restart', () => {
    const check = compareToScript(
      'Open 9 to 9. Dream Street Furniture, Dream Street Furniture.',
      said(split('open nine to nine dream street furniture dream street furniture')),
    )
    expect(check.verdict).toBe('matches')
  })

  // Words a talent reads: a filler ("erm", "hmm") is skipped on both sides by design (words.ts isUnreadToken).
  const distinctScript = fc.uniqueArray(
    fc.stringMatching(/^[a-z]{3,8}$/).filter((w) => !isUnreadToken(w)),
    { minLength: 6, maxLength: 30 },
  )

  it('a clean reading of any script has no restart', () => {
    fc.assert(
      fc.property(distinctScript, (words) => {
        const check = compareToScript(words.join(' '), said(words))
        expect(check.issues).toEqual([])
      }),
      { numRuns: 150 },
    )
  })

  it('a false start anywhere is found once, spanning the abandoned words', () => {
    fc.assert(
      fc.property(distinctScript, fc.nat(), fc.integer({ min: 2, max: 5 }), (words, at, k) => {
        const s = at % (words.length - k)
        const heard = [...words.slice(0, s + k), ...words.slice(s)]
        const check = compareToScript(words.join(' '), said(heard))
        expect(check.issues).toHaveLength(1)
        expect(check.issues[0]?.restart).toEqual({
          from_s: Math.round(s * 0.4 * 1000) / 1000,
          to_s: Math.round((s + k) * 0.4 * 1000) / 1000,
        })
      }),
      {
        numRuns: 150,
        // A script word near another ("apply", "applyaa") once made the restart begin a word early.
        examples: [[['apply', 'aaa', 'aab', 'applyaa', 'aac', 'aad'], 442713688, 3]],
      },
    )
  })
})

describe('doubts', () => {
  const SCRIPT = 'Visit us at 42 Maple Lane in Riverside.'
  const CLEAN = split('visit us at forty two maple lane in riverside')

  it('a script word the engine doubted is an unsure check naming the other reading', () => {
    const check = compareToScript(SCRIPT, said(CLEAN), { doubts: [{ start_s: 2.4, end_s: 2.75, heard: 'line' }] })
    expect(check.verdict).toBe('check')
    expect(check.issues).toEqual([
      expect.objectContaining({
        kind: 'changed',
        severity: 'normal',
        confidence: 'unsure',
        expected: 'Lane',
        heard: 'line',
        at_s: 2.4,
      }),
    ])
    // The summary names it as a doubt, not as a word read differently.
    expect(check.summary).toBe("Booth heard 100% of the script's words: 1 it is not sure of.")
  })

  it('no issue when the other reading says the same thing, or the word is a small one', () => {
    expect(
      compareToScript(SCRIPT, said(CLEAN), { doubts: [{ start_s: 1.2, end_s: 1.95, heard: 'forty two' }] }).verdict,
    ).toBe('matches')
    expect(
      compareToScript(SCRIPT, said(CLEAN), { doubts: [{ start_s: 0.8, end_s: 1.15, heard: 'and' }] }).verdict,
    ).toBe('matches')
  })

  it('a doubted number is unsure and flagged as a number', () => {
    const check = compareToScript(SCRIPT, said(CLEAN), { doubts: [{ start_s: 1.2, end_s: 1.95, heard: 'fifty two' }] })
    expect(check.issues).toEqual([
      expect.objectContaining({ confidence: 'unsure', number: true, expected: '42', heard: 'fifty two' }),
    ])
  })

  it('two hearings that disagree give a doubt where they do, and none where they agree', () => {
    const leaning = said(CLEAN)
    const plain = said(split('visit us at forty two maple line in riverside'))
    expect(doubtsBetween(leaning, plain)).toEqual([
      { start_s: expect.closeTo(2.4, 6), end_s: expect.closeTo(2.75, 6), heard: 'line' },
    ])
    expect(doubtsBetween(leaning, leaning)).toEqual([])
  })
})
