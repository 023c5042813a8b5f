import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { splitByPronunciations } from '../../../../renderer/src/script/pronunciation-matches'
import { chunkPieces } from '../../../../renderer/src/script/text-chunks'

describe('long scripts in blocks', () => {
  it('cuts just after line breaks in unmarked text, about every CHUNK_CHARS characters', () => {
    const text = Array.from({ length: 400 }, (_, i) => `Line ${i} with Coca-Cola in it.`).join('\n')
    const chunks = chunkPieces(splitByPronunciations(text, [{ word: 'Coca-Cola', say: 'KOH-kuh' }]), 1000)
    expect(chunks.length).toBeGreaterThan(5)
    for (const c of chunks.slice(0, -1)) expect(c[c.length - 1]?.text.endsWith('\n')).toBe(true)
    expect(
      chunks
        .flat()
        .map((p) => p.text)
        .join(''),
    ).toBe(text)
    expect(chunks.flat().filter((p) => p.say !== null)).toHaveLength(400)
  })

  it('keeps a script with no line breaks in one block', () => {
    expect(chunkPieces([{ text: 'x'.repeat(10_000), say: null }], 1000)).toHaveLength(1)
  })

  it('joins back to the text and never cuts a mark (property)', () => {
    const piece = fc.oneof(fc.string({ unit: 'grapheme' }), fc.constantFrom('\n', 'Coca-Cola', '🍺\n', ' '))
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 30 }).map((p) => p.join('')),
        fc.integer({ min: 1, max: 40 }),
        (text, size) => {
          const pieces = splitByPronunciations(text, [
            { word: 'Coca-Cola', say: 'x' },
            { word: '🍺', say: 'beer' },
          ])
          const chunks = chunkPieces(pieces, size)
          expect(
            chunks
              .flat()
              .map((p) => p.text)
              .join(''),
          ).toBe(text)
          expect(chunks.flat().filter((p) => p.say !== null)).toEqual(pieces.filter((p) => p.say !== null))
        },
      ),
      { numRuns: 300 },
    )
  })
})
