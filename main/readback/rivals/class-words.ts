/**
 * Words of a closed class (days, months, numbers, ordinals): each competes in the language model with the
 * other members of its class (rules/class-members.ts), and number words with numbers only.
 */
import { MONTHS } from '../script/day-of-month'
import { ONES, TENS as NUMBER_TENS } from '../script/number-vocabulary'

const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']
const UNITS = ['zero', 'oh', ...ONES.slice(1, 10)]
const TEENS = ONES.slice(10)
const TENS = NUMBER_TENS.filter(Boolean)
const SCALES = ['hundred', 'thousand', 'million', 'billion']
const ORDINALS = [
  'first',
  'second',
  'third',
  'fourth',
  'fifth',
  'sixth',
  'seventh',
  'eighth',
  'ninth',
  'tenth',
  'eleventh',
  'twelfth',
  'thirteenth',
  'fourteenth',
  'fifteenth',
  'sixteenth',
  'seventeenth',
  'eighteenth',
  'nineteenth',
  'twentieth',
  'thirtieth',
]

function plural(words: string[]): string[] {
  return words.map((w) => `${w}s`)
}

/** Each class word → the words of its class it can be misread as. */
const CLASSES: Array<readonly string[]> = [
  DAYS,
  plural(DAYS),
  MONTHS,
  ORDINALS,
  SCALES,
  // A digit is misread as another digit or its teen; a teen as another teen or its ten; a ten as another ten or teen.
  [...UNITS, ...TEENS],
  [...TEENS, ...TENS],
]

/** Words of a number as it is spoken: they compete with other numbers only (a number is never heard as "line"). */
export const NUMBER_WORDS: ReadonlySet<string> = new Set([
  ...UNITS,
  ...TEENS,
  ...TENS,
  ...SCALES,
  ...ORDINALS,
  'point',
  'percent',
  'dollars',
  'dollar',
  'cents',
])

export function classRivals(word: string): string[] {
  const out = new Set<string>()
  for (const cls of CLASSES) if (cls.includes(word)) for (const w of cls) if (w !== word) out.add(w)
  return [...out]
}
