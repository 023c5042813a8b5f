/**
 * Which time zone a time of day is in, said wherever two zones can differ. Booth prints times of day in
 * this computer's zone, while due days are counted in the talent's zone (their preference: GET /preferences
 * `time_zone`, resources/api/talent-v1.yaml). When the two zones have different UTC offsets at an instant,
 * a time of day printed for that instant names its zone ("14:05 GMT+1", "9 Mar 2026, 09:05 EST"); when
 * they agree, nothing is added, so most talent never see a zone at all.
 *
 * Each side learns the talent's zone once and tells this module (main: the notification centre when it
 * reads the preferences; the renderer: the booth store when main sends `talentTimeZone`), so every
 * formatter of a time of day says the same without each caller carrying the zone.
 */
export interface ShownZones {
  /** The zone times are printed in: this computer's. */
  computer: string
  /** The talent's zone, or null while it is not known (nothing is added then). */
  talent: string | null
}

let talent: string | null = null

/** The talent's IANA zone as last read from their preferences (null: unknown, e.g. after sign-out). */
export function setTalentZone(zone: string | null): void {
  talent = zone && isKnownZone(zone) ? zone : null
}

/**
 * How long the computer's zone, once read, is taken as it is: asking Intl makes a DateTimeFormat (about a
 * millisecond, more on a busy machine), and a list of takes asks once per row on every change of the list.
 */
const ZONE_READ_MS = 1000
let read: { zone: string; at: number } | null = null

export function computerZone(): string {
  const now = Date.now()
  if (!read || now - read.at >= ZONE_READ_MS || now < read.at)
    read = { zone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC', at: now }
  return read.zone
}

/** The zones as this side knows them now. */
export function shownZones(): ShownZones {
  return { computer: computerZone(), talent }
}

/** Zone names already asked about (a handful: this computer's and the talent's), with Intl's answer. */
const known = new Map<string, boolean>()
const KNOWN_KEPT = 64

/** Whether Intl knows this zone name. */
export function isKnownZone(zone: string): boolean {
  const kept = known.get(zone)
  if (kept !== undefined) return kept
  let ok: boolean
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone })
    ok = true
  } catch {
    ok = false
  }
  if (known.size < KNOWN_KEPT) known.set(zone, ok)
  return ok
}

const formats = new Map<string, Intl.DateTimeFormat>()
function zoneFormat(zone: string, style: 'longOffset' | 'short'): Intl.DateTimeFormat {
  const key = `${zone}|${style}`
  let fmt = formats.get(key)
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: style })
    formats.set(key, fmt)
  }
  return fmt
}

function zoneName(ms: number, zone: string, style: 'longOffset' | 'short'): string {
  return (
    zoneFormat(zone, style)
      .formatToParts(new Date(ms))
      .find((p) => p.type === 'timeZoneName')?.value ?? zone
  )
}

/**
 * ' GMT+1' (a space, then the computer zone's short name) when the talent's zone has another UTC offset
 * than the computer's at instant `ms`; '' when they agree, when the talent's zone is unknown, or for an
 * instant that is not a time.
 */
export function zoneNote(ms: number, zones: ShownZones = shownZones()): string {
  if (!zones.talent || !Number.isFinite(ms) || Math.abs(ms) > 8.64e15) return ''
  if (zones.talent === zones.computer || !isKnownZone(zones.computer) || !isKnownZone(zones.talent)) return ''
  if (zoneName(ms, zones.computer, 'longOffset') === zoneName(ms, zones.talent, 'longOffset')) return ''
  return ` ${zoneName(ms, zones.computer, 'short')}`
}
