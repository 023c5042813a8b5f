import { describe, expect, it } from 'vitest'
import { describeSpotLength, formatSpotLength } from '../../../../renderer/src/ui/format/spot-length'
import { formatRelativeTime } from '../../../../renderer/src/ui/format/relative-time'
import { formatMoney, formatMoneyWithCode } from '../../../../renderer/src/ui/format/money'
import { formatFileSize } from '../../../../renderer/src/ui/format/file-size'
import { dayNumber, formatCalendarDate, formatTimestamp } from '../../../../renderer/src/ui/format/calendar-dates'
import { offlineBannerText } from '../../../../renderer/src/jobs/OfflineBanner'
import { okText } from '../../../../renderer/src/ui/ConnectivityStatus'

describe('formatSpotLength', () => {
  it('writes spots the trade way', () => {
    expect(formatSpotLength(30)).toBe(':30')
    expect(formatSpotLength(15)).toBe(':15')
    expect(formatSpotLength(5)).toBe(':05')
    expect(formatSpotLength(60)).toBe(':60')
    expect(formatSpotLength(90)).toBe('1:30')
    expect(formatSpotLength(120)).toBe('2:00')
    expect(formatSpotLength(29.5)).toBe(':29.5')
  })
  it('says "not set" for zero and bad numbers', () => {
    expect(formatSpotLength(0)).toBe('—')
    expect(formatSpotLength(-3)).toBe('—')
    expect(formatSpotLength(Number.NaN)).toBe('—')
    expect(describeSpotLength(0)).toBe('length not set')
  })
  it('describes lengths in words', () => {
    expect(describeSpotLength(30)).toBe('30 seconds')
    expect(describeSpotLength(1)).toBe('1 second')
    expect(describeSpotLength(90)).toBe('1 minute 30 seconds')
    expect(describeSpotLength(120)).toBe('2 minutes')
  })
})

describe('formatRelativeTime', () => {
  const now = Date.UTC(2025, 2, 5, 12, 0, 0)
  it('says how long ago', () => {
    expect(formatRelativeTime(now - 10_000, now)).toBe('just now')
    expect(formatRelativeTime(now - 60_000, now)).toBe('1 minute ago')
    expect(formatRelativeTime(now - 5 * 60_000, now)).toBe('5 minutes ago')
    expect(formatRelativeTime(now - 2 * 3_600_000, now)).toBe('2 hours ago')
    expect(formatRelativeTime(now - 24 * 3_600_000, now)).toBe('yesterday')
    expect(formatRelativeTime(now - 3 * 86_400_000, now)).toBe('3 days ago')
    expect(formatRelativeTime(now - 60 * 86_400_000, now)).toBe('2 months ago')
    expect(formatRelativeTime(now - 800 * 86_400_000, now)).toBe('2 years ago')
  })
  it('says how long until', () => {
    expect(formatRelativeTime(now + 5 * 60_000, now)).toBe('in 5 minutes')
    expect(formatRelativeTime(now + 3 * 86_400_000, now)).toBe('in 3 days')
  })
  it('copes with bad input', () => {
    expect(formatRelativeTime(Number.NaN, now)).toBe('at an unknown time')
  })
  it('builds the offline banner sentence', () => {
    expect(offlineBannerText(now - 2 * 3_600_000, now)).toBe('Offline — showing jobs saved 2 hours ago')
    // The service answered, with something Booth cannot use (too large): saved copies, but not "offline".
    expect(offlineBannerText(now - 2 * 3_600_000, now, false, true)).toBe(
      "Showing jobs saved 2 hours ago: the service's latest answer could not be used",
    )
  })
})

describe('money and sizes', () => {
  it('formats money with its symbol and grouping', () => {
    expect(formatMoney({ amount: '1250.00', currency: 'USD', symbol: '$' })).toBe('$1,250.00')
    expect(formatMoney({ amount: '-12.50', currency: 'EUR', symbol: '€' })).toBe('−€12.50')
    expect(formatMoneyWithCode({ amount: '275.00', currency: 'GBP', symbol: '£' })).toBe('£275.00 GBP')
    expect(formatMoneyWithCode({ amount: '10.00', currency: 'CHF', symbol: 'CHF' })).toBe('CHF10.00')
  })
  it('formats file sizes', () => {
    expect(formatFileSize(1)).toBe('1 byte')
    expect(formatFileSize(999)).toBe('999 bytes')
    expect(formatFileSize(1_400_000)).toBe('1.4 MB')
    expect(formatFileSize(820_000)).toBe('820 KB')
    expect(formatFileSize(-1)).toBe('unknown size')
  })
})

describe('calendar dates', () => {
  it('reads only real YYYY-MM-DD dates', () => {
    expect(dayNumber('1970-01-02')).toBe(1)
    expect(dayNumber('2025-02-30')).toBeNull()
    expect(dayNumber('2025-2-3')).toBeNull()
  })
  it('prints dates without shifting them by time zone', () => {
    expect(formatCalendarDate('2025-03-05', '2025-01-01')).toBe('Wed, Mar 5')
    expect(formatCalendarDate('2026-03-05', '2025-01-01')).toBe('Thu, Mar 5, 2026')
    expect(formatCalendarDate('soon', '2025-01-01')).toBe('soon')
  })
  it('never throws on timestamps out of range', () => {
    expect(formatTimestamp(9_007_199_254_740_991)).toBe('unknown time')
    expect(formatTimestamp(null)).toBe('unknown time')
  })
})

describe('the connection line while nothing has failed', () => {
  it('says "checking" until the service has answered once (a stalled launch is not "connected"), then when it last did', () => {
    const now = Date.UTC(2026, 10, 25, 12, 0, 0)
    expect(okText(null, now)).toBe('Checking the service…')
    expect(okText({ lastOkAt: null }, now)).toBe('Checking the service…')
    expect(okText({ lastOkAt: now - 60_000 }, now)).toMatch(/^Up to date · checked /)
  })
})
