/**
 * What a new take needs to know of its job (file-name stem, spot length, kind), read from the API and
 * remembered per job. Offline or signed out, a take is still made: with the job id as its stem, no spot
 * length and kind "not_set" (its measurement then skips the length verdict).
 */
import type { TalentClient } from '../api/client'
import type { Log } from '../desktop/redacting-log'
import type { TakeKind } from '../takes/take-types'

export interface JobFactsForTake {
  stem: string | null
  spotLengthS: number | null
  kind: TakeKind
}

const UNKNOWN: JobFactsForTake = { stem: null, spotLengthS: null, kind: 'not_set' }

export function createJobFactsLookup(client: () => TalentClient | null, log: Log) {
  const known = new Map<string, JobFactsForTake>()
  return async (jobId: string): Promise<JobFactsForTake> => {
    const cached = known.get(jobId)
    if (cached) return cached
    const api = client()
    if (!api) return UNKNOWN
    try {
      const { job } = await api.getJob(jobId)
      const facts: JobFactsForTake = { stem: job.suggested_stem, spotLengthS: job.length_s, kind: job.kind }
      known.set(jobId, facts)
      return facts
    } catch (err) {
      log.warn('could not read the job for a new take; using defaults', { jobId, err: err instanceof Error ? err.message : String(err) })
      return UNKNOWN
    }
  }
}
