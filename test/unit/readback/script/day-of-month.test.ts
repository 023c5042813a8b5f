/**
 * A day written after its month ("October 31") is the script as written whether it is read "October
 * thirty-one" or "October thirty-first": both match; another day, in either reading, does not. A number
 * that is not a day after a month ("Route 9", "60 months") is not given an ordinal reading.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { compareToScript } from '../../../../main/readback/compare/compare'
import { dayAfterMonth } from '../../../../main/readback/script/day-of-month'
import { integerWords, ordinalForm } from '../../../../main/readback/script/number-vocabulary'
import { spokenSentences } from '../../../../main/readback/script/spoken-sentences'
import type { TimedWord } from '../../../../shared/readback/types'

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]

function said(words: readonly string[]): TimedWord[] {
  return words.map((word, i) => ({ word, start_s: i * 0.4, end_s: i * 0.4 + 0.35 }))
}

describe('a day of the month', () => {
  it('matches read as a number or as an ordinal; another day does not, either way', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...MONTHS),
        fc.integer({ min: 1, max: 31 }),
        fc.integer({ min: 1, max: 31 }),
        fc.boolean(),
        (month, day, other, comma) => {
          const script = `The sale ends ${month}${comma ? ',' : ''} ${day} at noon.`
          const read = (d: number, ordinal: boolean) =>
            said([
              'the',
              'sale',
              'ends',
              month.toLowerCase(),
              ...(ordinal ? ordinalForm(d) : integerWords(d)),
              'at',
              'noon',
            ])
          expect(compareToScript(script, read(day, false)).verdict).toBe('matches')
          expect(compareToScript(script, read(day, true)).verdict).toBe('matches')
          if (other !== day) {
            expect(compareToScript(script, read(other, false)).verdict).not.toBe('matches')
            expect(compareToScript(script, read(other, true)).verdict).not.toBe('matches')
          }
        },
      ),
      { numRuns: 200 },
    )
  })

  it('the recogniser is told both readings', () => {
    const forms = spokenSentences('This offer ends Monday, October 31.').map((s) => s.join(' '))
    expect(forms).toContain('this offer ends monday october thirty one')
    expect(forms).toContain('this offer ends monday october thirty first')
  })

  it('only right after a month, and only 1 to 31', () => {
    expect(dayAfterMonth('Offer ends June 6', 16, '6')).toBe(6)
    expect(dayAfterMonth('through Dec. 31', 13, '31')).toBe(31)
    expect(dayAfterMonth('Offer ends June 32', 16, '32')).toBeNull()
    expect(dayAfterMonth('Offer ends June 0', 16, '0')).toBeNull()
    expect(dayAfterMonth('Visit us on Route 9', 18, '9')).toBeNull()
    expect(dayAfterMonth('financing for 60', 14, '60')).toBeNull()
    expect(dayAfterMonth('dismay 5', 7, '5')).toBeNull()
    expect(dayAfterMonth('June $5', 5, '$5')).toBeNull()
    expect(compareToScript('Take Route 9 north.', said(['take', 'route', 'ninth', 'north'])).verdict).not.toBe(
      'matches',
    )
    expect(spokenSentences('Visit us on Route 9.').map((s) => s.join(' '))).not.toContain('visit us on route ninth')
  })
})
