/**
 * A take's versions whose records could not be read (TakeVersion.unreadable), in words for main and the
 * window alike: "Version 2 could not be read; versions 1 and 3 are fine."
 */
import type { TakeVersion } from './types'

/** "versions 1 and 3", "version 1", "versions 1, 3 and 4". */
export function numbersInWords(ns: readonly number[]): string {
  if (ns.length === 1) return `version ${ns[0]}`
  return `versions ${ns.slice(0, -1).join(', ')} and ${ns[ns.length - 1]}`
}

/** "Version 2 could not be read; versions 1 and 3 are fine." — null when every version reads. */
export function unreadableNote(meta: {
  versions?: readonly Pick<TakeVersion, 'number' | 'unreadable'>[]
}): string | null {
  const all = meta.versions ?? []
  const bad = all.filter((v) => v.unreadable).map((v) => v.number)
  if (bad.length === 0) return null
  const good = all.filter((v) => !v.unreadable).map((v) => v.number)
  const named = numbersInWords(bad)
  const head = `${named.charAt(0).toUpperCase()}${named.slice(1)} could not be read`
  if (good.length === 0) return `${head}; the take's own recording is kept.`
  return `${head}; ${numbersInWords(good)} ${good.length === 1 ? 'is' : 'are'} fine.`
}
