/**
 * A place name misread by swapping a part ("Fairview" for "Fairfield", "Summit Ridge" for "Summit Valley",
 * "Maple Road" for "Maple Lane") sounds nothing like the script's word, so only a model that offers the
 * other parts lets the recogniser hear it; and where the two hearings give words that only start alike
 * ("Brightwater", "Brightwood"), that is a doubt worth a check, while an ending added ("harbors") is not.
 */
import { describe, expect, it } from 'vitest'
import { compareToScript } from '../../../../main/readback/compare/compare'
import { placePartRivals } from '../../../../main/readback/rivals/place-parts'
import type { Dictionary } from '../../../../main/readback/script/pronunciations'
import { rivalsOf } from '../../../../main/readback/language-model/model-rivals'
import { scriptLanguageModel } from '../../../../main/readback/language-model/script-lm'
import { doubtsBetween } from '../../../../main/readback/hearing/doubts-between'
import type { TimedWord } from '../../../../shared/readback/types'

const words = new Set(['fair', 'bright', 'river', 'oak', 'washing', 'summit', 'maple'])
const isWord = (w: string) => words.has(w)

describe('the other parts of a place name', () => {
  it('a compound swaps its ending for the other place parts', () => {
    expect(placePartRivals('fairfield', isWord)).toEqual(expect.arrayContaining(['fairview', 'fairwood', 'fairdale']))
    expect(placePartRivals('brightwater', isWord)).toContain('brightwood')
    expect(placePartRivals('riverside', isWord)).toContain('riverview')
    expect(placePartRivals('fairfield', isWord)).not.toContain('fairfield')
    // A plural of its own part is the same place read loosely, not another.
    expect(placePartRivals('fairfield', isWord)).not.toContain('fairfields')
  })

  it('a part standing as a word of its own, and a street type, compete with their kind', () => {
    expect(placePartRivals('valley', isWord)).toEqual(expect.arrayContaining(['ridge', 'view', 'hills']))
    expect(placePartRivals('lane', isWord)).toEqual(expect.arrayContaining(['road', 'street', 'drive']))
    expect(placePartRivals('lane', isWord)).not.toContain('valley')
  })

  it('no head of its own, no compound: "Boston" is no "Bos|ton", "Harbor" has no part', () => {
    expect(placePartRivals('boston', isWord)).toEqual([])
    expect(placePartRivals('harbor', isWord)).toEqual([])
    expect(placePartRivals('bay', isWord).length).toBeGreaterThan(0)
    expect(placePartRivals('obay', isWord)).toEqual([])
  })

  it("the model offers them in a name's place only", async () => {
    const dict: Dictionary = new Map(
      ['visit', 'fairfield', 'and', 'fair', 'field', 'wood', 'view', 'prices', 'maple', 'lane'].map((w) => [
        w,
        ['F EH R'],
      ]),
    )
    const sentences = [
      ['visit', 'fairfield', 'and', 'maple', 'lane'],
      ['fair', 'prices'],
    ]
    const lm = await scriptLanguageModel({
      sentences,
      pronunciations: new Map(),
      dict,
      general: [],
      builtIn: [],
      names: new Set(['fairfield', 'maple', 'lane']),
    })
    const rivals = rivalsOf(lm.sentences)
    expect([...(rivals.get('fairfield') ?? [])]).toEqual(expect.arrayContaining(['fairview', 'fairwood']))
    expect([...(rivals.get('lane') ?? [])]).toContain('road')
    // "fair" is no name here: an ordinary word gets no place parts.
    expect([...(rivals.get('fair') ?? [])]).not.toContain('fairview')
  })
})

function timed(text: string, at = 0): TimedWord[] {
  return text.split(' ').map((word, i) => ({ word, start_s: at + i * 0.5, end_s: at + i * 0.5 + 0.4 }))
}

describe('two hearings giving words that only start alike', () => {
  it('in a dictionary\'s words, "brightwater" and "brightwood" disagree; "harbor" and "harbors" do not', () => {
    const closed = { vocabulary: 'closed' } as const
    expect(doubtsBetween(timed('at brightwater motors'), timed('at brightwood motors'), closed)).toEqual([
      { start_s: 0.5, end_s: 0.9, heard: 'brightwood' },
    ])
    expect(doubtsBetween(timed('harbor trust bank'), timed('harbors trust bank'), closed)).toEqual([])
  })

  it('spelled piece by piece (sherpa-onnx), a name spelled its own way is the same reading', () => {
    expect(doubtsBetween(timed('at brightwater motors'), timed('at brightwatter motors'))).toEqual([])
    expect(
      doubtsBetween(timed('at brightwater motors'), timed('at brightwatter motors'), { vocabulary: 'open' }),
    ).toEqual([])
  })

  it('a doubt naming a word that only starts like the script\'s is a check, not "matches"', () => {
    const script = 'At Brightwater Motors, every sedan is on sale.'
    const first = timed('at brightwater motors every sedan is on sale')
    const clean = compareToScript(script, first, { now: 0 })
    expect(clean.verdict).toBe('matches')
    const doubted = compareToScript(script, first, {
      now: 0,
      doubts: [{ start_s: 0.5, end_s: 0.9, heard: 'brightwood' }],
    })
    expect(doubted.verdict).toBe('check')
    expect(doubted.issues.map((i) => `${i.expected} → ${i.heard}`)).toEqual(['Brightwater → brightwood'])
    // An ending added is the same word read loosely.
    expect(
      compareToScript(script, first, { now: 0, doubts: [{ start_s: 0.5, end_s: 0.9, heard: 'brightwaters' }] }).verdict,
    ).toBe('matches')
  })
})
