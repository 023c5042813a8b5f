/**
 * The proofer's pickup list: CSV as spreadsheets and proofers write it (quotes, separators, BOM, CRLF,
 * headers in any order, times as 0:04.2), clear refusals naming the row, matching a row's text to the
 * script sentence it names, and (fast-check) that any text gives cards or a PickupCsvError, never anything
 * else, and that any fields written as CSV come back as they were.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { csvRows, parsePickupCsv, parseTimecode, PickupCsvError } from '../../../shared/versions/pickup-csv'
import { sentenceByText } from '../../../main/versions/fixes/pickup-cards'
import { scriptSentences } from '../../../main/readback/compare/sentence-spans'
import { SCRIPT } from './helpers/spot'

describe('a pickup list in CSV', () => {
  it('reads a plain list without a header (where, said, should be)', () => {
    expect(parsePickupCsv('Queen mattresses start,two seventy-nine,two ninety-nine\n0:04.2,Sunday,Saturday\n')).toEqual(
      [
        {
          row: 1,
          locator: { kind: 'text', text: 'Queen mattresses start' },
          said: 'two seventy-nine',
          should_be: 'two ninety-nine',
        },
        { row: 2, locator: { kind: 'time', seconds: 4.2 }, said: 'Sunday', should_be: 'Saturday' },
      ],
    )
  })

  it('takes a header in any order, semicolons or tabs, quotes, a BOM and CRLF', () => {
    const csv = '\uFEFFShould be;Time;Heard\r\n"Save 20%; every mattress";00:00:07.500;"Save ""30%"""\r\n\r\n'
    expect(parsePickupCsv(csv)).toEqual([
      { row: 2, locator: { kind: 'time', seconds: 7.5 }, said: 'Save "30%"', should_be: 'Save 20%; every mattress' },
    ])
    expect(parsePickupCsv('sentence\tsaid\tshould be\nVisit us\tHarbour\tHarbor')[0]).toMatchObject({
      row: 2,
      said: 'Harbour',
    })
    expect(parsePickupCsv('line,read as,correct\n"Our sleep\nexperts",expert,experts\nVisit us,a,b')[1]?.row).toBe(4)
  })

  it('reads the times proofers write', () => {
    expect([
      parseTimecode('4.2'),
      parseTimecode('4.2s'),
      parseTimecode('0:04.2'),
      parseTimecode('1:02:03'),
      parseTimecode('12,5'),
    ]).toEqual([4.2, 4.2, 4.2, 3723, 12.5])
    expect([parseTimecode('0:61'), parseTimecode('four'), parseTimecode('1.2.3'), parseTimecode('')]).toEqual([
      null,
      null,
      null,
      null,
    ])
  })

  it('refuses a malformed list as a whole, naming the row', () => {
    const refusal = (csv: string) => {
      try {
        parsePickupCsv(csv)
        return null
      } catch (err) {
        expect(err).toBeInstanceOf(PickupCsvError)
        return (err as Error).message
      }
    }
    expect(refusal('a,b,c\n"Queen,b,c\n')).toBe('Row 2: a quote opened in field 1 is never closed.')
    expect(refusal('"Queen"x,b,c')).toMatch(/^Row 1: field 1 has text after its closing quote/)
    expect(refusal('Queen,two seventy-nine')).toBe(
      'Row 1 has 2 fields; each pickup needs three: the sentence or time, what was said, and what it should be.',
    )
    expect(refusal('Queen,a,b\n,two seventy-nine,two ninety-nine')).toBe(
      'Row 2 does not say which sentence or time it is about.',
    )
    expect(refusal('Queen, , ')).toBe('Row 1 says neither what was said nor what it should be.')
    expect(refusal('time,said,notes\n1,2,3')).toBe('The first row names columns but none for what it should be.')
    expect(refusal('sentence,said,should be\n')).toBe('The pickup list has a header row but no pickups.')
    expect(refusal('\n\n')).toBe('The pickup list has no rows.')
    expect(refusal('a\u0000,b,c')).toMatch(/NUL character/)
    expect(refusal('x,'.repeat(120_000))).toMatch(/characters long; Booth takes lists up to 200,000/)
  })

  it('finds the script sentence a row’s text names, or none', () => {
    const sentences = scriptSentences(SCRIPT)
    expect(sentenceByText(sentences, 'queen mattresses start at just')?.index).toBe(2)
    expect(sentenceByText(sentences, '“Our sleep experts…”')?.index).toBe(3)
    expect(sentenceByText(sentences, 'Harbor Boulevard')?.index).toBe(4)
    expect(sentenceByText(sentences, 'the quick brown fox')).toBeNull()
    expect(sentenceByText(sentences, '')).toBeNull()
  })

  it('gives cards or a PickupCsvError for any text (fast-check)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (text) => {
        try {
          const cards = parsePickupCsv(text)
          for (const c of cards) {
            expect(c.row).toBeGreaterThanOrEqual(1)
            expect(c.said !== '' || c.should_be !== '').toBe(true)
          }
        } catch (err) {
          expect(err).toBeInstanceOf(PickupCsvError)
          expect((err as Error).message).toMatch(/^[A-Z].*\.$/s)
        }
      }),
      { numRuns: 2000 },
    )
  })

  it('reads back any fields written as CSV (fast-check)', () => {
    const field = fc.string({ maxLength: 30 }).filter((s) => s.trim() === s && s !== '' && !s.includes('\u0000'))
    fc.assert(
      fc.property(fc.array(fc.tuple(field, field, field), { minLength: 1, maxLength: 8 }), (rows) => {
        const quote = (s: string) => `"${s.replace(/"/g, '""')}"`
        const text = rows.map((r) => r.map(quote).join(',')).join('\r\n')
        expect(csvRows(text, ',').map((r) => r.fields)).toEqual(rows)
      }),
      { numRuns: 500 },
    )
  })
})
