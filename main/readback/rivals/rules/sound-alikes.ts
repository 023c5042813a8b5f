/**
 * The real words that sound closest (word-rivals.ts soundNeighbours): a wider search for names and long
 * words, none for words too small or too common to be worth it, and none for number words (their class
 * has them). Only words no earlier rule offered.
 */
import { soundNeighbours } from '../word-rivals'
import { NUMBER_WORDS } from '../class-words'
import type { RivalRule } from '../rival-rule'
import { NO_SOUND_ALIKE_WORDS } from '../../script/word-classes'
import { SOUND_ALIKE_MIN_LETTERS, SOUND_ALIKE_WIDE_LETTERS } from '../../tuning'

export const soundAlikes: RivalRule = {
  name: 'a word that sounds close',
  freshOnly: true,
  rivalsOf: async (word, { names, dict, pronunciations, allowed, likelihood, tuning, slices }) => {
    const name = names.has(word)
    const sound =
      NO_SOUND_ALIKE_WORDS.has(word) || NUMBER_WORDS.has(word) || word.length < SOUND_ALIKE_MIN_LETTERS
        ? []
        : await soundNeighbours(
            word,
            pronunciations.get(word) ?? [],
            dict,
            { allowed, likelihood, limit: tuning.neighbours, wide: name || word.length >= SOUND_ALIKE_WIDE_LETTERS },
            slices,
          )
    return sound.map((w) => ({ word: w, weight: name ? tuning.nameWeight : tuning.soundAlikeWeight }))
  },
}
