import { describe, expect, it } from 'vitest'
import { compareToScript } from '../../../../main/readback/compare/compare'
import type { TimedWord } from '../../../../shared/readback/types'

/** Heard words, 0.4 s apart, as a recogniser would give them. */
function said(text: string): TimedWord[] {
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map((word, i) => ({ word, start_s: i * 0.4, end_s: i * 0.4 + 0.35 }))
}

const SPOT =
  'This Saturday only, save 20% on every mattress at Dream Street Furniture. Prices start at $9.99. ' +
  "It's the sale of the year. Offer ends Sunday; restrictions apply."

describe('compareToScript', () => {
  it('a clean read matches, with numbers read as words and contractions opened', () => {
    const check = compareToScript(
      SPOT,
      said(
        'this saturday only save twenty percent on every mattress at dream street furniture prices ' +
          'start at nine ninety nine it is the sale of the year offer ends sunday restrictions apply',
      ),
    )
    expect(check.issues).toEqual([])
    expect(check.verdict).toBe('matches')
    expect(check.coverage).toBe(1)
  })

  it('"it is" in the script matches "it\'s" heard, and punctuation does not matter', () => {
    const check = compareToScript('It is... the BEST -- sale!', said("it's the best sale"))
    expect(check.verdict).toBe('matches')
  })

  it('a changed day is a changed name of high severity, with what was heard and when', () => {
    const check = compareToScript(
      SPOT,
      said(
        'this sunday only save twenty percent on every mattress at dream street furniture prices ' +
          'start at nine ninety nine it is the sale of the year offer ends sunday restrictions apply',
      ),
    )
    expect(check.verdict).toBe('mismatch')
    expect(check.issues).toHaveLength(1)
    const [issue] = check.issues
    expect(issue).toMatchObject({
      kind: 'changed',
      severity: 'high',
      expected: 'Saturday',
      heard: 'sunday',
      name: true,
      at_s: 0.4,
    })
    expect(SPOT.slice(issue?.script_from ?? 0, issue?.script_to ?? 0)).toBe('Saturday')
  })

  it('a changed price is high and flagged as a number', () => {
    const check = compareToScript(
      SPOT,
      said(
        'this saturday only save twenty percent on every mattress at dream street furniture prices ' +
          'start at nine forty nine it is the sale of the year offer ends sunday restrictions apply',
      ),
    )
    expect(check.issues).toEqual([
      expect.objectContaining({
        kind: 'changed',
        severity: 'high',
        number: true,
        expected: '$9.99',
        heard: 'nine forty nine',
      }),
    ])
  })

  it('digits read the other way still match: 20% as "twenty percent", 1,200 as "twelve hundred", 3rd as "third"', () => {
    expect(
      compareToScript(
        'Save 20% on 1,200 beds, 3rd floor.',
        said('save twenty percent on twelve hundred beds third floor'),
      ).verdict,
    ).toBe('matches')
    expect(compareToScript('Save twenty percent today.', said('save 20% today')).verdict).toBe('matches')
    expect(compareToScript('Call 555 1212.', said('call five five five one two one two')).verdict).toBe('matches')
    expect(compareToScript('Just £109.', said('just one hundred and nine pounds')).verdict).toBe('matches')
    expect(compareToScript('Only $9.09 today.', said('only nine dollars nine today')).verdict).toBe('matches')
    expect(compareToScript('Only €4.50.', said('only four euros fifty cents')).verdict).toBe('matches')
  })

  it('a take where almost nothing was heard is missing words, not a change, and keeps what was heard', () => {
    const check = compareToScript(SPOT, said('room'))
    expect(check.verdict).toBe('mismatch')
    expect(check.issues).toEqual([expect.objectContaining({ kind: 'missing', severity: 'high', heard: 'room' })])
    expect(check.summary).toMatch(/1 missing/)
    // A short run with a word in its place is still a change.
    expect(compareToScript('Visit Main Street today.', said('visit maine road today')).issues).toEqual([
      expect.objectContaining({ kind: 'changed', expected: 'Main Street', heard: 'maine road' }),
    ])
  })

  it('a change never crosses a sentence: each sentence gets its own finding, a passage heard as nothing stays one', () => {
    const check = compareToScript('Three days. Forty bands. One weekend.', said('three do use fifty bands one weekend'))
    expect(check.issues).toEqual([
      expect.objectContaining({ kind: 'changed', expected: 'days', heard: 'do use' }),
      expect.objectContaining({ kind: 'changed', expected: 'Forty', heard: 'fifty', severity: 'high' }),
    ])
    const skipped = compareToScript('Three days. Forty bands. One weekend.', said('three one weekend'))
    expect(skipped.issues).toEqual([expect.objectContaining({ kind: 'missing', severity: 'high' })])
  })

  it('an omitted sentence is one missing issue of high severity, placed where the reading jumped', () => {
    const check = compareToScript(
      SPOT,
      said(
        'this saturday only save twenty percent on every mattress at dream street furniture it is the sale of the year offer ends sunday restrictions apply',
      ),
    )
    expect(check.issues).toHaveLength(1)
    expect(check.issues[0]).toMatchObject({
      kind: 'missing',
      severity: 'high',
      expected: 'Prices start at $9.99',
      heard: null,
      number: true,
    })
    expect(check.issues[0]?.at_s).toBeCloseTo(12 * 0.4 + 0.35, 5)
    expect(check.coverage).toBeLessThan(1)
  })

  it('an inserted sentence is extra, a repeated word is soft', () => {
    const extra = compareToScript(
      'Visit us today. Offer ends Sunday.',
      said('visit us today we are open late offer ends sunday'),
    )
    expect(extra.issues).toEqual([
      expect.objectContaining({
        kind: 'extra',
        severity: 'normal',
        heard: 'we are open late',
        expected: null,
        at_s: 1.2,
      }),
    ])
    const repeated = compareToScript('Visit us today.', said('visit visit us today'))
    expect(repeated.issues).toEqual([expect.objectContaining({ kind: 'repeated', severity: 'soft' })])
    expect(repeated.verdict).toBe('matches')
  })

  it('a legal line changed is high even for ordinary words', () => {
    const check = compareToScript(
      'Great beds. Restrictions apply, see store for details.',
      said('great beds restrictions apply see site for details'),
    )
    expect(check.issues).toEqual([expect.objectContaining({ kind: 'changed', severity: 'high', legal: true })])
  })

  it('nothing heard is a mismatch with a sentence, and an empty script does not crash', () => {
    expect(compareToScript(SPOT, [])).toMatchObject({
      verdict: 'mismatch',
      coverage: 0,
      summary: 'Booth heard no words in this take.',
    })
    expect(compareToScript('', said('hello'))).toMatchObject({ coverage: 0 })
  })
})
