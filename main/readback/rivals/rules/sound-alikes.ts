/**
 * The real words that sound closest (word-rivals.ts soundNeighbours): a wider search for names and long
 * words, none for words too small or too common to be worth it, and none for number words (their class
 * has them). Only words no earlier rule offered.
 */
import { NUMBER_WORDS, soundNeighbours } from '../word-rivals'
import type { RivalRule } from '../rival-rule'

/** Words too small or too common to be worth sound-alikes of their own: a slip of one is soft anyway. */
const FUNCTION_WORDS = new Set(
  (
    'a an the and or but to of in on at for by with from as is are was were be been it its this that these ' +
    'those you your we our us i me my he she his her they them their so if then than too very just now up out off over all any'
  ).split(' '),
)

export const soundAlikes: RivalRule = {
  name: 'a word that sounds close',
  freshOnly: true,
  rivalsOf: async (word, { names, dict, pronunciations, allowed, likelihood, tuning, slices }) => {
    const name = names.has(word)
    const sound =
      FUNCTION_WORDS.has(word) || NUMBER_WORDS.has(word) || word.length < 3
        ? []
        : await soundNeighbours(
            word,
            pronunciations.get(word) ?? [],
            dict,
            { allowed, likelihood, limit: tuning.neighbours, wide: name || word.length >= 7 },
            slices,
          )
    return sound.map((w) => ({ word: w, weight: name ? tuning.nameWeight : tuning.soundAlikeWeight }))
  },
}
