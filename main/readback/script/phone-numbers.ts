/**
 * Phone numbers, both ways: the digits a run of heard words can give when read as a phone number in groups,
 * and the ways a talent reads one written in digit groups.
 */
import { PHONE_DIGITS } from '../tuning'
import { integerWords, ONES, WORD_VALUE } from './number-vocabulary'

/**
 * A phone number read in groups, as talent read them: "five fifty five, oh one eighty eight" (555-0188),
 * "one eight hundred five five five one two one two", "five hundred fifty five zero one eight eight". Each
 * group is a digit ("oh" is 0), a teen or a tens word with its unit ("eighty eight": 88, never 8-0-8), a
 * tens word alone (20), or a digit or teen with "hundred", with or without what follows under a hundred
 * ("five hundred fifty five": 555; "eight hundred five five five": 800 and then 5-5-5; "twelve hundred":
 * 1200). Only readings of at least seven digits count: shorter runs are ordinary numbers, whose readings
 * cardinal() knows.
 */
export function phoneDigits(core: readonly string[]): string[] {
  const readings = new Set<string>()
  const walk = (i: number, sofar: string): void => {
    if (readings.size >= 16) return
    if (i === core.length) {
      if (sofar.length >= PHONE_DIGITS) readings.add(sofar)
      return
    }
    const v = WORD_VALUE.get(core[i] as string)
    if (v === undefined) return
    if (v > 0 && v < 20 && core[i + 1] === 'hundred' && core[i] !== 'oh') {
      const [rest, used] = underHundred(core, i + 2)
      if (used) walk(i + 2 + used, sofar + String(v * 100 + rest))
      walk(i + 2, sofar + String(v * 100))
      return
    }
    const unit = v >= 20 && v % 10 === 0 ? unitAt(core, i + 1) : 0
    if (unit) walk(i + 2, sofar + String(v + unit))
    else walk(i + 1, sofar + String(v))
  }
  walk(0, '')
  return [...readings]
}

/** The unit 1–9 at `i` ("five"; not "oh"), or 0. */
function unitAt(core: readonly string[], i: number): number {
  const v = WORD_VALUE.get(core[i] ?? '')
  return v !== undefined && v > 0 && v < 10 && core[i] !== 'oh' ? v : 0
}

/** The number under a hundred that starts at `i` ("fifty five", "twelve", "eight"), and how many words it took. */
function underHundred(core: readonly string[], i: number): [number, number] {
  const v = WORD_VALUE.get(core[i] ?? '')
  if (v === undefined || core[i] === 'oh' || v === 0 || v >= 100) return [0, 0]
  const unit = v >= 20 && v % 10 === 0 ? unitAt(core, i + 1) : 0
  return unit ? [v + unit, 2] : [v, 1]
}

/**
 * The ways a talent reads a phone number written in digit groups ("555", "0188"): digit by digit with
 * "zero" and with "oh", and in groups ("five fifty five, oh one eighty eight"; "800" as "eight hundred").
 */
export function spokenPhoneForms(groups: readonly string[]): string[][] {
  const digit = (d: string, zero: string) => (d === '0' ? zero : (ONES[Number(d)] as string))
  const pair = (p: string): string[] =>
    p === '00' ? ['hundred'] : p[0] === '0' ? ['oh', digit(p[1] as string, 'oh')] : integerWords(Number(p))
  const grouped = groups.flatMap((g) => {
    if (g.length === 3) return [digit(g[0] as string, 'oh'), ...pair(g.slice(1))]
    if (g.length === 4) return [...pair(g.slice(0, 2)), ...(g.slice(2) === '00' ? ['hundred'] : pair(g.slice(2)))]
    return [...g].map((d) => digit(d, 'oh'))
  })
  const forms = [
    groups.flatMap((g) => [...g].map((d) => digit(d, 'zero'))),
    groups.flatMap((g) => [...g].map((d) => digit(d, 'oh'))),
    grouped,
  ]
  return forms.filter((f, i) => forms.findIndex((o) => o.join(' ') === f.join(' ')) === i)
}
