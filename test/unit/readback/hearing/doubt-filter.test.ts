/**
 * The second hearing's doubts are kept only where it heard a rival of the word the first hearing gave (the
 * other day, a sound-alike, a negation dropped, a number of another value) and where the lattice does not
 * rule it out (a rival only in the lattice needs half its probability; a best path through a word the
 * lattice is sure of is a slip of the search): a clean read is not made "check" by the recogniser
 * glancing at a sound-alike or hearing a common word, while a day turned into another day still is.
 */
import { describe, expect, it } from 'vitest'
import { isBoundarySlip } from '../../../../main/readback/rivals/boundary-slip'
import { compareToScript } from '../../../../main/readback/compare/compare'
import { leanOf, namesRival, tellingDoubts } from '../../../../main/readback/hearing/doubt-filter'
import { latticeDoubts, parseHtkLattice } from '../../../../main/readback/hearing/lattice-doubts'
import type { Dictionary } from '../../../../main/readback/script/pronunciations'
import { rivalsOf } from '../../../../main/readback/language-model/model-rivals'
import { scriptLanguageModel } from '../../../../main/readback/language-model/script-lm'
import { parseHypseg } from '../../../../main/readback/engines/pocketsphinx/second-hearing'
import { doubtsBetween } from '../../../../main/readback/hearing/doubts-between'
import type { TimedWord } from '../../../../shared/readback/types'

const SCRIPT = 'Call Doctor Wells. The plant sale ends Saturday, and it is not available online.'
const PHONES: Record<string, string> = {
  call: 'K AO L',
  doctor: 'D AA K T ER',
  october: 'AA K T OW B ER',
  wells: 'W EH L Z',
  walls: 'W AO L Z',
  the: 'DH AH',
  plant: 'P L AE N T',
  planet: 'P L AE N AH T',
  sale: 'S EY L',
  sail: 'S EY L',
  ends: 'EH N D Z',
  saturday: 'S AE T ER D EY',
  sunday: 'S AH N D EY',
  and: 'AH N D',
  it: 'IH T',
  is: 'IH Z',
  not: 'N AA T',
  available: 'AH V EY L AH B AH L',
  family: 'F AE M AH L IY',
  little: 'L IH T AH L',
  online: 'AA N L AY N',
}
const dict: Dictionary = new Map(Object.entries(PHONES).map(([w, p]) => [w, [p]]))
const sentences = [
  ['call', 'doctor', 'wells'],
  ['the', 'plant', 'sale', 'ends', 'saturday', 'and', 'it', 'is', 'not', 'available', 'online'],
]
const lm = await scriptLanguageModel({
  sentences,
  pronunciations: new Map(sentences.flat().map((w) => [w, [PHONES[w] as string]])),
  dict,
  general: [],
  builtIn: [],
  names: new Set(['call', 'doctor', 'wells', 'the']),
})
const rivals = rivalsOf(lm.sentences)

/** pocketsphinx_batch's -hypseg line for words at 100 frames per second. */
function hypseg(words: Array<[string, number]>, end: number): string {
  return `take S 0 T -1 A -1 L -1 ${words.map(([w, f]) => `${f} -1 -1 ${w}`).join(' ')} ${end}`
}

/**
 * An HTK lattice of consecutive slots, each a list of [word, posterior] over [from, to) seconds: every word
 * of a slot links to every word of the next, so a node's posterior (the sum of its links out, which
 * lattice-doubts reads) is its own.
 */
function lattice(slots: Array<{ from: number; to: number; words: Array<[string, number]> }>): string {
  const nodes: string[] = ['I=0 t=0.00 W=<s>']
  const links: string[] = []
  let prev: Array<[number, number]> = [[0, 1]]
  for (const slot of slots) {
    const here: Array<[number, number]> = []
    for (const [word, p] of slot.words) {
      const id = nodes.length
      nodes.push(`I=${id} t=${slot.from.toFixed(2)} W=${word}`)
      here.push([id, p])
      for (const [s, q] of prev) links.push(`S=${s} E=${id} a=0 l=0 p=${q * p}`)
    }
    prev = here
  }
  const end = nodes.length
  nodes.push(`I=${end} t=${(slots[slots.length - 1]?.to ?? 0).toFixed(2)} W=</s>`)
  for (const [s, q] of prev) links.push(`S=${s} E=${end} a=0 l=0 p=${q}`)
  return ['VERSION=1.0', `N=${nodes.length} L=${links.length}`, ...nodes, ...links.map((l, k) => `J=${k} ${l}`)].join(
    '\n',
  )
}

/** The first hearing, leaning on the script: every word as written, 0.5 s each. */
const FIRST: TimedWord[] = 'call doctor wells the plant sale ends saturday and it is not available online'
  .split(' ')
  .map((word, i) => ({ word, start_s: i * 0.5, end_s: i * 0.5 + 0.49 }))
const at = (word: string) => (FIRST.find((w) => w.word === word) as TimedWord).start_s

describe('rivals from the model', () => {
  it('a day rivals the other days, a word its sound-alikes, a negation its dropping', () => {
    expect(rivals.get('saturday')).toContain('sunday')
    expect(rivals.get('plant')).toContain('planet')
    expect(rivals.get('not')).toContain('')
    expect(rivals.get('doctor') ?? new Set()).not.toContain('october')
  })

  it('a doubt names a rival: another day, a number of another value, a negation left out; not a common word', () => {
    expect(namesRival(['saturday'], ['sunday'], rivals)).toBe(true)
    expect(namesRival(['forty', 'nine'], ['fifty', 'nine'], rivals)).toBe(true)
    expect(namesRival(['four', 'point', 'two', 'five', 'percent'], ['four', 'point', 'five', 'percent'], rivals)).toBe(
      true,
    )
    expect(namesRival(['is', 'not'], ['is'], rivals)).toBe(true)
    expect(namesRival(['doctor'], ['october'], rivals)).toBe(false)
    expect(namesRival(['dollar'], ['dollars'], rivals)).toBe(false)
  })
})

describe("the second hearing's doubts worth a check", () => {
  // The second hearing: "Doctor" as "october" (a common word), "available" as "family little" (filler in a
  // long word), "Saturday" as "Sunday" (a rival day) on its best path; "plant" torn with "planet" in the
  // lattice but given as "plant".
  const second = parseHypseg(
    hypseg(
      FIRST.map((w) => [w.word, Math.round(w.start_s * 100)] as [string, number]).flatMap(([w, f]) =>
        w === 'doctor'
          ? [['october', f]]
          : w === 'saturday'
            ? [['sunday', f]]
            : w === 'available'
              ? [
                  ['family', f],
                  ['little', f + 25],
                ]
              : [[w, f]],
      ) as Array<[string, number]>,
      700,
    ),
  )
  const lat = parseHtkLattice(
    lattice(
      FIRST.map((w) => ({
        from: w.start_s,
        to: w.start_s + 0.5,
        words:
          w.word === 'plant'
            ? [
                ['plant', 0.6],
                ['planet', 0.4],
              ]
            : w.word === 'saturday'
              ? [
                  ['sunday', 0.7],
                  ['saturday', 0.3],
                ]
              : w.word === 'doctor'
                ? [
                    ['october', 0.9],
                    ['doctor', 0.1],
                  ]
                : [[w.word === 'available' ? 'family' : w.word, 1]],
      })),
    ),
  )
  const all = [...doubtsBetween(FIRST, second), ...latticeDoubts(second, lat)]
  const kept = tellingDoubts(all, { first: FIRST, rivals, lattice: lat })

  it('before: every disagreement and torn word was a doubt', () => {
    expect(all.map((d) => d.heard)).toEqual(expect.arrayContaining(['family little', 'october', 'planet', 'sunday']))
    expect(
      compareToScript(SCRIPT, FIRST, { doubts: all }).issues.filter((i) => i.confidence === 'unsure').length,
    ).toBeGreaterThan(1)
  })

  it("keeps the day heard as another day, with the lattice's lean", () => {
    expect(kept).toEqual([
      expect.objectContaining({ start_s: at('saturday'), heard: 'sunday', posterior: { own: 0.3, other: 0.7 } }),
    ])
  })

  it('drops a sound-alike the lattice only glanced at, a common word, and filler over a long word', () => {
    expect(kept.map((d) => d.heard)).not.toContain('planet')
    expect(kept.map((d) => d.heard)).not.toContain('october')
    expect(kept.map((d) => d.heard)).not.toContain('family little')
  })

  it('a sound-alike the lattice leans toward is kept', () => {
    const torn = parseHtkLattice(
      lattice([
        {
          from: at('plant'),
          to: at('plant') + 0.5,
          words: [
            ['plant', 0.3],
            ['planet', 0.7],
          ],
        },
      ]),
    )
    const doubts = latticeDoubts([{ word: 'plant', start_s: at('plant'), end_s: at('plant') + 0.49 }], torn)
    expect(tellingDoubts(doubts, { first: FIRST, rivals, lattice: torn })).toEqual([
      expect.objectContaining({ heard: 'planet' }),
    ])
    expect(leanOf(doubts[0] as never, { first: FIRST, rivals, lattice: torn })).toEqual({ own: 0.3, other: 0.7 })
  })

  it('a best path through a word the lattice is sure of is dropped; through a day it is torn over, kept', () => {
    const sure = parseHtkLattice(
      lattice(
        FIRST.map((w) => ({
          from: w.start_s,
          to: w.start_s + 0.5,
          words:
            w.word === 'plant'
              ? [
                  ['plant', 0.9],
                  ['planet', 0.1],
                ]
              : w.word === 'saturday'
                ? [
                    ['saturday', 0.6],
                    ['sunday', 0.4],
                  ]
                : [[w.word, 1]],
        })),
      ),
    )
    const best = parseHypseg(
      hypseg(
        FIRST.map(
          (w) =>
            [
              w.word === 'plant' ? 'planet' : w.word === 'saturday' ? 'sunday' : w.word,
              Math.round(w.start_s * 100),
            ] as [string, number],
        ),
        700,
      ),
    )
    const doubts = doubtsBetween(FIRST, best)
    expect(doubts.map((d) => d.heard)).toEqual(['planet', 'sunday'])
    expect(tellingDoubts(doubts, { first: FIRST, rivals, lattice: sure })).toEqual([
      expect.objectContaining({ heard: 'sunday', posterior: { own: 0.6, other: 0.4 } }),
    ])
  })

  it('the clean read matches with the kept doubts only where the day was doubted', () => {
    const clean = compareToScript(SCRIPT, FIRST, {
      doubts: all.filter((d) => d.heard !== 'sunday' && d.heard !== 'saturday'),
    })
    expect(clean.verdict).toBe('check')
    expect(compareToScript(SCRIPT, FIRST, { doubts: kept.filter((d) => d.heard !== 'sunday') }).verdict).toBe('matches')
    const day = compareToScript(SCRIPT, FIRST, { doubts: kept })
    expect(day.verdict).toBe('check')
    expect(day.issues).toEqual([
      expect.objectContaining({ confidence: 'unsure', expected: 'Saturday', heard: 'sunday' }),
    ])
  })
})

describe('a rival that only moves a word boundary', () => {
  const say = (w: string) =>
    (
      ({
        one: ['W AH N'],
        unforgettable: ['AH N F ER G EH T AH B AH L'],
        forgettable: ['F ER G EH T AH B AH L'],
        cannot: ['K AE N AA T'],
        can: ['K AE N'],
        be: ['B IY'],
      }) as Record<string, string[]>
    )[w] ?? []

  it('"one unforgettable" heard as "one forgettable" is no doubt; "cannot be" heard as "can be" is', () => {
    expect(isBoundarySlip(say, 'unforgettable', 'forgettable', 'one', 'weekend')).toBe(true)
    expect(isBoundarySlip(say, 'unforgettable', 'forgettable', 'an', 'weekend')).toBe(false)
    expect(isBoundarySlip(say, 'cannot', 'can', 'plants', 'be')).toBe(false)
    const first: TimedWord[] = [
      { word: 'one', start_s: 0, end_s: 0.3 },
      { word: 'unforgettable', start_s: 0.3, end_s: 1 },
    ]
    const doubt = { start_s: 0.3, end_s: 1, heard: 'forgettable' }
    const rivalsHere = new Map([['unforgettable', new Set(['forgettable'])]])
    expect(tellingDoubts([doubt], { first, rivals: rivalsHere, lattice: [] })).toHaveLength(1)
    expect(tellingDoubts([doubt], { first, rivals: rivalsHere, lattice: [], say })).toEqual([])
  })
})
