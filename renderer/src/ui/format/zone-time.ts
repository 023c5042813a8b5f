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
      fmt = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
    } catch {
      fmt = new Intl.DateTimeFormat('en-US', { hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
    }
    formats.set(zone, fmt)
  }
  return fmt
}

function wallClock(ms: number, zone: string): { y: number; m: number; d: number; h: number; mi: number; s: number } {
  const parts: Record<string, number> = {}
  for (const p of partsFormat(zone).formatToParts(new Date(ms))) if (p.type !== 'literal') parts[p.type] = Number(p.value)
  return { y: parts['year'] ?? 1970, m: parts['month'] ?? 1, d: parts['day'] ?? 1, h: (parts['hour'] ?? 0) % 24, mi: parts['minute'] ?? 0, s: parts['second'] ?? 0 }
}

/** How far the zone's wall clock is ahead of UTC at this instant, in ms. */
function zoneOffset(ms: number, zone: string): number {
  const w = wallClock(ms, zone)
  return Date.UTC(w.y, w.m - 1, w.d, w.h, w.mi, w.s) - Math.floor(ms / 1000) * 1000
}

export { isKnownZone } from '../../../../shared/format/shown-zone'

/** Today's date ("YYYY-MM-DD") in the zone at instant `now`. */
export function dateInZone(now: number, zone: string): string {
  const w = wallClock(now, zone)
  return `${String(w.y).padStart(4, '0')}-${String(w.m).padStart(2, '0')}-${String(w.d).padStart(2, '0')}`
}

/** The instant (ms) a calendar day ("YYYY-MM-DD") ends in the zone: the next day's midnight there. */
export function endOfDayInZone(date: string, zone: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date)
  if (!m) return null
  const nextMidnightWall = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + 1)
  // The offset at the guess, then once more at the answer: right across a daylight-saving change.
  let at = nextMidnightWall - zoneOffset(nextMidnightWall, zone)
  at = nextMidnightWall - zoneOffset(at, zone)
  return at
}
