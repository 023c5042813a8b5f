import { describe, expect, it } from 'vitest'
import { findPronunciationMatches, splitByPronunciations } from '../../../renderer/src/script/pronunciation-matches'

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
    const list = [{ word: 'C++', say: 'see plus plus' }, { word: '4.9', say: 'four point nine' }]
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
