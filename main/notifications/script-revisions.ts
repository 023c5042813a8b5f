/**
 * Which script revision each pending job with a changed script is on, so every revision makes its own
 * notice. The job list says only `script_changed`, a flag that stays true from a job's first revision until
 * a take is delivered after it; the revision itself is in the job's detail (`script.revision_id`,
 * resources/api/talent-v1.yaml, Script). So each poll reads the detail (GET /jobs/{id}) of a few such jobs:
 *
 * - only jobs already opened (not `unopened`, stage past `sent`): reading an unopened job's detail would
 *   tell the producer it was viewed; such a job's first change is still raised from the flag alone;
 * - at most MAX_READS_PER_POLL a poll, jobs never read first (a flag that just turned), then the one read
 *   longest ago, so a second revision is noticed within a poll or two and many changed jobs cost no burst;
 * - one try each, bounded by READ_TIMEOUT_MS; a failed read leaves that job's revision unknown this time.
 */
import type { TalentClient } from '../api/client'
import type { Log } from '../logging/redacting-log'
import type { JobSummaryLike } from './notification-rules'

export const MAX_READS_PER_POLL = 3
const READ_TIMEOUT_MS = 5_000

/** Whether the job's detail may be read without telling the producer anything, and holds a changed script. */
function watched(job: JobSummaryLike): boolean {
  return job.status === 'pending' && job.script_changed && !job.unopened && job.stage !== 'sent'
}

export class ScriptRevisionWatch {
  /** Job id → its revision as last read (null: the detail had none) and when it was read (a poll counter). */
  private readonly known = new Map<string, { revision: string | null; poll: number }>()
  private polls = 0

  constructor(private readonly deps: { client: () => TalentClient | null; log: Log }) {}

  /** Reads a few watched jobs' details and answers every watched job's known revision. */
  async revisions(items: readonly JobSummaryLike[]): Promise<Map<string, string>> {
    this.polls += 1
    const current = items.filter(watched)
    const ids = new Set(current.map((j) => j.job_id))
    // A job whose flag cleared (a take delivered) starts afresh when its script changes again.
    for (const id of [...this.known.keys()]) if (!ids.has(id)) this.known.delete(id)
    const due = [...current]
      .sort((a, b) => (this.known.get(a.job_id)?.poll ?? -1) - (this.known.get(b.job_id)?.poll ?? -1))
      .slice(0, MAX_READS_PER_POLL)
    const client = this.deps.client()
    if (client) {
      for (const job of due) {
        try {
          const { job: detail } = await client.getJob(job.job_id, {
            retry: { maxAttempts: 1 },
            signal: AbortSignal.timeout(READ_TIMEOUT_MS),
          })
          const revision = typeof detail.script?.revision_id === 'string' ? detail.script.revision_id : null
          this.known.set(job.job_id, { revision, poll: this.polls })
        } catch (err) {
          this.deps.log.info('could not read a changed job for its script revision', {
            jobId: job.job_id,
            err: err instanceof Error ? err.message : String(err),
          })
        }
      }
    }
    const out = new Map<string, string>()
    for (const [id, { revision }] of this.known) if (revision !== null) out.set(id, revision)
    return out
  }

  /** After sign-out: nothing of the account that left is kept. */
  clear(): void {
    this.known.clear()
  }
}
