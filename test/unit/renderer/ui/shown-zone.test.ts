/**
 * Times of day name their zone where two zones can differ: Booth prints them in this computer's zone, and
 * when the talent's zone (their preference) has another UTC offset at that instant, the time says which
 * zone it is in. When both agree, or the talent's zone is unknown, nothing is added.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { computerZone, setTalentZone, shownZones, zoneNote } from '../../../../shared/format/shown-zone'
import { clockTime } from '../../../../shared/clock-time'
import { formatTimestamp } from '../../../../renderer/src/ui/format/calendar-dates'

/** 9 Mar 2026 14:05 UTC: New York is already on daylight time (EDT), London is not yet. */
const at = Date.UTC(2026, 2, 9, 14, 5)

afterEach(() => setTalentZone(null))

describe('zoneNote', () => {
  it('names the computer’s zone only when the talent’s zone differs at that instant', () => {
    expect(zoneNote(at, { computer: 'America/New_York', talent: 'Europe/London' })).toBe(' EDT')
    expect(zoneNote(at, { computer: 'Europe/Berlin', talent: 'Europe/London' })).toBe(' GMT+1')
    expect(zoneNote(at, { computer: 'Europe/London', talent: 'Europe/London' })).toBe('')
    // Different names, same offset at that instant: nothing to tell apart.
    expect(zoneNote(at, { computer: 'Europe/London', talent: 'Africa/Abidjan' })).toBe('')
    // London and Lisbon agree in winter and summer alike; Berlin and London never do.
    expect(zoneNote(Date.UTC(2026, 6, 1, 12), { computer: 'Europe/Lisbon', talent: 'Europe/London' })).toBe('')
    // Unknown talent zone, a bad zone name or no instant: nothing is added.
    expect(zoneNote(at, { computer: 'America/New_York', talent: null })).toBe('')
    expect(zoneNote(at, { computer: 'America/New_York', talent: 'Mars/Olympus' })).toBe('')
    expect(zoneNote(Number.NaN, { computer: 'America/New_York', talent: 'Europe/London' })).toBe('')
  })
  it('learns the talent’s zone once, for every formatter of this side', () => {
    const other = computerZone() === 'Asia/Tokyo' ? 'Europe/London' : 'Asia/Tokyo'
    expect(clockTime(at)).toMatch(/^\d\d:\d\d$/)
    expect(formatTimestamp(at)).not.toMatch(/(GMT|UTC|[A-Z]{3,4})$/)
    setTalentZone(other)
    expect(shownZones()).toEqual({ computer: computerZone(), talent: other })
    const name = zoneNote(at)
    expect(name).not.toBe('')
    expect(clockTime(at)).toBe(`${clockTime(at, { computer: computerZone(), talent: null })}${name}`)
    expect(formatTimestamp(at)).toBe(`${formatTimestamp(at, { computer: computerZone(), talent: null })}${name}`)
    setTalentZone('Not/AZone')
    expect(shownZones().talent).toBeNull()
    setTalentZone(computerZone())
    expect(clockTime(at)).toMatch(/^\d\d:\d\d$/)
  })
})
