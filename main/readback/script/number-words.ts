/**
 * Numbers between digits and words, both ways, for the read-back:
 * - spokenForms("$9.99") gives the ways a talent reads a written number ("nine ninety nine", "nine
 *   dollars ninety nine", …), used to bias the recogniser toward them;
 * - writtenValue("20%") and heardValues(["twenty", "percent"]) give comparable values ("20%"), so a
 *   number read as words matches the same number written as digits, and a changed number does not.
 * Currency signs are not part of a value: "nine ninety nine" is how "$9.99" is read.
 */
import { integerWords, ONES, ORDINAL_VALUE, ordinalWord, SCALE_ORDINAL, SCALES, WORD_VALUE } from './number-vocabulary'
import { phoneDigits } from './phone-numbers'

/** "1999" read as a year or a pair: "nineteen ninety nine"; "2005": "twenty oh five". */
function pairWords(n: number): string[] | null {
  if (n < 1000 || n > 9999 || n % 1000 === 0) return null
  const hi = Math.floor(n / 100)
  const lo = n % 100
  if (lo === 0) return [...integerWords(hi), 'hundred']
  return [...integerWords(hi), ...(lo < 10 ? ['oh', ONES[lo] as string] : integerWords(lo))]
}

/** The unit and its hundredth, said after a price. */
const CURRENCY_WORDS: Record<string, [string, string]> = {
  $: ['dollars', 'cents'],
  '£': ['pounds', 'pence'],
  '€': ['euros', 'cents'],
}

const NUMBER_TOKEN = /^([$£€]?)(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?(%|st|nd|rd|th|s)?$/i

export interface WrittenNumber {
  /** The comparable value: digits, an optional ".decimals", an optional "%" or "th" (ordinal). */
  value: string
  spoken: string[][]
}

/** A written number token ("$9.99", "20%", "1,200", "3rd", "1990s"), or null when the token is not one. */
export function parseWrittenNumber(token: string): WrittenNumber | null {
  const m = NUMBER_TOKEN.exec(token)
  if (!m) return null
  const currency = m[1] ?? ''
  const whole = Number((m[2] ?? '').replace(/,/g, ''))
  const decimals = m[3] ?? null
  const suffix = (m[4] ?? '').toLowerCase()
  if (!Number.isSafeInteger(whole)) return null
  const wholeWords = integerWords(whole)
  const forms: string[][] = []
  let value = String(whole)
  if (suffix === '%') {
    value = `${decimals ? `${whole}.${decimals}` : whole}%`
    const base = decimals
      ? [...wholeWords, 'point', ...[...decimals].map((d) => ONES[Number(d)] as string)]
      : wholeWords
    forms.push([...base, 'percent'])
  } else if (suffix === 'st' || suffix === 'nd' || suffix === 'rd' || suffix === 'th') {
    value = `${whole}th`
    const last = wholeWords[wholeWords.length - 1] ?? ''
    forms.push([...wholeWords.slice(0, -1), ordinalWord(last)])
  } else if (decimals !== null && currency) {
    value = `${whole}.${decimals.padEnd(2, '0').slice(0, 2)}`
    const cents = Number(decimals.padEnd(2, '0').slice(0, 2))
    const centWords = cents < 10 ? ['oh', ...integerWords(cents)] : integerWords(cents)
    const [unit, small] = CURRENCY_WORDS[currency] ?? ['dollars', 'cents']
    forms.push(
      [...wholeWords, ...centWords],
      [...wholeWords, unit, ...integerWords(cents), small],
      [...wholeWords, unit, 'and', ...integerWords(cents), small],
      [...wholeWords, unit, ...integerWords(cents)],
    )
  } else if (decimals !== null) {
    value = `${whole}.${decimals}`
    forms.push([...wholeWords, 'point', ...[...decimals].map((d) => ONES[Number(d)] as string)])
  } else {
    forms.push(currency ? [...wholeWords, (CURRENCY_WORDS[currency] ?? ['dollars'])[0] as string] : wholeWords)
    if (currency) forms.push(wholeWords)
    // "one hundred and nine", as it is read in Britain and often elsewhere.
    const hundred = wholeWords.lastIndexOf('hundred')
    if (hundred >= 0 && hundred < wholeWords.length - 1)
      forms.push([
        ...wholeWords.slice(0, hundred + 1),
        'and',
        ...wholeWords.slice(hundred + 1),
        ...(currency ? [(CURRENCY_WORDS[currency] ?? ['dollars'])[0] as string] : []),
      ])
    const pair = pairWords(whole)
    if (pair) forms.push(pair)
    if (suffix === 's')
      forms.push(...forms.splice(0).map((f) => [...f.slice(0, -1), pluralNumberWord(f[f.length - 1] ?? '')]))
    if ((m[2] ?? '').length >= 3 && !m[2]?.includes(','))
      forms.push([...(m[2] ?? '')].map((d) => ONES[Number(d)] as string))
  }
  return { value, spoken: forms.filter((f) => f.length > 0) }
}

function pluralNumberWord(w: string): string {
  return w.endsWith('y') ? `${w.slice(0, -1)}ies` : `${w}s`
}

/** Whether a heard word can be part of a spoken number. */
export function isNumberWord(word: string): boolean {
  return (
    WORD_VALUE.has(word) ||
    ORDINAL_VALUE.has(word) ||
    ['hundred', 'thousand', 'million', 'billion', 'point', 'percent'].includes(word)
  )
}

/** Words that may sit inside a spoken number without being one ("nine dollars and ninety nine cents"). */
export const NUMBER_GLUE = new Set([
  'and',
  'dollars',
  'dollar',
  'cents',
  'cent',
  'pounds',
  'pound',
  'pence',
  'euros',
  'euro',
  'a',
])

/** Standard reading: "one hundred twenty three" → 123; null when the words do not form one number. */
function cardinal(words: string[]): number | null {
  let total = 0
  let group = 0
  let last: 'unit' | 'ten' | 'hundred' | 'scale' | null = null
  for (const w of words) {
    const v = WORD_VALUE.get(w)
    if (v !== undefined && w !== 'oh') {
      if (v >= 20 && v % 10 === 0) {
        if (last === 'unit' || last === 'ten') return null
        last = 'ten'
      } else {
        if (last === 'unit' || (last === 'ten' && v >= 10)) return null
        last = 'unit'
      }
      group += v
    } else if (w === 'hundred') {
      if (last !== 'unit' && last !== 'ten') return null
      group *= 100
      last = 'hundred'
    } else {
      const scale = SCALES.find(([, name]) => name === w)
      if (!scale || last === null || last === 'scale') return null
      total += group * scale[0]
      group = 0
      last = 'scale'
    }
  }
  return last === null ? null : total + group
}

/** Every value a run of heard number words could mean ("nine ninety nine" → 999 and 9.99). */
export function heardValues(words: string[]): Set<string> {
  const out = new Set<string>()
  const core = words.filter((w) => !NUMBER_GLUE.has(w))
  if (core.length === 0) return out
  const lastWord = core[core.length - 1] as string
  if (lastWord === 'percent') {
    for (const v of heardValues(core.slice(0, -1))) if (!v.endsWith('%') && !v.endsWith('th')) out.add(`${v}%`)
    return out
  }
  if (ORDINAL_VALUE.has(lastWord)) {
    const head = core.slice(0, -1)
    const scale = SCALE_ORDINAL.get(lastWord)
    const own = ORDINAL_VALUE.get(lastWord) ?? 0
    // "thousandth" alone is the 1000th; after words, a scale multiplies them and any other ordinal adds.
    const base = head.length ? cardinal(scale ? [...head, scale] : head) : 0
    if (base !== null) out.add(`${head.length && scale ? base : base + own}th`)
    return out
  }
  const pointAt = core.indexOf('point')
  if (pointAt > 0) {
    const whole = cardinal(core.slice(0, pointAt))
    const digits = core.slice(pointAt + 1).map((w) => WORD_VALUE.get(w))
    if (whole !== null && digits.length && digits.every((d) => d !== undefined && d < 10))
      out.add(`${whole}.${digits.join('')}`)
    return out
  }
  const whole = cardinal(core)
  if (whole !== null) out.add(String(whole))
  // Pairs: "nineteen ninety nine" (1999), "nine ninety nine" (999 / 9.99), "twenty oh five" (2005).
  for (let cut = 1; cut < core.length; cut++) {
    const hi = cardinal(core.slice(0, cut))
    const loWords = core.slice(cut)
    const lo = loWords[0] === 'oh' ? cardinal(loWords.slice(1)) : cardinal(loWords)
    if (hi === null || lo === null || lo > 99 || (loWords[0] === 'oh' && lo > 9) || hi > 99) continue
    out.add(String(hi * 100 + lo))
    out.add(`${hi}.${String(lo).padStart(2, '0')}`)
  }
  // Digit by digit: "five five five one two one two".
  const digits = core.map((w) => WORD_VALUE.get(w))
  if (core.length >= 3 && digits.every((d) => d !== undefined && d < 10)) out.add(digits.join(''))
  for (const phone of phoneDigits(core)) out.add(phone)
  const small = words.some((w) => w === 'cents' || w === 'pence')
  const big = words.some((w) => ['dollars', 'dollar', 'pounds', 'pound', 'euros', 'euro'].includes(w))
  if (small && whole !== null && !big) out.add(`0.${String(whole).padStart(2, '0')}`)
  // "nine dollars ninety nine": the unit word splits whole and hundredths.
  const unitAt = words.findIndex((w) => ['dollars', 'dollar', 'pounds', 'pound', 'euros', 'euro'].includes(w))
  if (unitAt > 0 && unitAt < words.length - 1) {
    const hi = cardinal(words.slice(0, unitAt).filter((w) => !NUMBER_GLUE.has(w)))
    const lo = cardinal(words.slice(unitAt + 1).filter((w) => !NUMBER_GLUE.has(w)))
    if (hi !== null && lo !== null && lo < 100) out.add(`${hi}.${String(lo).padStart(2, '0')}`)
  }
  return out
}
