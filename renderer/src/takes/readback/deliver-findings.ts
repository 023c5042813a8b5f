/**
 * What Booth's read-back says before a take goes out, pure: the findings to list (every one that is more
 * than a soft slip, each with how sure Booth is), and whether to ask "anyway?" first. Only a finding Booth
 * is sure of ("Differs") asks; findings it is not sure of ("Listen here") are listed in the delivery's
 * own confirmation, never a second question, so the talent does not learn to click through it.
 */
import type { ReadbackState } from '../../../../shared/bridge-readback'
import { differs } from '../../../../shared/readback/certainty'
import type { ReadbackIssue } from '../../../../shared/readback/types'

export interface DeliverFindings {
  /** The findings to name, in the take's order. */
  listed: ReadbackIssue[]
  /** How many of them Booth is sure of: these make delivery ask "anyway?". */
  sure: number
}

export function deliverFindings(state: ReadbackState | undefined): DeliverFindings {
  // A take in which no speech was heard at all (a tone, music) does not hold delivery up.
  const result = state?.status === 'done' ? state.result : null
  if (!result || result.words.length === 0) return { listed: [], sure: 0 }
  const listed = result.check.issues.filter((i) => i.severity !== 'soft')
  return { listed, sure: listed.filter(differs).length }
}

/** The sentence above the list: how many findings, and how many Booth is sure of. */
export function findingsSentence(f: DeliverFindings): string {
  const n = f.listed.length
  const unsure = n - f.sure
  const places = `${n} ${n === 1 ? 'place' : 'places'}`
  if (f.sure === 0) return `Booth’s read-back is not sure of ${places} in this take: listen before you send it.`
  if (unsure === 0) return `Booth’s read-back is sure this take differs from the script at ${places}.`
  return `Booth’s read-back is sure this take differs from the script at ${f.sure} of ${places}; listen to the other ${unsure}.`
}
