/** The other members of a word's class: another day, month, number or ordinal (word-rivals.ts classRivals). */
import { classRivals } from '../class-words'
import type { RivalRule } from '../rival-rule'

export const classMembers: RivalRule = {
  name: 'another day, month or number',
  rivalsOf: (word, { tuning }) => classRivals(word).map((w) => ({ word: w, weight: tuning.classWeight })),
}
