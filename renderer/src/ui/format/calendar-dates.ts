/**
 * Calendar dates of the API ("YYYY-MM-DD") and timestamps (ms) in words. Dates are calendar days, not
 * instants, so they are read and printed in UTC and never shift with the viewer's time zone (the one
 * formatter main's notices use too: shared/format/calendar-date.ts). Timestamps are printed in this
 * computer's zone and name it where the talent's zone differs (shared/format/shown-zone.ts).
 */
import { shownZones, zoneNote, type ShownZones } from '../../../../shared/format/shown-zone'

export { dayNumber, formatCalendarDate } from '../../../../shared/format/calendar-date'

const stampFmt = new Intl.DateTimeFormat('en', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
})

/** A timestamp (ms) in the viewer's local time: "5 Mar 2025, 14:05" ("5 Mar 2025, 14:05 GMT+1" where the talent's zone differs). */
export function formatTimestamp(ms: number | null, zones: ShownZones = shownZones()): string {
  if (ms === null || !Number.isFinite(ms) || Math.abs(ms) > 8.64e15) return 'unknown time'
  return `${stampFmt.format(new Date(ms))}${zoneNote(ms, zones)}`
}
