/**
 * What a new take needs to know of its job (file-name stem, spot length, kind): from the saved copy of
 * the job when there is one (so recording starts at once on a plane), else read from the API in one quick
 * try, and remembered per job. With neither, a take is still made: with the job id as its stem, no spot
 * length and kind "not_set" (its measurement then skips the length verdict).
 */
import type { TalentClient } from '../api/client'
import type { JobDetail } from '../../shared/bridge'
import type { Log } from '../desktop/redacting-log'
import type { TakeKind } from '../takes/take-types'

export interface JobFactsForTake {
  stem: string | null
  spotLengthS: number | null
  kind: TakeKind
}

const UNKNOWN: JobFactsForTake = { stem: null, spotLengthS: null, kind: 'not_set' }
/** The API is asked once, briefly: a take must not wait for a service that does not answer. */
const QUICK_LOOKUP_MS = 5_000

const factsOf = (job: JobDetail): JobFactsForTake => ({ stem: job.suggested_stem, spotLengthS: job.length_s, kind: job.kind })

export function createJobFactsLookup(client: () => TalentClient | null, log: Log, savedJob: (jobId: string) => Promise<JobDetail | null> = async () => null) {
  const known = new Map<string, JobFactsForTake>()
  return async (jobId: string): Promise<JobFactsForTake> => {
    const cached = known.get(jobId)
    if (cached) return cached
    const saved = await savedJob(jobId).catch(() => null)
    if (saved) {
      const facts = factsOf(saved)
      known.set(jobId, facts)
      return facts
    }
    const api = client()
    if (!api) return UNKNOWN
    try {
      const { job } = await api.getJob(jobId, { retry: { maxAttempts: 1 }, signal: AbortSignal.timeout(QUICK_LOOKUP_MS) })
      const facts = factsOf(job)
      known.set(jobId, facts)
      return facts
    } catch (err) {
      log.warn('could not read the job for a new take; using defaults', { jobId, err: err instanceof Error ? err.message : String(err) })
      return UNKNOWN
    }
  }
}
