/**
 * What a new take needs to know of its job (file-name stem, spot length, kind), read from the API and
 * remembered per job. When the API cannot be asked (offline, signed out, an error), the saved copy of the
 * job in the offline cache answers — so a take imported on a plane is still named by the job's stem and
 * measured against its spot length. With neither, a take is still made: with the job id as its stem, no
 * spot length and kind "not_set" (its measurement then skips the length verdict).
 */
import type { TalentClient } from '../api/client'
import type { Log } from '../desktop/redacting-log'
import { readSavedJob } from '../jobs/offline-cache'
import type { TakeKind } from '../takes/take-types'
import { API_ID_PATTERN } from '../../shared/check'
import type { JobDetail } from '../../shared/bridge'

export interface JobFactsForTake {
  stem: string | null
  spotLengthS: number | null
  kind: TakeKind
}

const UNKNOWN: JobFactsForTake = { stem: null, spotLengthS: null, kind: 'not_set' }

const factsOf = (job: Pick<JobDetail, 'suggested_stem' | 'length_s' | 'kind'>): JobFactsForTake => ({
  stem: typeof job.suggested_stem === 'string' ? job.suggested_stem : null,
  spotLengthS: typeof job.length_s === 'number' && Number.isFinite(job.length_s) && job.length_s >= 0 ? job.length_s : null,
  kind: job.kind === 'dry_voice' || job.kind === 'finished_spot' ? job.kind : 'not_set',
})

/**
 * `cacheRoot` is the offline cache's folder (<dataDir>/cache); without it, there is no saved copy to
 * fall back on.
 */
export function createJobFactsLookup(client: () => TalentClient | null, log: Log, cacheRoot?: string) {
  const known = new Map<string, JobFactsForTake>()
  const saved = async (jobId: string): Promise<JobFactsForTake> => {
    if (!cacheRoot || !API_ID_PATTERN.test(jobId)) return UNKNOWN
    const entry = await readSavedJob(cacheRoot, jobId)
    return entry ? factsOf(entry.job) : UNKNOWN
  }
  return async (jobId: string): Promise<JobFactsForTake> => {
    const cached = known.get(jobId)
    if (cached) return cached
    const api = client()
    if (!api) return saved(jobId)
    try {
      const { job } = await api.getJob(jobId)
      const facts = factsOf(job)
      known.set(jobId, facts)
      return facts
    } catch (err) {
      log.warn('could not read the job for a new take; using its saved copy if there is one', { jobId, err: err instanceof Error ? err.message : String(err) })
      return saved(jobId)
    }
  }
}
