/**
 * A day of the month written as a plain number after its month ("October 31", "June 6,") is read as an
 * ordinal as often as not: "October thirty-first", "June sixth". Both readings are the script as written,
 * so the script model gives such a number its ordinal value too ("31th", as "31st" has), and the spoken
 * sentences that bias the recogniser hold the ordinal reading beside the cardinal one. Only 1 to 31, only
 * right after a month's name (a comma between is fine), only digits with no sign or suffix.
 */
import { MONTH_LOOK_BACK as LOOK_BACK } from '../tuning'

/** The months, in order (also another month's rivals, rivals/word-rivals.ts). */
export const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
]
/** Month names and their usual short forms. */
const MONTH_NAMES = new Set([
  ...MONTHS,
  'jan',
  'feb',
  'mar',
  'apr',
  'jun',
  'jul',
  'aug',
  'sep',
  'sept',
  'oct',
  'nov',
  'dec',
])

/** The day (1-31) when `token`, written at `from` in `text`, is a plain number right after a month, else null. */
export function dayAfterMonth(text: string, from: number, token: string): number | null {
  if (!/^\d{1,2}$/.test(token)) return null
  const day = Number(token)
  if (day < 1 || day > 31) return null
  const month = /([A-Za-z]+)\.?,?\s+$/.exec(text.slice(Math.max(0, from - LOOK_BACK), from))?.[1]?.toLowerCase()
  return month && MONTH_NAMES.has(month) ? day : null
}

/** The ordinal value a day of the month also has: "31th" (the value "31st" has). */
export function dayOrdinalValue(day: number): string {
  return `${day}th`
}
