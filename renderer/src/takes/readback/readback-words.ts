/** Words for Booth's read-back on screen: verdicts, kinds, times. Pure. */
import type { ReadbackIssue } from '../../../../shared/readback/types'
import type { ReadbackState } from '../../../../shared/bridge-readback'
import { issueCertainty, type Certainty } from '../../../../shared/readback/certainty'
import { clockOfTenths } from '../take-numbers'

export const READBACK_LABEL = 'Booth’s read-back'
export const READBACK_DISCLAIMER = 'Checked on this computer by Booth — not the platform’s audio check.'

export const VERDICT_WORDS: Record<'matches' | 'check' | 'mismatch', string> = {
  matches: 'Matches the script',
  check: 'Worth a listen',
  mismatch: 'Differs from the script',
}

export const KIND_WORDS: Record<ReadbackIssue['kind'], string> = {
  missing: 'Skipped',
  changed: 'Changed',
  extra: 'Added',
  repeated: 'Repeated',
}

/** How sure Booth is of a finding, in the words the talent sees: "Differs" only when sure. */
export const CERTAINTY_WORDS: Record<Certainty, string> = { sure: 'Differs', unsure: 'Listen here' }

/** The word a finding is listed under: a restart and a soft slip by their kind, the rest by how sure Booth is. */
export function findingWord(i: ReadbackIssue): string {
  if (i.restart) return 'Restart'
  if (i.severity === 'soft') return KIND_WORDS[i.kind]
  return CERTAINTY_WORDS[issueCertainty(i)]
}

/** The kind of an issue in one word, naming a restart and a finding Booth is not sure of as what they are. */
export function issueKindWord(i: ReadbackIssue): string {
  if (i.restart) return 'Restart'
  if (issueCertainty(i) === 'unsure') return CERTAINTY_WORDS.unsure
  return KIND_WORDS[i.kind]
}

/**
 * Seconds as m:ss.s. The seconds are rounded to tenths as toFixed(1) rounds them (a half-way time by its
 * binary value: 0.15 is "0:00.1"), and 59.96 carries into the next minute ("1:00.0").
 */
export function clock(s: number): string {
  const minutes = Math.floor(s / 60)
  return clockOfTenths(minutes * 600 + Math.round(Number((s - minutes * 60).toFixed(1)) * 10))
}

export function describeReadbackIssue(i: ReadbackIssue): string {
  if (i.restart) return `A false start${i.heard ? ` (“${i.heard}”)` : ''}: the reading stopped and began again here`
  if (i.confidence === 'unsure')
    return i.heard
      ? `“${i.expected ?? ''}” may have been read as “${i.heard}”`
      : `“${i.expected ?? ''}” could not be told apart from another reading`
  if (i.kind === 'missing') return `“${i.expected ?? ''}” was not heard${i.heard ? ` (only “${i.heard}”)` : ''}`
  if (i.kind === 'changed')
    return `“${i.expected ?? ''}” sounded like “${i.heard ?? ''}”${issueCertainty(i) === 'unsure' ? ' (Booth is not sure: listen)' : ''}`
  if (i.kind === 'repeated') return `“${i.heard ?? ''}” was said again`
  return `“${i.heard ?? ''}” is not in the script`
}

/**
 * What the read-back's state line says. Not known yet (main not asked yet, or not answered): "…", never
 * "Not checked yet." about a take main has read back.
 */
export function statusWords(s: ReadbackState | undefined): string | null {
  if (!s) return '…'
  if (s.status === 'none') return 'Not checked yet.'
  if (s.status === 'queued') return 'Waiting to listen…'
  if (s.status === 'running') return 'Listening to the take…'
  if (s.status === 'done') return null
  return s.message ?? 'The read-back could not run.'
}

/** Where playback starts for an issue: a moment before it, so the talent hears it come. */
const LEAD_IN_S = 1.5
export function playFrom(atS: number | null): number {
  return Math.max(0, (atS ?? 0) - LEAD_IN_S)
}
