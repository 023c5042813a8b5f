/**
 * "2 hours ago", "in 5 minutes", "just now", "yesterday": how old cached data is, when a key expires.
 * Both arguments are milliseconds since the epoch (main normalises API timestamps to milliseconds).
 */
const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

const rtf = new Intl.RelativeTimeFormat('en', { numeric: 'auto' })

export function formatRelativeTime(then: number, now: number): string {
  if (!Number.isFinite(then) || !Number.isFinite(now)) return 'at an unknown time'
  const diff = then - now
  const abs = Math.abs(diff)
  if (abs < 45_000) return 'just now'
  const sign = diff < 0 ? -1 : 1
  if (abs < 45 * MINUTE) return rtf.format(sign * Math.max(1, Math.round(abs / MINUTE)), 'minute')
  if (abs < 22 * HOUR) return rtf.format(sign * Math.max(1, Math.round(abs / HOUR)), 'hour')
  if (abs < 26 * DAY) return rtf.format(sign * Math.max(1, Math.round(abs / DAY)), 'day')
  if (abs < 320 * DAY) return rtf.format(sign * Math.max(1, Math.round(abs / (30 * DAY))), 'month')
  return rtf.format(sign * Math.max(1, Math.round(abs / (365 * DAY))), 'year')
}
