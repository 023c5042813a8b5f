import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { foldNeedle, foldText } from '../../../../renderer/src/ui/format/folded-text'
import { findPronunciationMatches, splitByPronunciations } from '../../../../renderer/src/script/pronunciation-matches'

const words = (text: string, list: Array<{ word: string; say: string }>) =>
  findPronunciationMatches(text, list).map((m) => text.slice(m.start, m.end))

describe('findPronunciationMatches', () => {
  it('matches whole words, ignoring case', () => {
    const list = [{ word: 'Vigoro', say: 'vih-GOR-oh' }]
    expect(words('Save on VIGORO soil and vigoro mulch.', list)).toEqual(['VIGORO', 'vigoro'])
  })

  it('does not match inside a longer word', () => {
    const list = [{ word: 'Acme', say: 'AK-mee' }]
    expect(words('Acmeville and Acme, not SuperAcme or Acme2', list)).toEqual(['Acme'])
  })

  it('uses Unicode letters for word edges', () => {
    const list = [{ word: 'Brümmer', say: 'BRUE-mer' }]
    expect(words('Café Brümmer. Brümmerhaus. Brümmer’s best.', list)).toEqual(['Brümmer', 'Brümmer'])
    expect(words('éBrümmer', list)).toEqual([])
  })

  it('leaves punctuation around a word outside the match', () => {
    const list = [{ word: 'NCUA', say: 'N-C-U-A' }]
    const text = 'Insured by (NCUA), "NCUA"; NCUA\'s rules.'
    expect(words(text, list)).toEqual(['NCUA', 'NCUA', 'NCUA'])
  })

  it('matches multi-word entries across any whitespace, including line breaks', () => {
    const list = [{ word: 'Hauptbahnhof Süd', say: 'HOWPT-bahn-hohf zood' }]
    expect(words('Right by the Hauptbahnhof\n  Süd today', list)).toEqual(['Hauptbahnhof\n  Süd'])
  })

  it('treats regular-expression characters in entries literally', () => {
    const list = [
      { word: 'C++', say: 'see plus plus' },
      { word: '4.9', say: 'four point nine' },
    ]
    expect(words('Learn C++ at 4.9 percent, not 449 or C+', list)).toEqual(['C++', '4.9'])
  })

  it('prefers the longer entry when two start together, and the earlier when they overlap', () => {
    const list = [
      { word: 'York', say: 'york' },
      { word: 'New York City', say: 'noo york SIT-ee' },
      { word: 'City Hall', say: 'SIT-ee hawl' },
    ]
    const found = findPronunciationMatches('New York City Hall, York', list)
    expect(found.map((m) => [m.word, m.say])).toEqual([
      ['New York City', 'noo york SIT-ee'],
      ['York', 'york'],
    ])
  })

  it('uses the first of two entries for the same word and skips blank entries', () => {
    const list = [
      { word: '  ', say: 'nothing' },
      { word: 'Kestrel', say: 'KES-trel' },
      { word: 'kestrel', say: 'wrong' },
    ]
    expect(findPronunciationMatches('The Kestrel SUV', list).map((m) => m.say)).toEqual(['KES-trel'])
  })

  it('returns nothing for an empty list or text', () => {
    expect(findPronunciationMatches('', [{ word: 'a', say: 'b' }])).toEqual([])
    expect(findPronunciationMatches('text', [])).toEqual([])
  })
})

describe('splitByPronunciations', () => {
  it('cuts text into pieces that join back to the original', () => {
    const text = 'Café Brümmer, by the Hauptbahnhof.'
    const pieces = splitByPronunciations(text, [
      { word: 'Brümmer', say: 'BRUE-mer' },
      { word: 'Hauptbahnhof', say: 'HOWPT-bahn-hohf' },
    ])
    expect(pieces.map((p) => p.text).join('')).toBe(text)
    expect(pieces.filter((p) => p.say !== null).map((p) => p.text)).toEqual(['Brümmer', 'Hauptbahnhof'])
  })
})

const say = 'x'

describe('words of any shape are data, never a pattern', () => {
  it('finds hyphenated words, apostrophes, money, regex characters, emoji, Hebrew and accents', () => {
    const text = 'Drink Coca-Cola with Dr. O’Neil for $9.99 (a+)+ 🍺! שלום, naïve Nai\u0308ve naive.'
    const list = ['Coca-Cola', "Dr. O'Neil", '$9.99', '(a+)+', '🍺', 'שלום', 'naïve'].map((word) => ({ word, say }))
    expect(words(text, list)).toEqual([
      'Coca-Cola',
      'Dr. O’Neil',
      '$9.99',
      '(a+)+',
      '🍺',
      'שלום',
      'naïve',
      'Nai\u0308ve',
    ])
  })

  it('does not find a word inside a longer one, nor an unaccented word in an accented one', () => {
    expect(words('Coca-Colas and PepsiCoca-Cola', [{ word: 'Coca-Cola', say }])).toEqual([])
    expect(
      words('naïve', [
        { word: 'nai', say },
        { word: 'naive', say },
      ]),
    ).toEqual([])
  })

  it('matches a 300-character word and the right-to-left text around it', () => {
    const long = 'ab'.repeat(150)
    expect(words(`שלום ${long} שלום`, [{ word: long.toUpperCase(), say }])).toEqual([long])
  })
})

describe('pronunciation marking on arbitrary strings (property)', () => {
  const piece = fc.oneof(
    fc.string({ unit: 'grapheme' }),
    fc.string({ unit: 'binary' }),
    fc.constantFrom('Coca-Cola', "O'Neil", '$9.99', '(a+)+', '🍺', 'שלום', 'naïve', ' ', '\n', '-', '\u202E', '\u0000'),
  )
  const text = fc.array(piece, { maxLength: 12 }).map((p) => p.join(''))
  const entries = fc.array(fc.record({ word: piece, say: fc.string() }), { maxLength: 5 })

  it('never throws, joins back to the text, and marks only real occurrences of an entry', () => {
    fc.assert(
      fc.property(text, entries, (t, list) => {
        const pieces = splitByPronunciations(t, list)
        expect(pieces.map((p) => p.text).join('')).toBe(t)
        const needles = new Set(list.map((e) => foldNeedle(e.word)))
        let reach = 0
        for (const m of findPronunciationMatches(t, list)) {
          expect(m.start).toBeGreaterThanOrEqual(reach)
          expect(m.end).toBeGreaterThan(m.start)
          expect(needles.has(foldText(t.slice(m.start, m.end)).text)).toBe(true)
          reach = m.end
        }
      }),
      { numRuns: 500 },
    )
  })

  it('finds an entry placed between spaces in any text', () => {
    fc.assert(
      fc.property(text, text, piece, (before, after, word) => {
        fc.pre(foldNeedle(word) !== '' && foldText(word).text === foldNeedle(word))
        const t = `${before} ${word} ${after}`
        const at = before.length + 1
        const found = findPronunciationMatches(t, [{ word, say }])
        // The entry is found where it was put, unless an earlier occurrence overlaps that place.
        expect(
          found.some((m) => m.start === at && m.end === at + word.length) ||
            found.some((m) => m.start < at + word.length && m.end > at),
        ).toBe(true)
      }),
      { numRuns: 300 },
    )
  })
})
