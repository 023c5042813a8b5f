/**
 * "Punch in at" on a take after a producer's revision (renderer/src/takes/punch/punch-choices.ts): the
 * sentences the take reads, the changed ones (read in their old wording) marked "changed since the take",
 * and the added ones (never read) marked "added since the take"; a sentence the take does not read and
 * the producer did not add is not offered. The take's sentences are as main gives them (listTakeSentences).
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { punchChoices } from '../../../../renderer/src/takes/punch/punch-choices'
import type { TakeSentence } from '../../../../renderer/src/takes/punch/punch-targets'

const at = (number: number, text: string, read: boolean, to_record?: 'changed' | 'added'): TakeSentence => ({
  number,
  text,
  from: 0,
  to: text.length,
  start_s: read ? number * 3 : null,
  end_s: read ? number * 3 + 2.5 : null,
  clean: read && !to_record,
  ...(to_record ? { to_record } : {}),
})

describe('Punch in at', () => {
  it('offers the changed and added sentences, marked, in script order', () => {
    const sentences = [
      at(1, 'This Saturday only, it’s the biggest sale of the year.', true),
      at(2, 'Queen mattresses start at just $279.', true, 'changed'),
      at(3, 'Get free delivery on every mattress in the store.', false, 'added'),
      at(4, 'Visit us at 1400 Harbor Boulevard, open 9 to 9.', true),
      at(5, 'Bring the whole family this weekend and see everything we have for you.', false, 'added'),
    ]
    expect(punchChoices(sentences)).toEqual([
      { number: 1, since: null, label: '1. This Saturday only, it’s the biggest sale of th…' },
      { number: 2, since: 'changed', label: '2. Queen mattresses start at just $279. — changed since the take' },
      {
        number: 3,
        since: 'added',
        label: '3. Get free delivery on every mattress in the stor… — added since the take',
      },
      { number: 4, since: null, label: '4. Visit us at 1400 Harbor Boulevard, open 9 to 9.' },
      {
        number: 5,
        since: 'added',
        label: '5. Bring the whole family this weekend and see eve… — added since the take',
      },
    ])
  })

  it('leaves out a sentence the take does not read unless the producer added it', () => {
    const sentences = [
      at(1, 'Read here.', true),
      at(2, 'Not read at all.', false),
      at(3, 'Changed and not read.', false, 'changed'),
    ]
    expect(punchChoices(sentences).map((c) => c.number)).toEqual([1])
  })

  it('for any take: every read or added sentence, once, in order, marked exactly when main says it is to record', () => {
    const sentence = fc.record({
      read: fc.boolean(),
      to: fc.constantFrom(undefined, 'changed' as const, 'added' as const),
      text: fc.string({ minLength: 1, maxLength: 80 }),
    })
    fc.assert(
      fc.property(fc.array(sentence, { maxLength: 12 }), (xs) => {
        const sentences = xs.map((x, i) => at(i + 1, x.text, x.to === 'added' ? false : x.read, x.to))
        const choices = punchChoices(sentences)
        expect(choices.map((c) => c.number)).toEqual(
          sentences.filter((s) => s.start_s !== null || s.to_record === 'added').map((s) => s.number),
        )
        for (const c of choices) {
          const s = sentences[c.number - 1] as TakeSentence
          expect(c.since).toBe(s.to_record ?? null)
          expect(c.label.startsWith(`${c.number}. `)).toBe(true)
          expect(c.label.endsWith(' — changed since the take')).toBe(s.to_record === 'changed')
          expect(c.label.endsWith(' — added since the take')).toBe(s.to_record === 'added')
        }
      }),
    )
  })
})
