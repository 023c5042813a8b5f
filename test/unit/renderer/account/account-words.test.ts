/** Time zones, working days and consent changes as the account pages show them. */
import { describe, expect, it } from 'vitest'
import { timeZoneProblem } from '../../../../shared/bridge-account'
import { allTimeZones, clockIn, computerTimeZone, searchTimeZones } from '../../../../renderer/src/account/time-zones'
import { describeDays, toggleDay, weekdayName } from '../../../../renderer/src/account/weekdays'
import { consentChanges } from '../../../../renderer/src/account/consent-words'

describe('time zones', () => {
  const zones = allTimeZones()

  it('lists the runtime zones with UTC, sorted, every one savable', () => {
    expect(zones).toContain('UTC')
    expect(zones).toContain('Europe/Berlin')
    expect([...zones].sort((a, b) => a.localeCompare(b))).toEqual(zones)
    expect(zones.filter((z) => timeZoneProblem(z) !== null)).toEqual([])
    expect(allTimeZones({})).toEqual(['UTC'])
  })

  it('finds zones the way people type them', () => {
    expect(searchTimeZones(zones, 'new york')[0]).toBe('America/New_York')
    expect(searchTimeZones(zones, 'BERLIN')).toEqual(['Europe/Berlin'])
    expect(searchTimeZones(zones, 'buenos')[0]).toMatch(/^America\/(Argentina\/)?Buenos_Aires$/)
    expect(searchTimeZones(zones, 'europe lon')).toEqual(['Europe/London'])
    expect(searchTimeZones(zones, 'xyzzy')).toEqual([])
    expect(searchTimeZones(zones, '', 3)).toHaveLength(3)
  })

  it('suggests this computer’s zone only when it can be saved', () => {
    expect(computerTimeZone(() => 'Asia/Tokyo')).toBe('Asia/Tokyo')
    expect(computerTimeZone(() => '+05:30')).toBeNull()
    expect(
      computerTimeZone(() => {
        throw new Error('no Intl')
      }),
    ).toBeNull()
  })

  it('shows the time there', () => {
    expect(clockIn('UTC', Date.UTC(2025, 0, 1, 14, 5))).toBe('14:05')
    expect(clockIn('Nowhere/Place', 0)).toBe('')
  })
})

describe('working days', () => {
  it('names days 1 = Monday to 7 = Sunday, with ranges', () => {
    expect(weekdayName(1)).toBe('Monday')
    expect(weekdayName(7)).toBe('Sunday')
    expect(describeDays([1, 2, 3, 4, 5])).toBe('Monday to Friday')
    expect(describeDays([5, 1, 3])).toBe('Monday, Wednesday and Friday')
    expect(describeDays([1, 2, 6, 7])).toBe('Monday, Tuesday, Saturday and Sunday')
    expect(describeDays([1, 2, 3, 5, 6, 7])).toBe('Monday to Wednesday and Friday to Sunday')
    expect(describeDays([1, 2, 3, 4, 5, 6, 7])).toBe('every day')
    expect(describeDays([])).toBe('no days')
  })

  it('toggles a day and keeps the order', () => {
    expect(toggleDay([1, 5], 3)).toEqual([1, 3, 5])
    expect(toggleDay([1, 3, 5], 3)).toEqual([1, 5])
  })
})

describe('consent changes', () => {
  const current = { set: true, dsp: 'yes' as const, ai_word_fixes: 'ask' as const, ai_versions: null, updated_at: 1 }
  it('names each change from the old answer to the new one', () => {
    expect(consentChanges(current, { ai_word_fixes: 'ask', ai_versions: 'no' })).toEqual([
      'AI versions: from “not answered” to “No”',
    ])
    expect(consentChanges(current, { ai_word_fixes: 'yes', ai_versions: 'ask' })).toEqual([
      'AI word fixes: from “Ask me” to “Yes”',
      'AI versions: from “not answered” to “Ask me”',
    ])
    expect(consentChanges({ ...current, ai_versions: 'no' }, { ai_word_fixes: 'ask', ai_versions: 'no' })).toEqual([])
  })
})
