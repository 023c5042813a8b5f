import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { compareToScript } from '../../../../main/readback/compare/compare'
import { heardValues } from '../../../../main/readback/script/number-words'
import { integerWords } from '../../../../main/readback/script/number-vocabulary'
import { spokenSentences } from '../../../../main/readback/script/spoken-sentences'

const said_ = (text: string) => text.split(' ').map((word, i) => ({ word, start_s: i * 0.4, end_s: i * 0.4 + 0.3 }))
const DIGIT = ['oh', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine']

/**
 * A phone number read in groups: each group a digit, or two digits as one number ("fifty five", "twelve");
 * a pair ending in 0 is read so only when it is "ten" ("twenty, five" is not how anyone reads 2-0-5).
 */
function readInGroups(digits: string, cuts: readonly boolean[]): string[] {
  const words: string[] = []
  for (let i = 0; i < digits.length;) {
    const pair = digits.slice(i, i + 2)
    if (cuts[i] && pair.length === 2 && pair[0] !== '0' && (pair[1] !== '0' || pair === '10')) {
      words.push(...integerWords(Number(pair)))
      i += 2
    } else {
      words.push(DIGIT[Number(digits[i])] as string)
      i += 1
    }
  }
  return words
}

describe('phone numbers read in groups', () => {
  it('match the number as written, however the talent groups it', () => {
    for (const heard of [
      'five five five zero one eight eight',
      'five fifty five oh one eighty eight',
      'five hundred fifty five zero one eight eight',
      'five fifty five oh one eight eight',
    ]) {
      expect(compareToScript('Call us at 555-0188 today.', said_(`call us at ${heard} today`)).verdict, heard).toBe(
        'matches',
      )
    }
    for (const heard of [
      'one eight hundred five five five one two one two',
      'one eight hundred five fifty five twelve twelve',
    ]) {
      expect(compareToScript('Call 1-800-555-1212.', said_(`call ${heard}`)).verdict, heard).toBe('matches')
    }
  })

  it('a changed digit is still a changed number', () => {
    for (const heard of [
      'five fifty five oh one eighty nine',
      'five fifty oh one eighty eight',
      'five fifty five oh one eighteen eight',
    ]) {
      const check = compareToScript('Call us at 555-0188 today.', said_(`call us at ${heard} today`))
      expect(check.verdict, heard).toBe('mismatch')
      expect(check.issues[0]?.expected).toBe('555-0188')
    }
    expect(
      compareToScript('Call 1-800-555-1212.', said_('call one eight hundred five fifty five twelve thirteen')).verdict,
    ).toBe('mismatch')
  })

  it('short runs are not read as phone numbers: "twenty five" is never 2-0-5', () => {
    expect(heardValues(['twenty', 'five'])).not.toContain('205')
    expect(heardValues(['eighty', 'eight', 'two'])).not.toContain('8882')
    expect([...heardValues(['five', 'fifty', 'five'])].every((v) => v.length < 7)).toBe(true)
  })

  it('any grouping of a 7- or 10-digit number reads as that number, and of a number one digit away never does (property)', () => {
    const number = fc.oneof(fc.stringMatching(/^[2-9]\d{6}$/), fc.stringMatching(/^[2-9]\d{9}$/))
    fc.assert(
      fc.property(
        number,
        fc.array(fc.boolean(), { minLength: 10, maxLength: 10 }),
        fc.nat(9),
        fc.nat(8),
        (digits, cuts, at, step) => {
          expect(heardValues(readInGroups(digits, cuts))).toContain(digits)
          const i = at % digits.length
          const other = digits.slice(0, i) + String((Number(digits[i]) + 1 + step) % 10) + digits.slice(i + 1)
          expect(heardValues(readInGroups(other, cuts))).not.toContain(digits)
        },
      ),
    )
  })

  it('the recogniser is biased toward the ways talent read a phone number, not toward "one hundred eighty eight"', () => {
    const said = spokenSentences('Call 555-0188 or 1-800-555-1200.').map((s) => s.join(' '))
    // One number read another way per sentence, the others as first written.
    expect(said).toContain(
      'call five fifty five oh one eighty eight or one eight zero zero five five five one two zero zero',
    )
    expect(said).toContain(
      'call five five five zero one eight eight or one eight hundred five fifty five twelve hundred',
    )
    expect(said).toContain(
      'call five five five oh one eight eight or one eight zero zero five five five one two zero zero',
    )
    expect(said.some((s) => s.includes('one hundred eighty eight') || s.includes('thousand'))).toBe(false)
    // Every form the recogniser may hear is taken back as the number as written.
    for (const s of said)
      expect(compareToScript('Call 555-0188 or 1-800-555-1200.', said_(s)).verdict, s).toBe('matches')
  })
})
