/**
 * A clock time for sentences ("14:05"), in the computer's time zone: main's messages and the renderer's
 * status line alike. Where the talent's zone (their preference) differs from the computer's at that
 * instant, the time names its zone ("14:05 GMT+1"; shared/format/shown-zone.ts).
 */
import { shownZones, zoneNote, type ShownZones } from './format/shown-zone'

export function clockTime(ms: number, zones: ShownZones = shownZones()): string {
  const d = new Date(ms)
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}${zoneNote(ms, zones)}`
}
