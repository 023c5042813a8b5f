import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { diffStats, scriptDiff, sharedEnds, type ScriptDiff } from '../../../../renderer/src/ui/diff/word-diff'
import { loremScript as lorem } from '../../../support/lorem-script'

describe('scriptDiff, word by word', () => {
  it('marks changed words and keeps the rest', () => {
    const segs = scriptDiff('Fresh Brezeln every morning from seven.', 'Fresh Brezeln every morning from six.').segments
    expect(segs.filter((s) => s.kind !== 'same').map((s) => [s.kind, s.text])).toEqual([
      ['removed', 'seven'],
      ['added', 'six'],
    ])
    expect(diffStats(segs)).toEqual({ added: 1, removed: 1 })
  })
  it('joins back into either text', () => {
    const a = 'Save 20 percent this weekend only.'
    const b = 'Save 25 percent all week long.'
    const segs = scriptDiff(a, b).segments
    expect(
      segs
        .filter((s) => s.kind !== 'added')
        .map((s) => s.text)
        .join(''),
    ).toBe(a)
    expect(
      segs
        .filter((s) => s.kind !== 'removed')
        .map((s) => s.text)
        .join(''),
    ).toBe(b)
  })
  it('finds nothing changed in equal texts', () => {
    expect(diffStats(scriptDiff('same words', 'same words').segments)).toEqual({ added: 0, removed: 0 })
  })
})

const joinsBack = (d: ScriptDiff, a: string, b: string) => {
  expect(
    d.segments
      .filter((s) => s.kind !== 'added')
      .map((s) => s.text)
      .join(''),
  ).toBe(a)
  expect(
    d.segments
      .filter((s) => s.kind !== 'removed')
      .map((s) => s.text)
      .join(''),
  ).toBe(b)
}

describe('scriptDiff at a bounded cost', () => {
  it('compares a small edit in a 100,000-character script word by word', () => {
    const a = lorem(100_000, 1)
    const at = a.indexOf(' ', 50_000) + 1
    const b = `${a.slice(0, at)}Coca-Cola ${a.slice(at)}`
    const d = scriptDiff(a, b)
    expect(d.granularity).toBe('words')
    expect(d.segments.filter((s) => s.kind !== 'same').map((s) => s.text.trim())).toEqual(['Coca-Cola'])
    joinsBack(d, a, b)
  })

  it('falls back to sentences for a rewrite of 100,000 characters, and still joins back', () => {
    const a = lorem(100_000, 1)
    const b = lorem(100_000, 2)
    const d = scriptDiff(a, b)
    expect(['sentences', 'lines', 'whole']).toContain(d.granularity)
    joinsBack(d, a, b)
  })

  it('shows a change with no shared words as removed then added', () => {
    const d = scriptDiff('🍺 שלום', '(a+)+ $9.99')
    joinsBack(d, '🍺 שלום', '(a+)+ $9.99')
  })

  it('never splits a word at the shared start or end', () => {
    expect(sharedEnds('seven days', 'several days')).toEqual({ head: 0, tail: 5 })
    expect(sharedEnds('same', 'same')).toEqual({ head: 4, tail: 0 })
  })

  it('joins back into either text for arbitrary strings (property)', () => {
    const text = fc
      .array(
        fc.oneof(
          fc.string({ unit: 'grapheme' }),
          fc.string({ unit: 'binary' }),
          fc.constantFrom(' ', '\n', '. ', 'Coca-Cola', '🍺', 'שלום'),
        ),
        { maxLength: 12 },
      )
      .map((p) => p.join(''))
    fc.assert(
      fc.property(text, text, (a, b) => joinsBack(scriptDiff(a, b), a, b)),
      { numRuns: 150 },
    )
  })
})
