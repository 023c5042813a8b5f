/**
 * A word written in capitals is read letter by letter ("member F-D-I-C"): it gets its letters as a
 * pronunciation beside the dictionary's or espeak-ng's reading of it as a word.
 */
import { describe, expect, it } from 'vitest'
import { lettersPhones, writtenAcronyms } from '../../../../main/readback/script/acronyms'
import { pronounce } from '../../../../main/readback/script/pronunciations'

describe('acronyms', () => {
  it('are the words written in capitals, 2 to 6 letters', () => {
    expect(
      writtenAcronyms('Harbor Trust Bank, member FDIC. 0% APR for 60 months; I said OK. NOTHINGMORE, A, USA’s, R2D2'),
    ).toEqual(['fdic', 'apr', 'ok'])
  })

  it('none in copy written mostly in capitals', () => {
    expect(writtenAcronyms('SAVE BIG THIS WEEKEND AT HARBOR TRUST BANK, MEMBER FDIC.')).toEqual([])
    expect(writtenAcronyms('Save big at Harbor Trust Bank, member FDIC. CALL NOW.')).toEqual(['fdic', 'call', 'now'])
  })

  it('get their letters as phones', () => {
    expect(lettersPhones('fdic')).toBe('EH F D IY AY S IY')
    expect(lettersPhones('apr')).toBe('EY P IY AA R')
    expect(lettersPhones('r2d2')).toBeNull()
  })

  it('keep their other readings and gain the letters', async () => {
    const dict = new Map([['apr', ['AE P ER']]])
    const { lines } = await pronounce(['apr', 'bank'], new Map([...dict, ['bank', ['B AE NG K']]]), {
      spellOut: ['apr'],
    })
    expect(lines).toContain('apr AE P ER')
    expect(lines).toContain('apr(2) EY P IY AA R')
    expect(lines).toContain('bank B AE NG K')
    expect(lines.filter((l) => l.startsWith('bank'))).toHaveLength(1)
  })
})
