/** A name's place part or street type swapped ("Fairview" for "Fairfield", "Maple Road" for "Maple Lane"; place-parts.ts). */
import { placePartRivals } from '../place-parts'
import type { RivalRule } from '../rival-rule'

export const placeParts: RivalRule = {
  name: "a place name's part swapped",
  rivalsOf: (word, { names, dict, tuning }) =>
    names.has(word)
      ? placePartRivals(word, (w) => dict.has(w)).map((w) => ({ word: w, weight: tuning.nameWeight }))
      : [],
}
