/**
 * Calendar dates of the API ("YYYY-MM-DD": due_date, changes_due, needed_by in resources/api/talent-v1.yaml)
 * in words, one way for every screen and every notice: "Tue, Mar 5" (the year added when it is not this
 * year's). Dates are calendar days, not instants, so they are read and printed in UTC and never shift
 * with the viewer's time zone. Main's notices and the renderer's labels both use it.
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
const dateYearFmt = new Intl.DateTimeFormat('en', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
})

/** "Tue, Mar 5" (the year added when it differs from `today`'s); the raw text when it is not a date. */
export function formatCalendarDate(date: string, today?: string): string {
  const day = dayNumber(date)
  if (day === null) return date
  const sameYear = today !== undefined && today.slice(0, 4) === date.slice(0, 4)
  return (sameYear ? dateFmt : dateYearFmt).format(new Date(day * 86_400_000))
}
