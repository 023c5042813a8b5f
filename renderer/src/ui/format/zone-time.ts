/**
 * Calendar days and instants in a named time zone (the talent's, from their preferences): which day it
 * is there now, and when a given day ends there. Built on Intl only; an unknown zone falls back to the
 * computer's own zone rather than failing.
 */
const formats = new Map<string, Intl.DateTimeFormat>()

function partsFormat(zone: string): Intl.DateTimeFormat {
  let fmt = formats.get(zone)
  if (!fmt) {
    try {
      fmt = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      })
    } catch {
      fmt = new Intl.DateTimeFormat('en-US', {
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      })
    }
    formats.set(zone, fmt)
  }
  return fmt
}

function wallClock(ms: number, zone: string): { y: number; m: number; d: number; h: number; mi: number; s: number } {
  const parts: Record<string, number> = {}
  for (const p of partsFormat(zone).formatToParts(new Date(ms)))
    if (p.type !== 'literal') parts[p.type] = Number(p.value)
  return {
    y: parts['year'] ?? 1970,
    m: parts['month'] ?? 1,
    d: parts['day'] ?? 1,
    h: (parts['hour'] ?? 0) % 24,
    mi: parts['minute'] ?? 0,
    s: parts['second'] ?? 0,
  }
}

export { isKnownZone } from '../../../../shared/format/shown-zone'

/** Today's date ("YYYY-MM-DD") in the zone at instant `now`. */
export function dateInZone(now: number, zone: string): string {
  const w = wallClock(now, zone)
  return `${String(w.y).padStart(4, '0')}-${String(w.m).padStart(2, '0')}-${String(w.d).padStart(2, '0')}`
}

/** Zone offsets lie within ±15 h of UTC (today's run from -12 h to +14 h). */
const MAX_OFFSET_MS = 15 * 3_600_000

/**
 * The instant (ms) a calendar day ("YYYY-MM-DD") ends in the zone: the first instant that is the next day
 * there. That is the next day's midnight, except where daylight saving starts at midnight (America/Santiago,
 * America/Havana, historically Asia/Beirut…): the clock goes from 23:59:59 to 01:00, so the day ends at
 * 01:00 of the next, an hour later than "midnight at the old offset". Found by bisection on the zone's own
 * calendar (Intl), so it holds whatever the zone's rules: offsets change on whole seconds.
 */
export function endOfDayInZone(date: string, zone: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date)
  if (!m) return null
  const nextMidnight = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + 1)
  const nextDay = new Date(nextMidnight).toISOString().slice(0, 10)
  // Before `lo` it is still at most `date` in any zone; from `hi` on it is at least the next day.
  let lo = nextMidnight - MAX_OFFSET_MS
  let hi = nextMidnight + MAX_OFFSET_MS
  while (hi - lo > 1000) {
    const mid = lo + Math.floor((hi - lo) / 2000) * 1000
    if (dateInZone(mid, zone) >= nextDay) hi = mid
    else lo = mid
  }
  return hi
}
