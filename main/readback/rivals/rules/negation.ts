/**
 * A negation dropped or turned around ("cannot be returned" read as "can be returned"; negation-variants.ts).
 * It is one short word, so it also has a hearing of its own (turnsOf: the turns hearing of
 * engines/pocketsphinx/turns-hearing.ts), and a doubt that leaves it out is a change even though the other
 * words were heard as written (compare/doubts.ts).
 */
import { NEGATION_WORDS } from '../../script/negation-words'
import { negationTurns, negationVariants } from '../negation-variants'
import type { RivalRule } from '../rival-rule'

export const negation: RivalRule = {
  name: 'a negation dropped or turned around',
  variantsOf: (sentence, tuning) =>
    negationVariants(sentence).map((words) => ({ words, weight: tuning.negationWeight })),
  leftOutMatters: (key) => NEGATION_WORDS.has(key),
  turnsOf: negationTurns,
}
