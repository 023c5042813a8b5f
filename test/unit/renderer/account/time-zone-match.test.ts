/** Typed text committed in the time zone picker: only an exact zone name (any case, spaces for _) matches. */
import { describe, expect, it } from 'vitest'
import { allTimeZones, matchTimeZone } from '../../../../renderer/src/account/time-zones'

describe('matching typed text to a time zone', () => {
  const zones = ['America/Argentina/Buenos_Aires', 'America/New_York', 'Etc/GMT+5', 'Europe/Berlin', 'UTC']

  it('matches the exact name in any case and gives back the list’s own spelling', () => {
    expect(matchTimeZone(zones, 'Europe/Berlin')).toBe('Europe/Berlin')
    expect(matchTimeZone(zones, 'europe/berlin')).toBe('Europe/Berlin')
    expect(matchTimeZone(zones, 'EUROPE/BERLIN')).toBe('Europe/Berlin')
    expect(matchTimeZone(zones, 'utc')).toBe('UTC')
    expect(matchTimeZone(zones, 'etc/gmt+5')).toBe('Etc/GMT+5')
  })

  it('takes spaces for underscores and ignores surrounding white space', () => {
    expect(matchTimeZone(zones, 'america/new york')).toBe('America/New_York')
    expect(matchTimeZone(zones, 'America/New   York')).toBe('America/New_York')
    expect(matchTimeZone(zones, 'America/New_York')).toBe('America/New_York')
    expect(matchTimeZone(zones, '\t america/argentina/buenos aires \n')).toBe('America/Argentina/Buenos_Aires')
  })

  it('does not match part of a name', () => {
    expect(matchTimeZone(zones, 'Berlin')).toBeNull()
    expect(matchTimeZone(zones, 'new york')).toBeNull()
    expect(matchTimeZone(zones, 'Europe/Ber')).toBeNull()
    expect(matchTimeZone(zones, 'America')).toBeNull()
    expect(matchTimeZone(zones, 'Europe/Berlin/')).toBeNull()
  })

  it('does not match unknown names, empty text or offsets', () => {
    expect(matchTimeZone(zones, 'Mars/Olympus_Mons')).toBeNull()
    expect(matchTimeZone(zones, '')).toBeNull()
    expect(matchTimeZone(zones, '   ')).toBeNull()
    expect(matchTimeZone(zones, '+05:30')).toBeNull()
    expect(matchTimeZone(zones, 'UTC+1')).toBeNull()
    expect(matchTimeZone(zones, 'GMT-3')).toBeNull()
    expect(matchTimeZone(zones, 'gmt+5')).toBeNull()
  })

  it('matches only zones of the given list', () => {
    expect(matchTimeZone(['UTC'], 'Europe/Berlin')).toBeNull()
    expect(matchTimeZone([], 'UTC')).toBeNull()
  })

  it('finds zones of the runtime’s own list', () => {
    const all = allTimeZones()
    expect(matchTimeZone(all, 'america/new york')).toBe('America/New_York')
    expect(matchTimeZone(all, 'ASIA/TOKYO')).toBe('Asia/Tokyo')
    expect(matchTimeZone(all, 'utc')).toBe('UTC')
    expect(matchTimeZone(all, 'tokyo')).toBeNull()
  })
})
