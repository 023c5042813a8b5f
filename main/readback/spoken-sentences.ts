/**
 * The script as it is spoken, sentence by sentence, for biasing a recogniser: lower case, punctuation
 * gone, numbers in words. A written number gives one extra sentence per other way of reading it
 * ("$9.99": "nine ninety nine", "nine dollars ninety nine", …); digit groups the read-back takes as one
 * number ("555-0188", words.ts) are read as a phone number is, never as "one hundred eighty eight".
 */
import { parseWrittenNumber, spokenPhoneForms } from './number-words'
import { joinsDigitGroup, pieces, type Piece } from './words'

export function spokenSentences(scriptText: string): string[][] {
  const out: string[][] = []
  for (const sentence of scriptText.split(/(?<=[.!?;:])\s+|\n+/)) {
    const list = pieces(sentence)
    // Whether the piece at k and the one after it are digit groups of one number (as script-model.ts joins them).
    const joinsNext = (k: number): boolean => {
      const a = list[k] as Piece
      const b = list[k + 1]
      return b !== undefined && joinsDigitGroup(a.text, b.text, sentence.slice(a.to, b.from))
    }
    const slots: string[][][] = []
    for (let i = 0; i < list.length; i++) {
      const p = list[i] as Piece
      let j = i
      while (joinsNext(j)) j++
      if (j > i) {
        slots.push(spokenPhoneForms(list.slice(i, j + 1).map((q) => q.text.replace(/\D/g, ''))))
        i = j
        continue
      }
      if (p.text === '&') { slots.push([['and']]); continue }
      const n = parseWrittenNumber(p.text)
      slots.push(n && n.spoken.length ? n.spoken : [[p.text.toLowerCase().replace(/’/g, "'")]])
    }
    if (slots.length === 0) continue
    out.push(slots.flatMap((forms) => forms[0] ?? []))
    slots.forEach((forms, k) => {
      for (const form of forms.slice(1)) {
        out.push(slots.flatMap((f, j) => (j === k ? form : (f[0] ?? []))))
      }
    })
  }
  return out
}
