/**
 * A take's versions in words for the take row: the version mark beside the take's one name, what a
 * version's read-back says, its measurement in one line, and what a version under way is doing.
 * Pure: every figure comes from the take (shared/versions/types.ts), every word is made here.
 */
import type { Preflight } from '../../../../shared/bridge-takes'
import type { TakeVersion, VersionReadback } from '../../../../shared/versions/types'
import { clockOfTenths, formatLoudness, formatPeak, formatTakeLength } from '../take-numbers'

/** The version a take plays and delivers: its current_version, or 1 for a take never fixed. */
export function currentVersionNumber(take: { current_version?: number }): number {
  return take.current_version ?? 1
}

/** "v3" beside the take's name once it has more than one version; null while it has only its recording. */
export function versionMark(take: { versions?: readonly TakeVersion[]; current_version?: number }): string | null {
  if (!take.versions || take.versions.length < 2) return null
  return `v${currentVersionNumber(take)}`
}

/** What a version's read-back says, with the tone to show it in. */
export function versionReadbackWords(readback: VersionReadback | null): {
  text: string
  tone: 'success' | 'warning' | 'muted'
} {
  if (!readback) return { text: 'Not read back', tone: 'muted' }
  if (readback.clean) return { text: 'Reads clean', tone: 'success' }
  const summary = readback.summary.trim()
  return { text: summary === '' ? 'Differs from the script' : `Differs from the script: ${summary}`, tone: 'warning' }
}

/** "12.3 s · −16.2 LUFS · peak −1.3 dBFS"; "Not measured" when there is no measurement. */
export function versionFigures(preflight: Preflight | null): string {
  if (!preflight || !preflight.measured) return 'Not measured'
  return `${formatTakeLength(preflight.duration_s)} · ${formatLoudness(preflight.lufs)} · peak ${formatPeak(preflight.peak_dbfs)}`
}

/** A version's headline: "v2 · Sentence 2 replaced from Pickup 3, +0.4 s." (version 1: "the recording"). */
export function versionHeadline(version: Pick<TakeVersion, 'number' | 'operation' | 'summary'>): string {
  const what =
    version.summary.trim() !== ''
      ? version.summary.trim()
      : version.operation === 'comp'
        ? 'The comp as rendered.'
        : 'The recording as made.'
  return `v${version.number} · ${what}`
}

/** The version undo goes back to: the one the current version was made from; null for version 1. */
export function undoTarget(take: { versions?: readonly TakeVersion[]; current_version?: number }): number | null {
  const current = take.versions?.find((v) => v.number === currentVersionNumber(take))
  const target = current?.made_from ?? null
  // A version whose record cannot be read cannot be gone back to.
  return target !== null && take.versions?.find((v) => v.number === target)?.unreadable ? null : target
}

/** "False start at 0:03.2 (1.1 s)": a read-back restart stretch as a button names it. */
export function restartWords(restart: { from_s: number; to_s: number }): string {
  const length = Math.max(0, restart.to_s - restart.from_s)
  return `false start at ${clockOfTenths(Math.floor(restart.from_s * 10))} (${length.toFixed(1)} s)`
}
