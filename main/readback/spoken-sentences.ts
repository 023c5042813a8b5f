/**
 * The script as it is spoken, sentence by sentence, for biasing a recogniser: lower case, punctuation
 * gone, numbers in words. A written number gives one extra sentence per other way of reading it
 * ("$9.99": "nine ninety nine", "nine dollars ninety nine", …).
 */
import { parseWrittenNumber } from './number-words'
import { pieces } from './words'

export function spokenSentences(scriptText: string): string[][] {
  const out: string[][] = []
  for (const sentence of scriptText.split(/(?<=[.!?;:])\s+|\n+/)) {
    const slots: string[][][] = pieces(sentence).map((p) => {
      if (p.text === '&') return [['and']]
      const n = parseWrittenNumber(p.text)
      if (n && n.spoken.length) return n.spoken
      return [[p.text.toLowerCase().replace(/’/g, "'")]]
    })
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
