import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { findSubstrings, foldNeedle, foldText, splitBySearch } from '../../../../renderer/src/ui/format/folded-text'

const hits = (text: string, q: string) =>
  splitBySearch(text, q)
    .filter((p) => p.hit)
    .map((p) => p.text)

describe('search hits in job rows', () => {
  it('finds any part of a name, ignoring case and accents typed either way, with hostile queries as text', () => {
    expect(hits('Coca-Cola Bottling', 'a-c')).toEqual(['a-C'])
    expect(hits('Dr. O’Neil Dental', "o'neil")).toEqual(['O’Neil'])
    expect(hits('Deals at $9.99 (a+)+', '(a+)+')).toEqual(['(a+)+'])
    expect(hits('Café Nai\u0308ve 🍺🍺', 'naïve')).toEqual(['Nai\u0308ve'])
    expect(hits('Café Naïve 🍺🍺', '🍺')).toEqual(['🍺', '🍺'])
    expect(hits('שלום Pizza', 'שלום')).toEqual(['שלום'])
    expect(hits('Pizza', '   ')).toEqual([])
    // Greek: a word in capitals ends in Σ (folded one letter at a time: σ), its lower-case spelling in
    // final ς; either finds the other.
    const capitals = '\u039F\u0394\u039F\u03A3' // ΟΔΟΣ
    const written = '\u03BF\u03B4\u03BF\u03C2' // οδος, ending in final sigma
    expect(hits(`${capitals} Αθήνα`, written)).toEqual([capitals])
    expect(hits(`η ${written}`, capitals)).toEqual([written])
  })

  it('never throws, joins back to the text and marks only real occurrences (property)', () => {
    const piece = fc.oneof(
      fc.string({ unit: 'grapheme' }),
      fc.string({ unit: 'binary' }),
      fc.constantFrom('Coca-Cola', '(a+)+', '🍺', 'שלום', '\u202E', ' '),
    )
    const text = fc.array(piece, { maxLength: 8 }).map((p) => p.join(''))
    fc.assert(
      fc.property(text, piece, (t, q) => {
        const pieces = splitBySearch(t, q)
        expect(pieces.map((p) => p.text).join('')).toBe(t)
        for (const m of findSubstrings(t, q)) expect(foldText(t.slice(m.start, m.end)).text).toBe(foldNeedle(q))
      }),
      { numRuns: 400 },
    )
  })
})
