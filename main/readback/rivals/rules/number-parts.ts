/**
 * A number read with a part left out ("4.25%" as "four point five percent"), and a number heard as another
 * value: the doubt filter keeps a doubt whose words are a number of another value over a number, whether or
 * not the model held that very number as a rival.
 */
import { heardWords } from '../../alignment/heard-words'
import { NUMBER_WORDS } from '../class-words'
import type { RivalRule } from '../rival-rule'

export const numberParts: RivalRule = {
  name: "a number's part left out, or a number of another value",
  variantsOf: (s, tuning) => {
    const out: Array<{ words: string[]; weight: number }> = []
    s.forEach((word, i) => {
      if (NUMBER_WORDS.has(word) && (NUMBER_WORDS.has(s[i - 1] ?? '') || NUMBER_WORDS.has(s[i + 1] ?? '')))
        out.push({ words: [...s.slice(0, i), ...s.slice(i + 1)], weight: tuning.classWeight })
    })
    return out
  },
  namedBy: (words, heard) => {
    const values = (ws: readonly string[]) =>
      heardWords(ws.map((word) => ({ word, start_s: 0, end_s: 0 }))).flatMap((w) => (w.values ? [w.values] : []))
    const given = values(words)
    const other = values(heard)
    return given.length > 0 && other.length > 0 && other.some((o) => given.every((g) => ![...o].some((v) => g.has(v))))
  },
}
