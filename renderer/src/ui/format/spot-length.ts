/**
 * Spot lengths the way the trade writes them: ":30", ":15", ":60"; anything longer than a minute as
 * "1:30", "2:00". Fractions keep one decimal (":29.5"). Zero or a bad number means "not set" → "—".
 */
export function formatSpotLength(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds <= 0) return '—'
  const rounded = Math.round(seconds * 10) / 10
  const whole = Math.floor(rounded)
  const tenth = Math.round((rounded - whole) * 10)
  const frac = tenth ? `.${tenth}` : ''
  if (rounded <= 60) return `:${String(whole).padStart(2, '0')}${frac}`
  const minutes = Math.floor(whole / 60)
  const secs = whole % 60
  return `${minutes}:${String(secs).padStart(2, '0')}${frac}`
}

/** Words for screen readers and tooltips: "30 seconds", "1 minute 30 seconds". */
export function describeSpotLength(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds <= 0) return 'length not set'
  const rounded = Math.round(seconds * 10) / 10
  const minutes = rounded > 60 ? Math.floor(rounded / 60) : 0
  const rest = Math.round((rounded - minutes * 60) * 10) / 10
  const parts: string[] = []
  if (minutes) parts.push(`${minutes} minute${minutes === 1 ? '' : 's'}`)
  if (rest || !minutes) parts.push(`${rest} second${rest === 1 ? '' : 's'}`)
  return parts.join(' ')
}
