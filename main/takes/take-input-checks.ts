/**
 * Checks of what callers (the bridge, other services) hand the TakeStore: ids that become folder and file
 * names, labels, notes. Each failure is a TakeInputError with one sentence for the person.
 */
import { TAKE_KINDS } from '../audio/preflight'
import { API_ID_PATTERN } from '../../shared/check'
import { TAKE_LABELS, type TakeKind, type TakeLabel } from './take-types'

/** Take ids name metadata files. */
export const TAKE_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/

export class TakeInputError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'TakeInputError'
  }
}

export function checkJobId(jobId: unknown): string {
  if (typeof jobId !== 'string' || !API_ID_PATTERN.test(jobId) /* job ids also name folders, so nothing else is accepted */) {
    throw new TakeInputError(`"${String(jobId)}" is not a job id (expected digits, like 1042).`)
  }
  return jobId
}

export function checkTakeId(takeId: unknown): string {
  if (typeof takeId !== 'string' || !TAKE_ID_PATTERN.test(takeId)) {
    throw new TakeInputError(`"${String(takeId)}" is not a take id.`)
  }
  return takeId
}

export function checkLabel(label: unknown): TakeLabel {
  if (typeof label !== 'string' || !(TAKE_LABELS as readonly string[]).includes(label)) {
    throw new TakeInputError(`"${String(label)}" is not a take label; use one of ${TAKE_LABELS.join(', ')}.`)
  }
  return label as TakeLabel
}

const MAX_NOTE = 1000

/** A take note: text of at most 1000 characters (the API's limit); blank becomes null. */
export function checkNote(note: unknown): string | null {
  if (note === null || note === undefined) return null
  if (typeof note !== 'string') throw new TakeInputError('A take note must be text.')
  if (note.length > MAX_NOTE) throw new TakeInputError(`A take note can be at most ${MAX_NOTE} characters (this one has ${note.length}).`)
  return note.trim() === '' ? null : note
}

/** What the store needs to know of the job a take belongs to (from the API's job summary). */
export interface JobFacts {
  /** The job's spot length in seconds; null when unknown. */
  spotLengthS: number | null
  kind: TakeKind
}

/** Reads the job facts of record/import options, checking them. */
export function jobFacts(o: { spotLengthS?: number | null; kind?: TakeKind }): JobFacts {
  const spot = o.spotLengthS ?? null
  if (spot !== null && !(typeof spot === 'number' && Number.isFinite(spot) && spot >= 0)) {
    throw new TakeInputError(`The spot length must be zero or more seconds, or unknown (got ${String(spot)}).`)
  }
  const kind = o.kind ?? 'not_set'
  if (!TAKE_KINDS.includes(kind)) throw new TakeInputError(`"${String(kind)}" is not a job kind; use one of ${TAKE_KINDS.join(', ')}.`)
  return { spotLengthS: spot, kind }
}
