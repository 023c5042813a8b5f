import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { stripEventHandlers } from '../../../../renderer/src/script/strip-event-handlers'

describe('stripEventHandlers', () => {
  it('removes every on… attribute, however it is written', () => {
    expect(stripEventHandlers('<img src="x" onerror="fetch(1)">Two')).toBe('<img src="x" >Two')
    expect(stripEventHandlers('<p onclick=alert(1)>Fun</p>')).toBe('<p >Fun</p>')
    expect(stripEventHandlers("<img/src='x'/ONERROR='a>b'>")).toBe("<img/src='x'/>")
    // Unquoted values run to whitespace or '>', '/' included, exactly as the HTML tokenizer reads them.
    expect(stripEventHandlers('<img src=x/onerror=y>')).toBe('<img src=x/onerror=y>')
    expect(stripEventHandlers('<svg><animate onbegin = "x" attributeName=x></svg>')).toBe(
      '<svg><animate  attributeName=x></svg>',
    )
    expect(stripEventHandlers('<a\nonmouseover\n=\n"x">t</a>')).toBe('<a\n>t</a>')
    expect(stripEventHandlers('<p onclick>bare</p>')).toBe('<p >bare</p>')
  })
  it('keeps text, comments and other attributes as they are', () => {
    const keep = [
      'Buy one, get one: 2 < 3 and 5 > 4.',
      '<!-- onload="x" -->',
      '<p class="one">a</p>',
      'a <b>bold</b> word',
      '< p onclick="x">',
    ]
    for (const k of keep) expect(stripEventHandlers(k)).toBe(k)
  })
  it('only ever removes characters, and a second pass changes nothing (any text)', () => {
    const html = fc.string({
      unit: fc.constantFrom(
        '<',
        '>',
        '/',
        '=',
        '"',
        "'",
        ' ',
        '\n',
        'o',
        'n',
        'O',
        'N',
        'e',
        'r',
        'p',
        'a',
        'x',
        '!',
        '-',
        'i',
        'm',
        'g',
      ),
      maxLength: 60,
    })
    fc.assert(
      fc.property(fc.oneof(html, fc.string()), (s) => {
        const out = stripEventHandlers(s)
        expect(out.length).toBeLessThanOrEqual(s.length)
        let at = 0
        for (const ch of out) {
          at = s.indexOf(ch, at)
          expect(at).toBeGreaterThanOrEqual(0)
          at += 1
        }
        expect(stripEventHandlers(out)).toBe(out)
      }),
      { numRuns: 2000 },
    )
  })
})
