/**
 * Calendar arithmetic in the talent's time zone. Dates are `YYYY-MM-DD` strings, months `YYYY-MM`;
 * "today" and a timestamp's month are taken in the zone through Intl, so a date-line zone gets its own day.
 */
const formatters = new Map<string, Intl.DateTimeFormat>()

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    formatters.set(timeZone, f)
  }
  return f
}

/** True when Intl knows the IANA time zone name. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone)
    return true
  } catch {
    return false
  }
}

/** The calendar date (YYYY-MM-DD) of a timestamp (ms) in a time zone. */
export function dateInZone(ms: number, timeZone: string): string {
  const parts = formatter(timeZone).formatToParts(new Date(ms))
  const get = (type: string): string => parts.find((p) => p.type === type)?.value ?? ''
  return `${get('year')}-${get('month')}-${get('day')}`
}

/** The month (YYYY-MM) of a timestamp (ms) in a time zone. */
export function monthInZone(ms: number, timeZone: string): string {
  return dateInZone(ms, timeZone).slice(0, 7)
}

function dateToUtcMs(date: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date)
  if (!m) throw new Error(`not a YYYY-MM-DD date: ${JSON.stringify(date)}`)
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))
}

/** The date `days` calendar days after `date` (negative goes back). */
export function addDays(date: string, days: number): string {
  return new Date(dateToUtcMs(date) + days * 86_400_000).toISOString().slice(0, 10)
}

/** Whole calendar days from `from` to `to` (positive when `to` is later). */
export function daysBetween(from: string, to: string): number {
  return Math.round((dateToUtcMs(to) - dateToUtcMs(from)) / 86_400_000)
}

/** Month index (year*12 + month-1) of a YYYY-MM string, for spans and comparisons. */
export function monthIndex(month: string): number {
  const m = /^(\d{4})-(\d{2})$/.exec(month)
  if (!m || Number(m[2]) < 1 || Number(m[2]) > 12) throw new Error(`not a YYYY-MM month: ${JSON.stringify(month)}`)
  return Number(m[1]) * 12 + Number(m[2]) - 1
}

/** Day of the week of a date, ISO numbering: 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: string): number {
  const d = new Date(dateToUtcMs(date)).getUTCDay()
  return d === 0 ? 7 : d
}
