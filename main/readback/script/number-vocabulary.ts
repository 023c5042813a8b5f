/**
 * The number words of English and their values: 0–19, the tens, the scales and the ordinals, and a whole
 * number's words ("one hundred twenty three", "thirty first"). number-words.ts reads and writes numbers
 * with them; phone-numbers.ts reads phone numbers.
 */
/** Number words 0–19 and the tens, in order: the one list of them in the read-back (rivals/class-words.ts uses it too). */
export const ONES: readonly string[] = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
]
export const TENS: readonly string[] = [
  '',
  '',
  'twenty',
  'thirty',
  'forty',
  'fifty',
  'sixty',
  'seventy',
  'eighty',
  'ninety',
]
export const SCALES: Array<[number, string]> = [
  [1_000_000_000, 'billion'],
  [1_000_000, 'million'],
  [1000, 'thousand'],
]
const ORDINAL_WORDS: Record<string, string> = {
  one: 'first',
  two: 'second',
  three: 'third',
  five: 'fifth',
  eight: 'eighth',
  nine: 'ninth',
  twelve: 'twelfth',
}

/** Each number word's value ("oh" is 0). */
export const WORD_VALUE = new Map<string, number>()
ONES.forEach((w, i) => WORD_VALUE.set(w, i))
TENS.forEach((w, i) => {
  if (w) WORD_VALUE.set(w, i * 10)
})
WORD_VALUE.set('oh', 0)
/** Each ordinal word's value ("fifth" 5, "twentieth" 20, "thousandth" 1000). */
export const ORDINAL_VALUE = new Map<string, number>()
for (const [w, v] of WORD_VALUE) if (w !== 'oh') ORDINAL_VALUE.set(ordinalWord(w), v)
/** Ordinals of a scale word → the scale word: "five thousandth" is 5 000th, not 5 + 1 000. */
export const SCALE_ORDINAL = new Map<string, string>()
for (const [value, name] of [[100, 'hundred'] as [number, string], ...SCALES]) {
  SCALE_ORDINAL.set(`${name}th`, name)
  ORDINAL_VALUE.set(`${name}th`, value)
}

/** A number word's ordinal ("five" → "fifth", "twenty" → "twentieth"). */
export function ordinalWord(word: string): string {
  if (ORDINAL_WORDS[word]) return ORDINAL_WORDS[word]
  if (word.endsWith('y')) return `${word.slice(0, -1)}ieth`
  return `${word}th`
}

/** The ordinal reading of a whole number: 31 → ["thirty", "first"]. */
export function ordinalForm(n: number): string[] {
  const words = integerWords(n)
  return [...words.slice(0, -1), ordinalWord(words[words.length - 1] ?? '')]
}

/** Words of a whole number 0 … 999 999 999 999 ("one hundred twenty three"). */
export function integerWords(n: number): string[] {
  if (!Number.isSafeInteger(n) || n < 0) return []
  if (n < 20) return [ONES[n] as string]
  if (n < 100) return [TENS[Math.floor(n / 10)] as string, ...(n % 10 ? [ONES[n % 10] as string] : [])]
  if (n < 1000) return [ONES[Math.floor(n / 100)] as string, 'hundred', ...(n % 100 ? integerWords(n % 100) : [])]
  for (const [scale, name] of SCALES) {
    if (n >= scale) {
      const rest = n % scale
      return [...integerWords(Math.floor(n / scale)), name, ...(rest ? integerWords(rest) : [])]
    }
  }
  return []
}
