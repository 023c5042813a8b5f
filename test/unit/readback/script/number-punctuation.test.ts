/**
 * Numbers and punctuation: a number written just before a comma ("$499, with …") is that number, not a
 * word with a comma in it; the point inside "4.9" does not end a sentence.
 */
import { describe, expect, it } from 'vitest'
import { pieces } from '../../../../main/readback/script/words'
import { scriptModel } from '../../../../main/readback/script/script-model'
import { compareToScript } from '../../../../main/readback/compare/compare'

describe('numbers before punctuation', () => {
  it('the comma after a number is not part of it; a thousands comma is', () => {
    expect(pieces('at just $499, with 1,250 growers, 9 to 9.').map((p) => p.text)).toEqual([
      'at',
      'just',
      '$499',
      'with',
      '1,250',
      'growers',
      '9',
      'to',
      '9',
    ])
  })

  it('a number before a comma matches the same number read as words', () => {
    const script = 'Queen sets start at just $499, with free delivery.'
    expect(scriptModel(script).words.find((w) => w.text === '$499')?.values).toEqual(new Set(['499']))
    const t = (word: string, i: number) => ({ word, start_s: i / 2, end_s: i / 2 + 0.4 })
    const heard = 'queen sets start at just four hundred ninety nine dollars with free delivery'.split(' ').map(t)
    expect(compareToScript(script, heard).issues).toEqual([])
  })

  it('a decimal point does not end the sentence', () => {
    const text = 'At Lakeside, rates as low as 4.9 percent APR.\n\nApply now. Save $9.99 today!'
    expect(scriptModel(text).sentences.map((r) => text.slice(r.from, r.to))).toEqual([
      'At Lakeside, rates as low as 4.9 percent APR.',
      'Apply now.',
      'Save $9.99 today!',
    ])
  })
})
