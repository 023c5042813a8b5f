import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { displayText } from '../../../shared/display-text'

const BIDI = [
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u202E',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u206A',
  '\u206B',
  '\u206C',
  '\u206D',
  '\u206E',
  '\u206F',
  '\u200E',
  '\u200F',
  '\u061C',
]
const isBidiControl = (char: string) => BIDI.includes(char)

describe('displayText', () => {
  it('removes bidirectional controls so a file name shows as the name it is', () => {
    expect(displayText('invoice\u202Egnp.exe')).toBe('invoicegnp.exe')
    expect(displayText('\u2067שלום\u2069 Pizza\u200F')).toBe('שלום Pizza')
  })

  it('keeps right-to-left letters, accents and emoji, and puts lines on one line', () => {
    expect(displayText('Café שלום 🍺 مرحبا')).toBe('Café שלום 🍺 مرحبا')
    expect(displayText('Night\nOwl\tPizza\u0000')).toBe('Night Owl Pizza ')
    expect(displayText('half \uD83C emoji')).toBe('half \uFFFD emoji')
    expect(displayText('Night\u2028Owl\u2029Pizza')).toBe('Night Owl Pizza')
    expect(displayText('\u206Einvoice\u206F 12')).toBe('invoice 12')
  })

  it('never throws, leaves no bidirectional control, changes nothing else, and is idempotent (property)', () => {
    const withBidi = fc
      .array(fc.oneof(fc.string({ unit: 'binary' }), fc.constantFrom(...BIDI)), { maxLength: 8 })
      .map((p) => p.join(''))
    fc.assert(
      fc.property(withBidi, (name) => {
        const shown = displayText(name)
        expect([...shown].some(isBidiControl)).toBe(false)
        expect(displayText(shown)).toBe(shown)
        expect(shown.length).toBe(name.length - [...name].filter(isBidiControl).length)
      }),
      { numRuns: 500 },
    )
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (name) => {
        fc.pre(!/[\p{Cc}\u202A-\u202E\u2066-\u206F\u200E\u200F\u061C\u2028\u2029]/u.test(name))
        expect(displayText(name)).toBe(name)
      }),
    )
  })
})
