/**
 * The job list and job details as the renderer sees them: fetched live when the API answers, from the
 * offline cache when it does not (marked so), refreshed by the poller, and turned into events.
 */
import type { TalentClient } from '../api/client'
import type { CallOptions } from '../api/call-runner'
import { isApiError, isOfflineKindError, isUnreadableAnswer, isUnusableAnswer, type ApiError } from '../api/errors'
import { clockTime } from '../../shared/clock-time'
import { leftOutNotes, type LeftOutNotes } from '../../shared/api-read'
import {
  ALL_PENDING_JOBS_QUERY,
  DEFAULT_JOB_LIST_QUERY,
  sameJobListQuery,
  type JobListQuery,
  type JobListView,
  type JobView,
  type UnreadableJob,
} from '../../shared/bridge'
import { UserFacingError } from '../bridge/describe-error'
import type { EventHub } from '../bridge/event-hub'
import type { Log } from '../logging/redacting-log'
import { KnownParties } from './known-parties'
import { wholePendingList, withBoothOverdue, type PendingJobs } from './due-counts'
import { INTERACTIVE_BUDGET_MS, liveWithinBudget } from './read-budget'
import type { OfflineCache } from './offline-cache'
import { cacheOpenedJobScript, prefetchPendingScripts } from './script-documents'
import { UNREADABLE_LIVE_JOB, unreadableJobError } from './unreadable-job'

export interface JobsServiceDeps {
  client: () => TalentClient | null
  cache: OfflineCache
  hub: EventHub
  log: Log
  now: () => number
  /** Called with each fresh pending list (notifications, badge). */
  onPendingList?: (view: JobListView) => void | Promise<void>
  /** A saved copy was answered without asking the service (not known to be reachable): refresh it in the background. */
  onStale?: () => void
  /** How long a read the talent waits on may take before a saved copy answers (default INTERACTIVE_BUDGET_MS). */
  interactiveBudgetMs?: number
}

/** Errors that mean "we could not reach the API" rather than "the API said no". */
export function isUnreachable(err: unknown): boolean {
  return isOfflineKindError(err) || (isApiError(err) && err.kind === 'api' && err.retryable)
}

export class JobsService {
  private query: JobListQuery = DEFAULT_JOB_LIST_QUERY
  private watched: string | null = null
  private readonly noPdfUntil = new Map<string, number>()
  private readonly parties = new KnownParties()
  /** The latest whole list of pending jobs read live (due-counts.ts). */
  private pendingJobs: PendingJobs | null = null
  /** Whether the service answered Booth's last job request (null before the first). */
  reachable: boolean | null = null

  constructor(private readonly deps: JobsServiceDeps) {}

  /** A poll reads once: the poller is its retry loop (back-off with jitter capped at 30 s, Retry-After obeyed). */
  static readonly POLL_READ: CallOptions = { retry: { maxAttempts: 1 } }
  /**
   * A read the talent waits on is tried twice, and sleeps through a Retry-After of at most 10 s; a longer
   * one comes back at once with the time (waitUntil). With a saved copy it also has a budget (read-budget.ts).
   */
  static readonly INTERACTIVE_READ: CallOptions = { retry: { maxAttempts: 2, maxRetryAfterMs: 10_000 } }

  private api(): TalentClient {
    const client = this.deps.client()
    if (!client) throw new UserFacingError('signed_out', 'Sign in or start the demo to see jobs.', 401)
    return client
  }

  /**
   * Offline first: until the service is known to answer, a saved copy of the list is answered at once
   * (marked 'cache', with its age) and the live list follows as a 'jobs' event; the talent never waits
   * for a timeout to see the jobs Booth already has.
   */
  async listJobs(query: JobListQuery): Promise<JobListView> {
    this.query = query
    if (!this.deps.client()) return this.fetchList(query, true, this.deps.cache.scope(), JobsService.INTERACTIVE_READ)
    const saved = await this.savedList(query)
    if (saved && this.reachable !== true) {
      this.deps.onStale?.()
      return saved
    }
    if (!saved) return this.fetchList(query, true, this.deps.cache.scope(), JobsService.INTERACTIVE_READ)
    const cache = this.deps.cache.scope()
    const got = await liveWithinBudget(
      (signal) => this.fetchList(query, true, cache, { ...JobsService.INTERACTIVE_READ, signal }),
      this.budget(),
    )
    return got ? got.value : this.late(saved)
  }

  private budget(): number {
    return this.deps.interactiveBudgetMs ?? INTERACTIVE_BUDGET_MS
  }

  /** The service did not answer within the budget: the saved copy answers, and the poll brings the live one. */
  private late<T>(saved: T): T {
    this.reachable = false
    this.deps.onStale?.()
    return saved
  }

  /** `cache`: a scope taken before fetching (see OfflineCache.scope). */
  private async fetchList(
    query: JobListQuery,
    fallBack: boolean,
    cache: OfflineCache,
    read: CallOptions,
  ): Promise<JobListView> {
    try {
      const answer = await this.api().listJobs(query, read)
      this.reachable = true
      this.parties.learn(answer.items)
      // Jobs the door took out (main/api/answer-door.ts) are rows of their own; nothing of theirs is kept.
      const unreadable: UnreadableJob[] = (answer.unreadableItems ?? []).map((u) => ({
        position: u.position,
        job_id: u.id,
        problem: u.problem,
      }))
      if (unreadable.length > 0) this.deps.log.warn('the service sent jobs Booth cannot read', { query, unreadable })
      const asSent: JobListView = {
        query,
        total: answer.total,
        items: answer.items,
        unreadable,
        counts: answer.counts,
        today: answer.today,
        source: 'live',
        fetchedAt: this.deps.now(),
        ...this.parties.snapshot(),
      }
      // "Overdue" counts and lists the jobs whose row says overdue (due-counts.ts), from every pending job Booth has.
      this.pendingJobs = wholePendingList(asSent) ?? this.pendingJobs
      const view = withBoothOverdue(asSent, this.pendingJobs)
      await cache.saveList(view).catch((err: unknown) => this.deps.log.warn('could not cache the job list', { err }))
      return view
    } catch (err) {
      if (isUnreadableAnswer(err)) return this.unreadableList(query, fallBack, err)
      if (isUnreachable(err)) this.reachable = false
      const saved = fallBack && isUnreachable(err) ? await this.savedList(query) : null
      if (saved) {
        // The saved copy answers; a poll now tells the whole window whether the service is gone (and retries it).
        this.deps.onStale?.()
        return saved
      }
      throw err
    }
  }

  /**
   * The service answered, but its list as a whole cannot be read: the saved copy answers, saying why
   * (never "offline"), when the talent asked and there is one; otherwise the error goes on. Nothing of
   * that answer is saved.
   */
  private async unreadableList(query: JobListQuery, fallBack: boolean, err: Error): Promise<JobListView> {
    this.reachable = true
    this.deps.log.warn('the service sent a job list Booth cannot read', { query, problem: err.message })
    const saved = fallBack ? await this.savedList(query) : null
    if (!saved) throw err
    return { ...saved, liveProblem: err.message }
  }

  /** The saved copy of a list (marked 'cache'), or null; its customers and voices are learned. */
  private async savedList(query: JobListQuery): Promise<JobListView | null> {
    const cached = await this.deps.cache.loadList(query)
    if (!cached) return null
    this.parties.learn(cached.items)
    return { ...cached, source: 'cache', ...this.parties.snapshot() }
  }

  async getJob(jobId: string, read: CallOptions = JobsService.INTERACTIVE_READ): Promise<JobView> {
    const interactive = read !== JobsService.POLL_READ
    const saved = interactive || this.reachable !== true ? await this.savedJob(jobId) : null
    if (saved && this.reachable !== true && this.deps.client()) {
      // Not known to answer (offline, or not heard from yet at launch): the saved copy at once; the poll
      // brings the live one (watchJob) when the service answers.
      this.deps.onStale?.()
      return saved
    }
    try {
      if (!saved || !interactive) return await this.liveJob(jobId, read)
      const got = await liveWithinBudget((signal) => this.liveJob(jobId, { ...read, signal }), this.budget())
      return got ? got.value : this.late(saved)
    } catch (err) {
      if (isUnreadableAnswer(err)) {
        // The service answered with a job Booth cannot read: the saved copy, saying why, when there is one.
        this.reachable = true
        this.deps.log.warn('the service sent a job Booth cannot read', { jobId, problem: err.message })
        const copy = interactive ? (saved ?? (await this.savedJob(jobId))) : null
        if (copy) return { ...copy, liveProblem: UNREADABLE_LIVE_JOB }
        throw interactive ? unreadableJobError() : err
      }
      if (!isUnreachable(err)) throw err
      this.reachable = false
      if (interactive) this.deps.onStale?.()
      const copy = saved ?? (await this.savedJob(jobId))
      if (copy) return copy
      const until = isApiError(err) ? err.waitUntil : null
      if (until !== null && until > this.deps.now()) {
        throw new UserFacingError(
          'offline',
          `The service asked Booth to wait until ${clockTime(until)}, and Booth has no saved copy of this job yet. Open it again then.`,
          503,
        )
      }
      // The service was reached; its answer could not be used: say that, never "cannot reach".
      if (isUnusableAnswer(err))
        throw new UserFacingError(
          (err as ApiError).kind,
          `${(err as ApiError).message} Booth has no saved copy of this job yet.`,
          502,
        )
      throw new UserFacingError('offline', 'Booth cannot reach the service and has no saved copy of this job yet.', 503)
    }
  }

  private async liveJob(jobId: string, read: CallOptions): Promise<JobView> {
    const now = this.deps.now()
    const cache = this.deps.cache.scope()
    const { job } = await this.api().getJob(jobId, read)
    this.reachable = true
    // Parts left out at the door (main/api/answer-mend.ts) are said on the job; the log keeps which job.
    const leftOut = leftOutNotes(job as LeftOutNotes)
    if (leftOut.length > 0) this.deps.log.warn('the service sent a job with parts Booth left out', { jobId, leftOut })
    await cache
      .saveJob({ fetchedAt: now, job })
      .catch((err: unknown) => this.deps.log.warn('could not cache a job', { jobId, err }))
    const scriptDocumentPath = await cacheOpenedJobScript(job, cache, this.api(), now).catch((err: unknown) => {
      this.deps.log.warn('could not keep the script PDF for offline reading', { jobId, err })
      return null
    })
    return {
      job,
      source: 'live',
      fetchedAt: now,
      scriptDocumentPath: scriptDocumentPath ?? (await this.deps.cache.scriptPdf(jobId))?.path ?? null,
    }
  }

  private async savedJob(jobId: string): Promise<JobView | null> {
    const cached = await this.deps.cache.loadJob(jobId)
    if (!cached) return null
    return {
      job: cached.job,
      source: 'cache',
      fetchedAt: cached.fetchedAt,
      scriptDocumentPath: (await this.deps.cache.scriptPdf(jobId))?.path ?? null,
    }
  }

  /** Sign-out: the customers and voices seen belong to the account that left. */
  forgetParties(): void {
    this.parties.clear()
    this.pendingJobs = null
  }

  watchJob(jobId: string | null): void {
    this.watched = jobId
  }

  /**
   * One poll: the pending list (notifications, badge, offline scripts), the list on screen, the open job.
   * Answers the open job as this poll read it (live, or the saved copy), null when none is open.
   */
  async poll(): Promise<JobView | null> {
    const cache = this.deps.cache.scope()
    const client = this.api()
    const pending = await this.fetchList(ALL_PENDING_JOBS_QUERY, false, cache, JobsService.POLL_READ)
    // Signed out (or the key changed) while the list was on its way: it belongs to no one on screen now.
    if (this.deps.client() !== client) return null
    await this.deps.onPendingList?.(pending)
    const onScreen = sameJobListQuery(this.query, ALL_PENDING_JOBS_QUERY)
      ? pending
      : await this.fetchList(this.query, false, cache, JobsService.POLL_READ)
    // Asked again after each wait: a sign-out meanwhile has forgotten the account's lists, and a window
    // opened after it must not be handed them as the latest state.
    if (this.deps.client() !== client) return null
    this.deps.hub.emit('jobs', onScreen)
    const open = this.watched ? await this.getJob(this.watched, JobsService.POLL_READ) : null
    if (this.deps.client() !== client) return null
    if (open) this.deps.hub.emit('job', open)
    await prefetchPendingScripts(pending.items, cache, this.api(), this.deps.now(), this.noPdfUntil).catch(
      (err: unknown) => {
        this.deps.log.warn('could not fetch pending scripts for offline reading', { err })
      },
    )
    return open
  }
}
