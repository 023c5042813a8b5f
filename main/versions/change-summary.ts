/**
 * What a version changed, in words for the take row: "Sentence 2 replaced from Pickup 3, +0.4 s.",
 * "Punched in at sentence 4 (latency 40.0 ms, calibrated), −0.2 s.", "False start cut at 0:12.4, −1.8 s.".
 * Pure.
 */
import type { VersionChange } from '../../shared/versions/types'
import { clockOf } from './version-times'

export function signedSeconds(s: number): string {
  const r = Math.round(s * 10) / 10
  return `${r < 0 ? '−' : '+'}${Math.abs(r).toFixed(1)} s`
}

function phrase(c: VersionChange): string {
  const from = c.source_name ? ` from ${c.source_name}` : ''
  if (c.kind === 'replaced') return `Sentence ${c.sentence} replaced${from}`
  if (c.kind === 'inserted') return `Sentence ${c.sentence} (skipped in the take) put in${from}`
  if (c.kind === 'added') return `Sentence ${c.sentence} (added to the script since the take) put in${from}`
  if (c.kind === 'punched') return `Punched in before sentence ${c.sentence}${from}`
  return `False start cut at ${clockOf(c.at_s)}`
}

/** One sentence for a version's changes, with the change in length (given: against the version it was made from). */
export function summarize(changes: readonly VersionChange[], extra = '', lengthChangeS?: number): string {
  if (changes.length === 0) return 'No change.'
  const total = lengthChangeS ?? changes.reduce((a, c) => a + c.delta_s, 0)
  return `${changes.map(phrase).join('; ')}${extra}, ${signedSeconds(total)}.`
}
