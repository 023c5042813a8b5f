/**
 * The rival rules are one registry (main/readback/rivals/rival-rules.ts) that the language model, the doubt
 * filter and the findings all read: a rule added there gives its rival a fair chance in the model, and the
 * doubt filter then keeps a doubt naming it, with no other code; a rule left out gives neither.
 */
import { describe, expect, it } from 'vitest'
import type { Dictionary } from '../../../../main/readback/script/pronunciations'
import { namesRival } from '../../../../main/readback/hearing/doubt-filter'
import { scriptLanguageModel } from '../../../../main/readback/language-model/script-lm'
import type { RivalRule } from '../../../../main/readback/rivals/rival-rule'
import { RIVAL_RULES } from '../../../../main/readback/rivals/rival-rules'
import { rivalsOf } from '../../../../main/readback/language-model/model-rivals'

const PHONES: Record<string, string> = { drive: 'D R AY V', ten: 'T EH N', miles: 'M AY L Z', kilometres: 'K IH L AA M AH T ER Z', north: 'N AO R TH' }
const dict: Dictionary = new Map(Object.entries(PHONES).map(([w, p]) => [w, [p]]))
const sentences = [['drive', 'ten', 'miles', 'north']]
const build = (rules: readonly RivalRule[]) => scriptLanguageModel({
  sentences, pronunciations: new Map(sentences.flat().map((w) => [w, [PHONES[w] as string]])), dict, general: [], builtIn: [], names: new Set(), rules,
})

/** A rule of the kind a talent would add: a unit swapped. */
const units: RivalRule = {
  name: 'a unit swapped',
  rivalsOf: (word, { tuning }) => (word === 'miles' ? [{ word: 'kilometres', weight: tuning.classWeight }] : []),
}

describe('the rival rules registry', () => {
  it('lists each rule once, each implementing some part of the interface', () => {
    expect(new Set(RIVAL_RULES.map((r) => r.name)).size).toBe(RIVAL_RULES.length)
    for (const rule of RIVAL_RULES) expect(rule.rivalsOf ?? rule.variantsOf ?? rule.namedBy ?? rule.leftOutMatters).toBeDefined()
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
})
