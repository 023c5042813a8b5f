import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { align } from '../../../../main/readback/alignment/align'
import { compareToScript } from '../../../../main/readback/compare/compare'
import { heardValues, parseWrittenNumber } from '../../../../main/readback/script/number-words'
import { expandContraction, type Word } from '../../../../main/readback/script/words'

const w = (key: string): Word => ({ key, values: null })

describe('align', () => {
  it('finds a deletion and an insertion in a long script with the band, as the full matrix would', () => {
    const script = Array.from({ length: 4000 }, (_, i) => w(`w${i % 97}x${Math.floor(i / 97)}`))
    const heard = [...script.slice(0, 1000), ...script.slice(1010, 3000), w('extra'), ...script.slice(3000)]
    const ops = align(script, heard)
    expect(ops.filter((o) => o.op === 'del').map((o) => ('s' in o ? o.s : -1))).toEqual(
      Array.from({ length: 10 }, (_, k) => 1000 + k),
    )
    expect(ops.filter((o) => o.op === 'ins')).toHaveLength(1)
    expect(ops.filter((o) => o.op === 'sub')).toHaveLength(0)
  })

  it('accounts for every script and heard word exactly once, in order (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('a', 'b', 'c', 'd'), { maxLength: 40 }),
        fc.array(fc.constantFrom('a', 'b', 'c', 'e'), { maxLength: 40 }),
        (s, h) => {
          const ops = align(s.map(w), h.map(w))
          expect(ops.flatMap((o) => ('s' in o ? [o.s] : []))).toEqual(s.map((_, i) => i))
          expect(ops.flatMap((o) => ('h' in o ? [o.h] : []))).toEqual(h.map((_, i) => i))
        },
      ),
    )
  })
})

describe('words and numbers', () => {
  it('opens contractions the same way on both sides', () => {
    expect(expandContraction("it's")).toEqual(['it', 'is'])
    expect(expandContraction('Don’t')).toEqual(['do', 'not'])
    expect(expandContraction("won't")).toEqual(['will', 'not'])
    expect(expandContraction("we're")).toEqual(['we', 'are'])
    expect(expandContraction("Dream's")).toEqual(['dreams'])
  })

  it('reads written numbers and heard number words to the same values', () => {
    expect(parseWrittenNumber('$9.99')?.value).toBe('9.99')
    expect(heardValues(['nine', 'ninety', 'nine'])).toContain('9.99')
    expect(heardValues(['nine', 'dollars', 'and', 'ninety', 'nine', 'cents'])).toContain('9.99')
    expect(heardValues(['twenty', 'percent'])).toEqual(new Set(['20%']))
    expect(heardValues(['nineteen', 'ninety', 'nine'])).toContain('1999')
    expect(heardValues(['twenty', 'first'])).toEqual(new Set(['21th']))
    expect(parseWrittenNumber('21st')?.value).toBe('21th')
    expect(heardValues(['two', 'thousand', 'twenty', 'four'])).toContain('2024')
    expect(heardValues(['twenty', 'twenty', 'four'])).toContain('2024')
    expect(heardValues(['three', 'point', 'five'])).toEqual(new Set(['3.5']))
  })

  it('any script read back as written matches, whatever its text (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        const heard = [...text.matchAll(/\S+/g)].map((m, i) => ({ word: m[0], start_s: i, end_s: i + 0.5 }))
        const check = compareToScript(text, heard)
        expect(check.issues.length).toBeLessThanOrEqual(50)
        if (heard.length > 0 && /[a-z]/i.test(text))
          expect(check.issues.filter((i) => i.severity === 'high')).toEqual([])
      }),
      {
        examples: [
          // "f 8" then "fs 8": alike enough to look like a restart, but the script says both.
          ['f8FS8'],
        ],
      },
    )
  })
})

describe('numbers both ways (property)', () => {
  it('every whole number read out in words has itself among its values', async () => {
    const { integerWords } = await import('../../../../main/readback/script/number-vocabulary')
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999 }), (n) => {
        expect(heardValues(integerWords(n))).toContain(String(n))
      }),
    )
  })

  it('an ordinal of a scale word multiplies: "five thousandth" is the 5000th, not the 1005th', () => {
    expect(heardValues(['five', 'thousandth'])).toEqual(new Set(['5000th']))
    expect(heardValues(['two', 'million', 'one', 'hundredth'])).toEqual(new Set(['2000100th']))
    expect(heardValues(['thousandth'])).toEqual(new Set(['1000th']))
    expect(heardValues(['one', 'thousand', 'two', 'hundred', 'fifth'])).toEqual(new Set(['1205th']))
  })

  it('every written number matches each way it is spoken', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999 }), fc.constantFrom('', '$', '%', 'th'), (n, form) => {
        const token = form === '$' ? `$${n}` : form === '%' ? `${n}%` : form === 'th' ? `${n}th` : String(n)
        const written = parseWrittenNumber(token)
        expect(written).not.toBeNull()
        for (const spoken of written?.spoken ?? []) expect(heardValues(spoken)).toContain(written?.value)
      }),
    )
  })
})

describe('read as written', () => {
  const readAsWritten = (text: string) =>
    compareToScript(
      text,
      [...text.matchAll(/\S+/g)].map((m, i) => ({ word: m[0], start_s: i, end_s: i + 0.5 })),
    )
  it.each([
    'Call 0 0 now',
    'Dial 1 800 555-1212 today.',
    'Ends 0.\n0 left',
    'A0/0',
    'Well uh, it is [laughs] great',
    'Pick 3(4) now',
  ])('%s matches', (text) => {
    expect(readAsWritten(text)).toMatchObject({ verdict: 'matches', issues: [] })
  })
})
