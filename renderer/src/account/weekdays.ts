/** Working days in words: 1 = Monday … 7 = Sunday (ISO 8601, as the API numbers them). */
import { WEEKDAY_NAMES } from '../../../shared/bridge-account'

export function weekdayName(day: number): string {
  return WEEKDAY_NAMES[day - 1] ?? `day ${day}`
}

/** "Monday to Friday", "Monday, Wednesday and Friday", "every day", "no days". Runs of 3+ are ranges. */
export function describeDays(days: readonly number[]): string {
  const sorted = [...new Set(days)].filter((d) => d >= 1 && d <= 7).sort((a, b) => a - b)
  if (sorted.length === 0) return 'no days'
  if (sorted.length === 7) return 'every day'
  const parts: string[] = []
  for (let i = 0; i < sorted.length;) {
    let j = i
    while (j + 1 < sorted.length && sorted[j + 1] === (sorted[j] as number) + 1) j++
    const start = sorted[i] as number
    const end = sorted[j] as number
    if (end - start >= 2) parts.push(`${weekdayName(start)} to ${weekdayName(end)}`)
    else for (let k = i; k <= j; k++) parts.push(weekdayName(sorted[k] as number))
    i = j + 1
  }
  return parts.length === 1 ? (parts[0] as string) : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`
}

/** Toggles one day in a set of days, answering the sorted result. */
export function toggleDay(days: readonly number[], day: number): number[] {
  const set = new Set(days)
  if (set.has(day)) set.delete(day)
  else set.add(day)
  return [...set].sort((a, b) => a - b)
}
