/**
 * What a version changed, in words for the take row: "Sentence 2 replaced from Pickup 3, +0.4 s.",
 * "Punched in at sentence 4 (latency 40.0 ms, calibrated), −0.2 s.", "False start cut at 0:12.4, −1.8 s.",
 * "Removed line cut: sentence 3 of revision 1, “Visit us today.”, −2.9 s.".
 * Pure.
 */
import type { VersionChange } from '../../../shared/versions/types'
import { clockOf } from './version-times'

export function signedSeconds(s: number): string {
  const r = Math.round(s * 10) / 10
  return `${r < 0 ? '−' : '+'}${Math.abs(r).toFixed(1)} s`
}

/** One change in words, without its length: "Sentence 2 replaced from Pickup 3". */
export function changePhrase(c: VersionChange): string {
  const from = c.source_name ? ` from ${c.source_name}` : ''
  if (c.kind === 'replaced') return `Sentence ${c.sentence} replaced${from}`
  if (c.kind === 'inserted') return `Sentence ${c.sentence} (skipped in the take) put in${from}`
  if (c.kind === 'added') return `Sentence ${c.sentence} (added to the script since the take) put in${from}`
  if (c.kind === 'punched') return `Punched in before sentence ${c.sentence}${from}`
  if (c.kind === 'removed') return removedPhrase(c)
  return `False start cut at ${clockOf(c.at_s)}`
}

/** "Removed line cut: sentence 3 of revision 1, “Visit us today.”" (the line shortened past 60 characters). */
function removedPhrase(c: VersionChange): string {
  const r = c.removed_line
  if (!r) return 'Removed line cut'
  const text = r.text.length > 60 ? `${r.text.slice(0, 59)}…` : r.text
  return `Removed line cut: sentence ${r.sentence} of ${r.revision_number ? `revision ${r.revision_number}` : 'the take’s script'}, “${text}”`
}

/** One sentence for a version's changes, with the change in length (given: against the version it was made from). */
export function summarize(changes: readonly VersionChange[], extra = '', lengthChangeS?: number): string {
  if (changes.length === 0) return 'No change.'
  const total = lengthChangeS ?? changes.reduce((a, c) => a + c.delta_s, 0)
  return `${changes.map(changePhrase).join('; ')}${extra}, ${signedSeconds(total)}.`
}
