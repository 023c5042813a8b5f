/**
 * The script as it is spoken, sentence by sentence, for biasing a recogniser: lower case, punctuation
 * gone, numbers in words. A written number gives one extra sentence per other way of reading it
 * ("$9.99": "nine ninety nine", "nine dollars ninety nine", …); digit groups the read-back takes as one
 * number ("555-0188", words.ts) are read as a phone number is, never as "one hundred eighty eight". A day
 * written after its month ("October 31") is also read as an ordinal (day-of-month.ts).
 */
import { dayAfterMonth } from './day-of-month'
import { parseWrittenNumber } from './number-words'
import { ordinalForm } from './number-vocabulary'
import { spokenPhoneForms } from './phone-numbers'
import { digitGroupRuns, pieces, type Piece } from './words'

export function spokenSentences(scriptText: string): string[][] {
  const out: string[][] = []
  for (const sentence of scriptText.split(/(?<=[.!?;:])\s+|\n+/)) {
    const slots: string[][][] = []
    for (const run of digitGroupRuns(
      pieces(sentence),
      (p) => p.text,
      (a, b) => sentence.slice(a.to, b.from),
    )) {
      const p = run[0] as Piece
      if (run.length > 1) slots.push(spokenPhoneForms(run.map((q) => q.text.replace(/\D/g, ''))))
      else if (p.text === '&') slots.push([['and']])
      else {
        const n = parseWrittenNumber(p.text)
        const day = dayAfterMonth(sentence, p.from, p.text)
        const forms = n && n.spoken.length ? n.spoken : [[p.text.toLowerCase().replace(/’/g, "'")]]
        slots.push(day === null ? forms : [...forms, ordinalForm(day)])
      }
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
