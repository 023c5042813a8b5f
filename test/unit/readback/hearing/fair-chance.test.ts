/**
 * The second hearing's parts that give a script word a fair chance to be heard as something else: the rivals of its
 * class, the negation turned around, the language model counting only what a variant adds, and the
 * lattice's posteriors turned into doubts.
 */
import { describe, expect, it } from 'vitest'
import { buildWeightedArpa as buildArpa } from '../../../../main/readback/language-model/weighted-arpa-lm'
import { soundNeighbours } from '../../../../main/readback/rivals/word-rivals'
import { classRivals } from '../../../../main/readback/rivals/class-words'
import { latticeDoubts, parseHtkLattice } from '../../../../main/readback/hearing/lattice-doubts'
import { negationVariants } from '../../../../main/readback/rivals/negation-variants'
import { parseHypseg } from '../../../../main/readback/engines/pocketsphinx/second-hearing'

const words = (t: string) => t.split(' ')

/** log10 probability of an n-gram in an ARPA text, or null when it is not listed. */
function logProb(arpa: string, gram: string): number | null {
  for (const line of arpa.split('\n')) {
    const f = line.split(' ')
    const n = gram.split(' ').length
    if (f.length >= n + 1 && f.slice(1, n + 1).join(' ') === gram) return Number(f[0])
  }
  return null
}

describe('rivals and variants', () => {
  it('a day, a month and a teen each compete with their own class', () => {
    expect(classRivals('saturday')).toContain('sunday')
    expect(classRivals('march')).toContain('may')
    expect(classRivals('fifteen')).toContain('fifty')
    expect(classRivals('saturday')).not.toContain('saturday')
  })

  it('a sound-alike is another word; the same word with its /h/ dropped is not ("Harbor" is no "arbor")', async () => {
    const dict = new Map(
      Object.entries({
        harbor: 'HH AA1 R B ER0',
        harper: 'HH AA1 R P ER0',
        arbor: 'AA1 R B ER0',
        arbour: 'AA1 R B ER0',
        barber: 'B AA1 R B ER0',
        hour: 'AW1 ER0',
        our: 'AW1 ER0',
      }).map(([w, p]) => [w, [p]]),
    )
    const rivals = await soundNeighbours('harbor', ['HH AA1 R B ER0'], dict, { allowed: null, limit: 12, wide: true })
    expect(rivals).toEqual(expect.arrayContaining(['harper', 'barber']))
    expect(rivals).not.toContain('arbor')
    expect(rivals).not.toContain('arbour')
    expect(
      await soundNeighbours('arbor', ['AA1 R B ER0'], dict, { allowed: null, limit: 12, wide: true }),
    ).not.toContain('harbor')
  })

  it('a negation can be dropped and an affirmation turned', () => {
    expect(negationVariants(words('financing is not available'))).toContainEqual(words('financing is available'))
    expect(negationVariants(words('rates are subject to approval'))).toContainEqual(
      words('rates are not subject to approval'),
    )
  })

  it('a variant adds its rival where it stands, and nothing to the script words around it', async () => {
    const script = { words: words('offer ends saturday at noon'), weight: 1 }
    const variant = { words: words('offer ends sunday at noon'), weight: 0.05, variantOf: script.words }
    const alone = await buildArpa([script], [])
    const both = await buildArpa([script, variant], [])
    expect(logProb(alone, 'offer ends sunday')).toBeNull()
    const sunday = logProb(both, 'offer ends sunday') ?? 0
    const saturday = logProb(both, 'offer ends saturday') ?? 0
    // Heard as itself when it was said, and far less likely than the script's word.
    expect(sunday).toBeLessThan(saturday - 1)
    // The words after the script's own word keep their probability.
    expect(logProb(both, 'saturday at noon')).toBe(logProb(alone, 'saturday at noon'))
  })
})

describe('doubts from the lattice', () => {
  // Two paths over 0.5–1.0 s: "lane" (0.55) and "line" (0.45), after a sure "maple".
  const LATTICE = [
    'VERSION=1.0',
    'N=5 L=5',
    'I=0 t=0.00 W=<s>',
    'I=1 t=0.10 W=maple',
    'I=2 t=0.50 W=lane',
    'I=3 t=0.50 W=line',
    'I=4 t=1.00 W=</s>',
    'J=0 S=0 E=1 a=0 l=0 p=1',
    'J=1 S=1 E=2 a=0 l=0 p=0.55',
    'J=2 S=1 E=3 a=0 l=0 p=0.45',
    'J=3 S=2 E=4 a=0 l=0 p=0.55',
    'J=4 S=3 E=4 a=0 l=0 p=0.45',
  ].join('\n')
  const given = [
    { word: 'maple', start_s: 0.1, end_s: 0.5 },
    { word: 'lane', start_s: 0.5, end_s: 1 },
  ]

  it('a word with a close rival is doubted, naming the rival; a sure word is not', () => {
    const doubts = latticeDoubts(given, parseHtkLattice(LATTICE))
    expect(doubts).toEqual([{ start_s: 0.5, end_s: 1, heard: 'line', posterior: { own: 0.55, other: 0.45 } }])
  })

  it('stricter limits doubt nothing here', () => {
    expect(latticeDoubts(given, parseHtkLattice(LATTICE), { sure: 0.5, other: 0.5 })).toEqual([])
  })
})

describe("the second hearing's words", () => {
  it("reads pocketsphinx_batch's -hypseg line: each word from its first frame to the next word's, noise marks left out", () => {
    const line =
      'take S 0 T -9000 A -8000 L -1000 0 -10 0 <sil> 10 -300 -20 harper 52 -200 -10 trust(2) 90 -50 0 <sil> 120'
    expect(parseHypseg(line)).toEqual([
      { word: 'harper', start_s: 0.1, end_s: 0.51 },
      { word: 'trust', start_s: 0.52, end_s: 0.89 },
    ])
    expect(parseHypseg('')).toEqual([])
  })
})
