/**
 * Calendar dates of the API ("YYYY-MM-DD") and timestamps (ms) in words. Dates are calendar days, not
 * instants, so they are read and printed in UTC and never shift with the viewer's time zone.
 */
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/

/** Days since the epoch for a YYYY-MM-DD date, or null when it is not one. */
export function dayNumber(date: string): number | null {
  const m = DATE_RE.exec(date)
  if (!m) return null
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))
  const back = new Date(ms)
  if (back.getUTCDate() !== Number(m[3]) || back.getUTCMonth() !== Number(m[2]) - 1) return null
  return Math.round(ms / 86_400_000)
}

const dateFmt = new Intl.DateTimeFormat('en', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' })
const dateYearFmt = new Intl.DateTimeFormat('en', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })

/** "Tue, Mar 5" (the year added when it differs from `today`'s); the raw text when it is not a date. */
export function formatCalendarDate(date: string, today?: string): string {
  const day = dayNumber(date)
  if (day === null) return date
  const sameYear = today !== undefined && today.slice(0, 4) === date.slice(0, 4)
  return (sameYear ? dateFmt : dateYearFmt).format(new Date(day * 86_400_000))
}

const stampFmt = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' })

/** A timestamp (ms) in the viewer's local time: "5 Mar 2025, 14:05". */
export function formatTimestamp(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms) || Math.abs(ms) > 8.64e15) return 'unknown time'
  return stampFmt.format(new Date(ms))
}
