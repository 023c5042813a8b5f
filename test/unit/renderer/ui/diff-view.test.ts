import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  DIFF_SHOWN_CHARS,
  diffForDisplay,
  UNCHANGED_CONTEXT_CHARS,
  type ShownPiece,
} from '../../../../renderer/src/ui/diff/diff-view'
import { scriptDiff } from '../../../../renderer/src/ui/diff/word-diff'

const shownText = (pieces: ShownPiece[]) => pieces.map((p) => (p.kind === 'elided' ? '' : p.text)).join('')

describe('what of a diff is put on screen', () => {
  it('keeps a little unchanged text around a one-word change in a long script and counts the rest', () => {
    const before = 'word '.repeat(20_000)
    const d = scriptDiff(`${before}seven days ${before}`, `${before}six days ${before}`)
    const { pieces, hiddenChars } = diffForDisplay(d.segments, false)
    expect(hiddenChars).toBe(0)
    expect(
      pieces.filter((p) => p.kind === 'removed' || p.kind === 'added').map((p) => (p.kind === 'elided' ? '' : p.text)),
    ).toEqual(['seven', 'six'])
    const elided = pieces.filter((p) => p.kind === 'elided')
    expect(elided).toHaveLength(2)
    expect(shownText(pieces).length).toBeLessThan(4 * UNCHANGED_CONTEXT_CHARS + 200)
  })

  it('shows at most DIFF_SHOWN_CHARS of a huge rewrite until asked for all of it', () => {
    const a = Array.from({ length: 20_000 }, (_, i) => `old${i}.`).join(' ')
    const b = Array.from({ length: 20_000 }, (_, i) => `new${i}.`).join(' ')
    const segments = scriptDiff(a, b).segments
    const cut = diffForDisplay(segments, false)
    expect(shownText(cut.pieces).length).toBeLessThanOrEqual(DIFF_SHOWN_CHARS)
    expect(shownText(cut.pieces).length + cut.hiddenChars).toBe(a.length + b.length)
    const all = diffForDisplay(segments, true)
    expect(all.hiddenChars).toBe(0)
    expect(shownText(all.pieces).length).toBe(a.length + b.length)
  })

  it('never loses changed text when everything is shown, and never splits a surrogate pair (property)', () => {
    const text = fc
      .array(
        fc.oneof(fc.string({ unit: 'grapheme', maxLength: 400 }), fc.constantFrom('🍺'.repeat(300), ' ', 'שלום ')),
        { maxLength: 6 },
      )
      .map((p) => p.join(''))
    fc.assert(
      fc.property(text, text, (a, b) => {
        const segments = scriptDiff(a, b).segments
        const { pieces } = diffForDisplay(segments, true)
        const changed = (k: string) =>
          segments
            .filter((s) => s.kind === k)
            .map((s) => s.text)
            .join('')
        expect(
          pieces
            .filter((p) => p.kind === 'added')
            .map((p) => (p.kind === 'added' ? p.text : ''))
            .join(''),
        ).toBe(changed('added'))
        expect(
          pieces
            .filter((p) => p.kind === 'removed')
            .map((p) => (p.kind === 'removed' ? p.text : ''))
            .join(''),
        ).toBe(changed('removed'))
        for (const p of pieces) if (p.kind !== 'elided') expect(p.text).not.toMatch(/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/)
      }),
      { numRuns: 150 },
    )
  })
})
