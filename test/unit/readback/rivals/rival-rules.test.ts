/**
 * The rival rules are one registry (main/readback/rivals/rival-rules.ts) that the language model, the doubt
 * filter and the findings all read: a rule added there gives its rival a fair chance in the model, and the
 * doubt filter then keeps a doubt naming it, with no other code; a rule left out gives neither. The
 * pocketsphinx engine's turns hearing reads the rules' turns (RivalRule.turnsOf) from it the same way.
 */
import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import type { Dictionary } from '../../../../main/readback/script/pronunciations'
import { namesRival } from '../../../../main/readback/hearing/doubt-filter'
import { scriptLanguageModel } from '../../../../main/readback/language-model/script-lm'
import type { RivalRule } from '../../../../main/readback/rivals/rival-rule'
import { RIVAL_RULES, wordTurns } from '../../../../main/readback/rivals/rival-rules'
import { rivalsOf } from '../../../../main/readback/language-model/model-rivals'

const PHONES: Record<string, string> = {
  drive: 'D R AY V',
  ten: 'T EH N',
  miles: 'M AY L Z',
  kilometres: 'K IH L AA M AH T ER Z',
  north: 'N AO R TH',
}
const dict: Dictionary = new Map(Object.entries(PHONES).map(([w, p]) => [w, [p]]))
const sentences = [['drive', 'ten', 'miles', 'north']]
const build = (rules: readonly RivalRule[]) =>
  scriptLanguageModel({
    sentences,
    pronunciations: new Map(sentences.flat().map((w) => [w, [PHONES[w] as string]])),
    dict,
    general: [],
    builtIn: [],
    names: new Set(),
    rules,
  })

/** A rule of the kind a talent would add: a unit swapped. */
const units: RivalRule = {
  name: 'a unit swapped',
  rivalsOf: (word, { tuning }) => (word === 'miles' ? [{ word: 'kilometres', weight: tuning.classWeight }] : []),
}

describe('the rival rules registry', () => {
  it('lists each rule once, each implementing some part of the interface', () => {
    expect(new Set(RIVAL_RULES.map((r) => r.name)).size).toBe(RIVAL_RULES.length)
    for (const rule of RIVAL_RULES)
      expect(rule.rivalsOf ?? rule.variantsOf ?? rule.namedBy ?? rule.leftOutMatters ?? rule.turnsOf).toBeDefined()
  })

  it('a rule added to the list reaches the model and the doubt filter; without it, neither', async () => {
    const withUnits = rivalsOf((await build([...RIVAL_RULES, units])).sentences)
    expect(withUnits.get('miles')).toContain('kilometres')
    expect(namesRival(['miles'], ['kilometres'], withUnits)).toBe(true)
    const without = rivalsOf((await build(RIVAL_RULES)).sentences)
    expect(without.get('miles')?.has('kilometres') ?? false).toBe(false)
    expect(namesRival(['miles'], ['kilometres'], without)).toBe(false)
  })

  it('a number of another value is named by its rule though the model holds no such rival', () => {
    expect(namesRival(['ten'], ['twelve'], new Map())).toBe(true)
    expect(namesRival(['ten'], ['tan'], new Map())).toBe(false)
  })

  it("the turns hearing hears what the registry's rules name: negations today, another rule's words once it is listed", () => {
    expect(wordTurns('not')).toEqual([''])
    expect(wordTurns('cannot')).toEqual(['can'])
    expect(wordTurns("isn't")).toEqual(['is'])
    expect(wordTurns('never')).toEqual(['', 'ever'])
    expect(wordTurns('glasses')).toEqual([])
    // A rule with a one-word misread of its own: listed, its turns join (in the registry's order, once each).
    const only: RivalRule = { name: 'only read as also', turnsOf: (word) => (word === 'only' ? ['also', ''] : []) }
    const never: RivalRule = {
      name: 'never read as always',
      turnsOf: (word) => (word === 'never' ? ['always', ''] : []),
    }
    expect(wordTurns('only', [...RIVAL_RULES, only])).toEqual(['also', ''])
    expect(wordTurns('never', [...RIVAL_RULES, never])).toEqual(['', 'ever', 'always'])
    expect(wordTurns('not', [])).toEqual([])
  })

  it('the turns hearing names no rule itself: it reads the registry', async () => {
    const source = await readFile('main/readback/engines/pocketsphinx/turns-hearing.ts', 'utf8')
    const imports = [...source.matchAll(/^import .* from '([^']+)'/gm)].map((m) => m[1])
    expect(imports).toContain('../../rivals/rival-rules')
    expect(imports.filter((path) => /rivals\/(rules\/|negation)/.test(path ?? ''))).toEqual([])
  })
})
