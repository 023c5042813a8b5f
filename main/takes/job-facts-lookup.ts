/**
 * What a new take needs to know of its job (file-name stem, spot length, kind): from the saved copy of
 * the job in the offline cache when there is one (so recording starts at once on a plane and a take
 * imported offline is still named by the job's stem and measured against its spot length), else read from
 * the API in one quick try, and remembered per job. With neither, a take is still made: with the job id as
 * its stem, no spot length and kind "not_set" (its measurement then skips the length verdict).
 */
import type { TalentClient } from '../api/client'
import type { Log } from '../logging/redacting-log'
import type { TakeKind } from './take-types'
import { API_ID_PATTERN } from '../../shared/check'
import type { JobDetail } from '../../shared/bridge'
import { stemWithKeyNumber } from './take-naming'

export interface JobFactsForTake {
  stem: string | null
  spotLengthS: number | null
  kind: TakeKind
}

const UNKNOWN: JobFactsForTake = { stem: null, spotLengthS: null, kind: 'not_set' }
/** The API is asked once, with a short timeout: a take must not wait for a service that does not answer. */
const QUICK_LOOKUP_MS = 5_000

type SavedJobReader = (
  jobId: string,
) => Promise<(Pick<JobDetail, 'suggested_stem' | 'length_s' | 'kind'> & Partial<Pick<JobDetail, 'key_number'>>) | null>

const factsOf = (
  job: Pick<JobDetail, 'suggested_stem' | 'length_s' | 'kind'> & Partial<Pick<JobDetail, 'key_number'>>,
): JobFactsForTake => ({
  // The key number keeps its own hyphens in the take's name (take-naming.ts stemWithKeyNumber).
  stem: stemWithKeyNumber(job.suggested_stem, job.key_number),
  spotLengthS:
    typeof job.length_s === 'number' && Number.isFinite(job.length_s) && job.length_s >= 0 ? job.length_s : null,
  kind: job.kind === 'dry_voice' || job.kind === 'finished_spot' ? job.kind : 'not_set',
})

export function createJobFactsLookup(
  client: () => TalentClient | null,
  log: Log,
  savedJob: SavedJobReader = async () => null,
) {
  const known = new Map<string, JobFactsForTake>()
  return async (jobId: string): Promise<JobFactsForTake> => {
    const cached = known.get(jobId)
    if (cached) return cached
    const saved = API_ID_PATTERN.test(jobId) ? await savedJob(jobId).catch(() => null) : null
    if (saved) {
      const facts = factsOf(saved)
      known.set(jobId, facts)
      return facts
    }
    const api = client()
    if (!api) return UNKNOWN
    try {
      const { job } = await api.getJob(jobId, {
        retry: { maxAttempts: 1 },
        signal: AbortSignal.timeout(QUICK_LOOKUP_MS),
      })
      const facts = factsOf(job)
      known.set(jobId, facts)
      return facts
    } catch (err) {
      log.warn('could not read the job for a new take, and there is no saved copy; using defaults', {
        jobId,
        err: err instanceof Error ? err.message : String(err),
      })
      return UNKNOWN
    }
  }
}
