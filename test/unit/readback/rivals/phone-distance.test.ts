/**
 * The sound-alike search's distance (word-rivals.ts phoneDistance) fills only the band of its table near
 * the diagonal and reads its substitution costs from a table. It must give exactly what the whole table
 * gives: the reference here is a plain full-table edit distance with the same costs (a near pair 0.5,
 * another phone 1, a phone added or dropped 1), over arbitrary phone sequences and both limits in use.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { phoneCodes, phoneDistance } from '../../../../main/readback/rivals/phone-distance'

/** A few phones with near pairs among them (T D, S Z, M N, IY IH, AA AO), so sequences share phones often. */
const PHONES = ['T', 'D', 'S', 'Z', 'M', 'N', 'IY', 'IH', 'AA', 'AO', 'K', 'R']
const NEAR = new Set(['T D', 'D T', 'S Z', 'Z S', 'M N', 'N M', 'IY IH', 'IH IY', 'AA AO', 'AO AA'])

function reference(a: readonly string[], b: readonly string[], max: number): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  )
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const sub = a[i - 1] === b[j - 1] ? 0 : NEAR.has(`${a[i - 1]} ${b[j - 1]}`) ? 0.5 : 1
      d[i]![j] = Math.min(d[i - 1]![j - 1]! + sub, d[i - 1]![j]! + 1, d[i]![j - 1]! + 1)
    }
  }
  const v = d[a.length]![b.length]!
  return v > max ? Infinity : v
}

const distance = (a: readonly string[], b: readonly string[], max: number) =>
  phoneDistance(phoneCodes(a.join(' ')), phoneCodes(b.join(' ')), max)

describe('the sound-alike distance', () => {
  it('gives what the whole table gives, for any two phone sequences and either limit', () => {
    const phones = fc.array(fc.constantFrom(...PHONES), { maxLength: 12 })
    fc.assert(
      fc.property(phones, phones, fc.constantFrom(1, 2), (a, b, max) => {
        expect(distance(a, b, max)).toBe(reference(a, b, max))
      }),
      { numRuns: 3000 },
    )
  })

  it('counts a near pair as half a change, two near pairs as one, and gives up past its limit', () => {
    expect(distance(['T', 'IY', 'N'], ['D', 'IY', 'N'], 1)).toBe(0.5)
    expect(distance(['T', 'IY', 'N'], ['D', 'IH', 'N'], 1)).toBe(1)
    expect(distance(['T', 'IY', 'N'], ['D', 'IH', 'K'], 1)).toBe(Infinity)
    expect(distance(['T', 'IY', 'N'], ['D', 'IH', 'K'], 2)).toBe(2)
    expect(distance(['K', 'AA', 'T', 'S'], ['AA', 'T'], 2)).toBe(2)
    expect(distance(['K', 'AA', 'T', 'S'], ['T'], 2)).toBe(Infinity)
    // Stress is not a sound of its own here: the same phones stressed otherwise are the same word to the search.
    expect(distance(['HH', 'AA1', 'R'], ['HH', 'AA0', 'R'], 1)).toBe(0)
  })
})
