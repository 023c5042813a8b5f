/**
 * A day of the month written as a plain number after its month ("October 31", "June 6,") is read as an
 * ordinal as often as not: "October thirty-first", "June sixth". Both readings are the script as written,
 * so the script model gives such a number its ordinal value too ("31th", as "31st" has), and the spoken
 * sentences that bias the recogniser hold the ordinal reading beside the cardinal one. Only 1 to 31, only
 * right after a month's name (a comma between is fine), only digits with no sign or suffix.
 */
import { ordinalForm } from './number-words'

const MONTHS = new Set(['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december',
  'jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec'])

/** The day (1-31) when `text` is a plain number written right after a month (`before` is the text before it), else null. */
export function dayAfterMonth(before: string, text: string): number | null {
  if (!/^\d{1,2}$/.test(text)) return null
  const day = Number(text)
  if (day < 1 || day > 31) return null
  const month = /([A-Za-z]+)\.?,?\s+$/.exec(before)?.[1]?.toLowerCase()
  return month && MONTHS.has(month) ? day : null
}

/** The ordinal value a day of the month also has: "31th" (the value "31st" has). */
export function dayOrdinalValue(day: number): string {
  return `${day}th`
}

/** The ordinal reading of a day of the month: ["thirty", "first"]. */
export function dayOrdinalWords(day: number): string[] {
  return ordinalForm(day)
}
