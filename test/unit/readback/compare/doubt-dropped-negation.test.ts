/**
 * A doubt whose other reading is the script's own words with a negation left out ("are available" over
 * "are not available") is a check naming it; the same doubt without a negation missing is only an echo of
 * the script's words, and says nothing.
 */
import { describe, expect, it } from 'vitest'
import type { TimedWord } from '../../../../shared/readback/types'
import { compareToScript } from '../../../../main/readback/compare/compare'

const timed = (text: string): TimedWord[] =>
  text.split(' ').map((word, i) => ({ word, start_s: i * 0.4, end_s: i * 0.4 + 0.35 }))

describe('a doubt that leaves a negation out', () => {
  it('is a check saying what was heard', () => {
    const script = 'Our optometrists are not available on Sundays.'
    const words = timed('our optometrists are not available on sundays')
    const check = compareToScript(script, words, { doubts: [{ start_s: 0.8, end_s: 1.95, heard: 'are available' }] })
    expect(check.verdict).not.toBe('matches')
    expect(check.issues).toContainEqual(
      expect.objectContaining({
        kind: 'changed',
        confidence: 'unsure',
        expected: 'are not available',
        heard: 'are available',
      }),
    )
  })

  it('is nothing when no negation is missing from it', () => {
    const script = 'Our optometrists are available on Sundays.'
    const words = timed('our optometrists are available on sundays')
    const check = compareToScript(script, words, { doubts: [{ start_s: 0.8, end_s: 1.55, heard: 'are available' }] })
    expect(check.issues).toEqual([])
    expect(check.verdict).toBe('matches')
  })
})
