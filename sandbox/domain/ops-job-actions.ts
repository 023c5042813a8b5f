/**
 * Accept, decline and complete — batches that are all or nothing: an unknown job id answers 404
 * not_found, a job that cannot take the action answers 400 bad_request naming the job and its state,
 * and in both cases nothing changes. Repeating an action already done is not an error:
 * - accept: `already_accepted` for a pending job already past acceptance (accepted, changes_requested, delivered);
 * - decline: a job already declined answers `declined` again, unchanged;
 * - complete: a job already completed (by the talent, or approved by the producer) answers `completed` unchanged.
 * A job id repeated in one request answers once per occurrence.
 */
import { SandboxError, type OperationContext, type OperationInput } from '../seam'
import type { WorldCore } from './core'
import { canFlags } from './job-rules'
import { jobSummary } from './job-view'
import type { JobRecord } from './state'
import { addTimeline } from './timeline'

interface Batch {
  job_ids: string[]
  reason?: string
  note?: string | null
}

function batch(input: OperationInput, what: string): Batch {
  const b = input.body as Batch | undefined
  if (!b || !Array.isArray(b.job_ids) || b.job_ids.length === 0) {
    throw new SandboxError(400, 'bad_request', `${what} needs job_ids: a list of 1 to 100 job ids.`)
  }
  return b
}

function describe(job: JobRecord): string {
  if (job.spot_cancelled && job.status === 'pending') return 'its spot was cancelled'
  return `it is ${job.status} (stage ${job.stage})`
}

function refuse(action: string, job: JobRecord): never {
  throw new SandboxError(
    400,
    'bad_request',
    `Job ${job.job_id} cannot be ${action}: ${describe(job)}. Nothing was changed.`,
  )
}

export function jobActionOperations(core: WorldCore) {
  const run = async <O extends string>(
    input: OperationInput,
    ctx: OperationContext,
    what: string,
    apply: (job: JobRecord, now: number, b: Batch) => O,
  ) => {
    const b = batch(input, what)
    const now = ctx.now()
    core.advance(now)
    const outcomes = await core.mutate(() => {
      const jobs = b.job_ids.map((id) => core.job(id)) // 404 before anything changes
      return jobs.map((job) => ({ job, outcome: apply(job, now, b) }))
    })
    const vc = core.view(now)
    return {
      results: outcomes.map(({ job, outcome }) => ({
        job_id: job.job_id,
        outcome,
        job: jobSummary(core.job(job.job_id), vc),
      })),
    }
  }

  return {
    acceptJobs: (input: OperationInput, ctx: OperationContext) =>
      run(input, ctx, 'Accepting jobs', (job, now) => {
        if (job.status === 'pending' && ['accepted', 'changes_requested', 'delivered'].includes(job.stage))
          return 'already_accepted' as const
        if (!canFlags(job).accept) refuse('accepted', job)
        job.stage = 'accepted'
        addTimeline(job, now, 'talent', 'accepted', 'Accepted')
        return 'accepted' as const
      }),

    declineJobs: (input: OperationInput, ctx: OperationContext) =>
      run(input, ctx, 'Declining jobs', (job, now, b) => {
        const reason = typeof b.reason === 'string' ? b.reason.trim() : ''
        if (reason.length < 1 || reason.length > 500) {
          throw new SandboxError(
            400,
            'bad_request',
            'A reason of 1 to 500 characters is needed to decline; it is sent to the producer.',
          )
        }
        if (job.status === 'declined') return 'declined' as const
        if (!canFlags(job).decline) refuse('declined', job)
        job.status = 'declined'
        job.stage = 'declined'
        job.decline = { reason, at: now, by: 'talent' }
        addTimeline(job, now, 'talent', 'declined', `Declined: ${reason.slice(0, 200)}`)
        return 'declined' as const
      }),

    completeJobs: (input: OperationInput, ctx: OperationContext) =>
      run(input, ctx, 'Completing jobs', (job, now, b) => {
        const note = typeof b.note === 'string' && b.note.trim() ? b.note.trim() : null
        if (note !== null && note.length > 1000)
          throw new SandboxError(400, 'bad_request', 'The completion note can be at most 1000 characters.')
        if (job.status === 'completed') return 'completed' as const
        if (!canFlags(job).complete) refuse('completed', job)
        job.status = 'completed'
        job.stage = 'completed'
        job.completion = { note, at: now }
        addTimeline(
          job,
          now,
          'talent',
          'completed',
          note ? `Marked complete: ${note.slice(0, 200)}` : 'Marked complete',
        )
        return 'completed' as const
      }),
  }
}
