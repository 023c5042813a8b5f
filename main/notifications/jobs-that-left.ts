/**
 * The producer's verdicts on jobs that left the pending list. Main polls only the pending jobs, and an
 * approval moves a job out of them (the service makes it `completed`, resources/api/talent-v1.yaml
 * JobStatus): read from the list alone, an approval never reaches the bell. So a job seen pending at the
 * last poll and gone from this one has its detail read (GET /jobs/{id}) once, and its stage and its
 * deliveries' statuses go to the ledger like a listed job's.
 *
 * - only jobs the talent had opened (a read tells the producer nothing new) and that were awaiting a
 *   verdict or had one (stage past `accepted`): a job declined or completed by the talent is not read;
 * - at most MAX_READS_PER_POLL a poll, the rest wait for the next; a failed read is tried again at the
 *   next polls, MAX_TRIES in all;
 * - one try each, bounded by READ_TIMEOUT_MS.
 */
import type { TalentClient } from '../api/client'
import type { Log } from '../logging/redacting-log'
import type { DeliveryStatusLike, JobSummaryLike } from './notification-rules'

export const MAX_READS_PER_POLL = 3
export const MAX_TRIES = 3
const READ_TIMEOUT_MS = 5_000

/** Stages where a producer's verdict may come next or has come. */
const AWAITING = new Set<JobSummaryLike['stage']>(['delivered', 'changes_requested', 'approved'])

export interface LeftJobs {
  jobs: JobSummaryLike[]
  deliveries: DeliveryStatusLike[]
}

export class JobsThatLeft {
  /** Job id → reads tried so far. */
  private readonly waiting = new Map<string, number>()

  constructor(private readonly deps: { client: () => TalentClient | null; log: Log }) {}

  /** Reads a few of the jobs that left the list since `previous` and answers them as the ledger reads jobs. */
  async read(previous: readonly JobSummaryLike[] | null, current: readonly JobSummaryLike[]): Promise<LeftJobs> {
    const here = new Set(current.map((j) => j.job_id))
    for (const job of previous ?? []) {
      if (!here.has(job.job_id) && !job.unopened && AWAITING.has(job.stage))
        this.waiting.set(job.job_id, this.waiting.get(job.job_id) ?? 0)
    }
    // A job back in the list is the list's again.
    for (const id of [...this.waiting.keys()]) if (here.has(id)) this.waiting.delete(id)
    const out: LeftJobs = { jobs: [], deliveries: [] }
    const client = this.deps.client()
    if (!client) return out
    for (const [id, tries] of [...this.waiting].slice(0, MAX_READS_PER_POLL)) {
      try {
        const { job } = await client.getJob(id, {
          retry: { maxAttempts: 1 },
          signal: AbortSignal.timeout(READ_TIMEOUT_MS),
        })
        this.waiting.delete(id)
        out.jobs.push(job as JobSummaryLike)
        for (const d of job.deliveries_detail ?? []) {
          out.deliveries.push({
            job_id: id,
            delivery_id: d.delivery_id,
            status: d.status,
            take_label: d.take_label,
            take_number: d.take_number,
            file_name: d.file_name,
          })
        }
      } catch (err) {
        if (tries + 1 >= MAX_TRIES) this.waiting.delete(id)
        else this.waiting.set(id, tries + 1)
        this.deps.log.info('could not read a job that left the pending list for its verdict', {
          jobId: id,
          err: err instanceof Error ? err.message : String(err),
        })
      }
    }
    return out
  }

  /** After sign-out: nothing of the account that left is kept. */
  clear(): void {
    this.waiting.clear()
  }
}
