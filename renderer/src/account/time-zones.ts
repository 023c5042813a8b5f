/**
 * The IANA time zones a person can choose from (the runtime's own list), searching it the way people type
 * ("new york", "berlin", "buenos"), and the zone of this computer as the suggestion.
 */
import { timeZoneProblem } from '../../../shared/bridge-account'

/** Every zone the runtime knows, sorted, with UTC (some runtimes leave it out of the list). */
export function allTimeZones(intl: { supportedValuesOf?: (key: 'timeZone') => string[] } = Intl): string[] {
  const zones = new Set(intl.supportedValuesOf?.('timeZone') ?? [])
  zones.add('UTC')
  return [...zones].sort((a, b) => a.localeCompare(b))
}

/** The computer's own zone, when it is a zone Booth can save; null otherwise. */
export function computerTimeZone(
  resolved: () => string = () => Intl.DateTimeFormat().resolvedOptions().timeZone,
): string | null {
  try {
    const zone = resolved()
    return zone && timeZoneProblem(zone) === null ? zone : null
  } catch {
    return null
  }
}

const fold = (text: string) =>
  text
    .toLowerCase()
    .replace(/[_\s/-]+/g, ' ')
    .trim()

/**
 * Zones matching what was typed: every word must appear; zones whose city starts with the text come
 * first, then zones whose name starts with it, then the rest, each group alphabetical.
 */
export function searchTimeZones(zones: readonly string[], query: string, limit = 50): string[] {
  const q = fold(query)
  if (q === '') return zones.slice(0, limit)
  const words = q.split(' ')
  const rank = (zone: string): number => {
    const name = fold(zone)
    const city = fold(zone.split('/').pop() ?? zone)
    if (city.startsWith(q)) return 0
    if (name.startsWith(q)) return 1
    return 2
  }
  return zones
    .filter((zone) => {
      const name = fold(zone)
      return words.every((w) => name.includes(w))
    })
    .map((zone) => ({ zone, rank: rank(zone) }))
    .sort((a, b) => a.rank - b.rank || a.zone.localeCompare(b.zone))
    .slice(0, limit)
    .map((x) => x.zone)
}

/** "14:05" now in `zone`, to show next to a choice; empty when the zone is unknown. */
export function clockIn(zone: string, now: number): string {
  try {
    return new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit' }).format(
      new Date(now),
    )
  } catch {
    return ''
  }
}

/** The zone typed text names exactly (any case; spaces may stand for _), or null. */
export function matchTimeZone(zones: readonly string[], text: string): string | null {
  const wanted = text.trim().replace(/\s+/g, '_').toLowerCase()
  if (wanted === '') return null
  return zones.find((zone) => zone.toLowerCase() === wanted) ?? null
}
