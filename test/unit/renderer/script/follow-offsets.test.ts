/**
 * The prompter's positions (offsets in the script's plain text) placed on the text the page shows: the
 * same text, the HTML's text with other spacing, text with entities decoded; and where the follow scroll
 * puts the word being read.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { mapOffsets } from '../../../../renderer/src/script/prompter/script-offsets'
import { MARKER_AT, scrollToMarker } from '../../../../renderer/src/script/prompter/follow-scroll'

describe('script offsets on the shown text', () => {
  it('the HTML’s text (no blank lines, other spaces) lands on the same words', () => {
    const script = 'At Lakeside, rates as low as 4.9 percent APR.\n\nApply online in minutes.'
    const shown = 'At Lakeside, rates as low as 4.9 percent APR.Apply  online in minutes.'
    const map = mapOffsets(script, shown)
    const at = (w: string) => shown.slice(map[script.indexOf(w)], map[script.indexOf(w) + w.length])
    expect(at('Apply online')).toBe('Apply  online')
    expect(at('4.9 percent')).toBe('4.9 percent')
    expect(at('minutes.')).toBe('minutes.')
  })

  it('picks the walk up again after text the page shows differently', () => {
    const script = 'Hollis &amp; Finch, just one hundred and nine pounds. Book today.'
    const shown = 'Hollis & Finch, just one hundred and nine pounds. Book today.'
    const map = mapOffsets(script, shown)
    const from = script.indexOf('Book')
    expect(shown.slice(map[from], map[from + 4])).toBe('Book')
  })

  it('any text: offsets never go back, stay inside the shown text, and the same text maps to itself', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.string({ maxLength: 200 }), (a, b) => {
        const map = mapOffsets(a, b)
        expect(map.length).toBe(a.length + 1)
        for (let i = 0; i < map.length; i++) {
          expect(map[i]).toBeGreaterThanOrEqual(i ? (map[i - 1] as number) : 0)
          expect(map[i]).toBeLessThanOrEqual(b.length)
        }
        expect([...mapOffsets(a, a)]).toEqual([...Array(a.length + 1).keys()])
      }),
    )
  })

  it('whitespace changed anywhere keeps every word on itself', () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[A-Za-z0-9$%.,]{1,8}$/), { minLength: 1, maxLength: 30 }),
        fc.array(fc.constantFrom(' ', '  ', '\n', '\n\n', ''), { minLength: 30, maxLength: 30 }),
        (words, gaps) => {
          const script = words.join(' ')
          const shown = words.map((w, i) => `${w}${gaps[i] ?? ' '}`).join('')
          const map = mapOffsets(script, shown)
          let from = 0
          for (const w of words) {
            const at = script.indexOf(w, from)
            expect(shown.slice(map[at], map[at + w.length])).toBe(w)
            from = at + w.length
          }
        },
      ),
    )
  })
})

describe('the follow scroll', () => {
  it('puts the word’s middle on the marker, within what the area can scroll', () => {
    const base = { scrollHeight: 3000, clientHeight: 600, areaTop: 100, wordHeight: 40 }
    const top = scrollToMarker({ ...base, scrollTop: 500, wordTop: 900 })
    // After scrolling by (top − 500) the word's middle is at the marker.
    expect(900 - (top - 500) + 20).toBeCloseTo(100 + 600 * MARKER_AT, 0)
    expect(scrollToMarker({ ...base, scrollTop: 0, wordTop: 120 })).toBe(0)
    expect(scrollToMarker({ ...base, scrollTop: 2400, wordTop: 5000 })).toBe(2400)
    expect(scrollToMarker({ ...base, scrollTop: 10, wordTop: Number.NaN })).toBe(10)
  })
})
