/**
 * The sentence map of a producer's revision (main/versions/revisions/revision-map.ts): for any script and any edit
 * of it (sentences kept, changed by a word, removed, added anywhere), a kept sentence maps to itself as
 * unchanged, every new sentence is mapped or left to record, the map keeps the script's order, and the two
 * directions agree. Plus the two revisions the issue names: a sentence changed and one added at the end,
 * and one added in the middle.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { revisionMap, sameSentences, sentenceWords, toRecord } from '../../../main/versions/revisions/revision-map'

const WORDS = [
  'sale',
  'mattress',
  'queen',
  'visit',
  'harbor',
  'boulevard',
  'today',
  'only',
  'free',
  'delivery',
  'store',
  'sleep',
  'expert',
  'open',
  'sunday',
  'price',
  'night',
  'dream',
  'street',
  'furniture',
]
const wordArb = fc.constantFrom(...WORDS)
const sentenceArb = fc.array(wordArb, { minLength: 2, maxLength: 9 }).map((ws) => ws.join(' '))
const asScript = (sentences: readonly string[]) =>
  sentences.map((s) => `${s.charAt(0).toUpperCase()}${s.slice(1)}.`).join(' ')

type Edit =
  | { kind: 'keep' }
  | { kind: 'remove' }
  | { kind: 'change'; at: number; word: string }
  | { kind: 'insertBefore'; sentence: string }
const editArb: fc.Arbitrary<Edit> = fc.oneof(
  { weight: 4, arbitrary: fc.constant<Edit>({ kind: 'keep' }) },
  { weight: 1, arbitrary: fc.constant<Edit>({ kind: 'remove' }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('change' as const), at: fc.nat(20), word: wordArb }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('insertBefore' as const), sentence: sentenceArb }) },
)

/** Applies the edits; says which new sentence is which kept old one. */
function applyEdits(
  old: readonly string[],
  edits: readonly Edit[],
  tail: readonly string[],
): { next: string[]; kept: Array<[number, number]> } {
  const next: string[] = []
  const kept: Array<[number, number]> = []
  old.forEach((s, i) => {
    const e = edits[i] ?? { kind: 'keep' }
    if (e.kind === 'remove') return
    if (e.kind === 'insertBefore') next.push(e.sentence)
    if (e.kind === 'change') {
      const ws = s.split(' ')
      const at = e.at % ws.length
      const word = ws[at] === e.word ? `${e.word}s` : e.word
      ws[at] = word
      next.push(ws.join(' '))
      return
    }
    kept.push([i, next.length])
    next.push(s)
  })
  next.push(...tail)
  return { next, kept }
}

describe('the sentence map of a revision', () => {
  it('any script, any edit: kept sentences map to themselves unchanged, every new sentence is mapped or to record, in order', () => {
    fc.assert(
      fc.property(
        fc.array(sentenceArb, { minLength: 1, maxLength: 8 }),
        fc.array(editArb, { maxLength: 8 }),
        fc.array(sentenceArb, { maxLength: 2 }),
        (old, edits, tail) => {
          const { next, kept } = applyEdits(old, edits, tail)
          const map = revisionMap(asScript(old), asScript(next))
          const oldWords = sentenceWords(asScript(old))
          const newWords = sentenceWords(asScript(next))
          expect(map.old).toHaveLength(old.length)
          expect(map.next).toHaveLength(next.length)
          // Every new sentence has one fate; unchanged ones read the same words as the old one they map to.
          const recorded = new Set(toRecord(map))
          map.next.forEach((s, j) => {
            if (s.fate === 'unchanged') {
              expect(s.old).not.toBeNull()
              expect(newWords[j]).toEqual(oldWords[s.old as number])
              expect(recorded.has(j)).toBe(false)
            } else {
              expect(recorded.has(j)).toBe(true)
              if (s.fate === 'added') expect(s.old).toBeNull()
              else expect(s.old).not.toBeNull()
            }
            // The two directions agree.
            if (s.old !== null) expect(map.old[s.old]).toEqual({ fate: s.fate, next: j })
          })
          map.old.forEach((o, i) => {
            if (o.next === null) expect(o.fate).toBe('removed')
            else expect(map.next[o.next]).toEqual({ fate: o.fate, old: i })
          })
          // Order kept: mapped sentences keep the script's order.
          const pairs = map.next.flatMap((s, j) => (s.old === null ? [] : [[s.old, j] as const]))
          for (let p = 1; p < pairs.length; p++)
            expect((pairs[p] as readonly [number, number])[0]).toBeGreaterThan(
              (pairs[p - 1] as readonly [number, number])[0],
            )
          // A kept sentence is unchanged (as many unchanged as were kept, or more: an edit may recreate one).
          const unchanged = map.next.filter((s) => s.fate === 'unchanged').length
          expect(unchanged).toBeGreaterThanOrEqual(kept.length)
          for (const [, j] of kept) {
            const s = map.next[j] as (typeof map.next)[number]
            // A kept sentence whose words also stand elsewhere may pair with that twin; it is still unchanged or (rarely) changed, never lost.
            if (s.fate === 'unchanged') expect(newWords[j]).toEqual(oldWords[s.old as number])
            else expect(new Set(oldWords.map((w) => w.join(' '))).has((newWords[j] as string[]).join(' '))).toBe(true)
          }
          // No edit at all: everything unchanged, nothing to record.
          if (next.length === old.length && next.every((s, i) => s === old[i])) expect(sameSentences(map)).toBe(true)
        },
      ),
      { numRuns: 400 },
    )
  })

  it('arbitrary text on either side: a map of the right lengths, never a throw', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), fc.string({ maxLength: 300 }), (a, b) => {
        const map = revisionMap(a, b)
        expect(map.old).toHaveLength(sentenceWords(a).length)
        expect(map.next).toHaveLength(sentenceWords(b).length)
        expect(toRecord(map).every((j) => j >= 0 && j < map.next.length)).toBe(true)
      }),
      { numRuns: 300 },
    )
  })

  const OLD =
    "This Saturday only, it's the biggest sale of the year at Dream Street Furniture. Queen " +
    'mattresses start at just $299. Visit us at 1400 Harbor Boulevard, open 9 to 9.'

  it('a changed second sentence and a line added at the end', () => {
    const NEW =
      "This Saturday only, it's the biggest sale of the year at Dream Street Furniture. Queen " +
      'mattresses start at just $279. Visit us at 1400 Harbor Boulevard, open 9 to 9.\nNow open Sundays.'
    const map = revisionMap(OLD, NEW)
    expect(map.next).toEqual([
      { fate: 'unchanged', old: 0 },
      { fate: 'changed', old: 1 },
      { fate: 'unchanged', old: 2 },
      { fate: 'added', old: null },
    ])
    expect(toRecord(map)).toEqual([1, 3])
  })

  it('a line added in the middle, and one removed', () => {
    const NEW =
      "This Saturday only, it's the biggest sale of the year at Dream Street Furniture. Our sleep " +
      'experts will help you find the perfect fit. Queen mattresses start at just $299.'
    const map = revisionMap(OLD, NEW)
    expect(map.next).toEqual([
      { fate: 'unchanged', old: 0 },
      { fate: 'added', old: null },
      { fate: 'unchanged', old: 1 },
    ])
    expect(map.old[2]).toEqual({ fate: 'removed', next: null })
  })

  it('case, punctuation and spacing are no change', () => {
    const map = revisionMap(OLD, OLD.toUpperCase().replace(/ /g, '  '))
    expect(sameSentences(map)).toBe(true)
  })
})
