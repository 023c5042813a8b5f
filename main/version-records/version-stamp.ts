/**
 * Which version of a take a piece of work was made for: its number and its render (null: the take's own
 * recording). A read-back, a measurement, a trim or a new version made from a version is kept only while
 * the take's current version, read afresh from disk under the take's lock, is still that one: the number
 * alone would not do, since undo and a new fix can bring another version to the same place in a race.
 * A leaf module: it imports only version-meta.
 */
import type { TakeVersion } from '../../shared/versions/types'
import { currentVersion } from './version-meta'

export interface VersionStamp {
  number: number
  render_key: string | null
}

type Versioned = { versions?: TakeVersion[]; current_version?: number }

/** The stamp of the take's current version. */
export function currentStamp(meta: Versioned): VersionStamp {
  return { number: meta.current_version ?? 1, render_key: currentVersion(meta)?.render_key ?? null }
}

/** The stamp of version `n` of the take, or null when the take has no such version. */
export function stampOf(meta: Versioned, n: number): VersionStamp | null {
  if (!meta.versions) return n === 1 ? { number: 1, render_key: null } : null
  const v = meta.versions.find((x) => x.number === n)
  return v ? { number: n, render_key: v.render_key ?? null } : null
}

export function sameStamp(a: VersionStamp | null, b: VersionStamp | null): boolean {
  return a !== null && b !== null && a.number === b.number && a.render_key === b.render_key
}

/** Whether the take's current version is still the one `stamp` names. */
export function stillCurrent(meta: Versioned, stamp: VersionStamp): boolean {
  return sameStamp(currentStamp(meta), stamp)
}
