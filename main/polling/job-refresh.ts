/**
 * The refresh of the job list: what one poll does and what its outcome means for the rest of Booth, on the
 * schedule poll-schedule.ts keeps. The composition root (app/compose.ts) only wires it.
 * - One poll confirms a key not yet confirmed (an offline launch), then reads the job list. A key without
 *   jobs:read would only collect 403s, so its poll stops after the check (the session says which features
 *   that scope turns off).
 * - The deliveries on screen are fresh with every poll too: a poll that just read their job live already
 *   has them (its deliveries_detail), so they are not read twice; a key known to lack deliveries:read keeps
 *   its own read (which the service refuses).
 * - Each state of the schedule says, on the `connectivity` event, whether the service answered and why not;
 *   a rejected key ends the session; the service answering again wakes the deliveries waiting on it; while
 *   it cannot be reached, screens open from the saved copies at once.
 */
import type { Connectivity, JobView, SessionState } from '../../shared/bridge'
import type { Delivery } from '../../shared/bridge-deliveries'
import { isApiError, isUnusableAnswer } from '../api/errors'
import { isUnreachable } from '../jobs/jobs-service'
import { scopeGranted } from '../session/scopes'
import type { OnlineStateLike, PollTimers, PowerMonitorLike } from './poll-ports'
import type { PollIntervals } from './poll-rules'
import { createPoller, type PollState, type Poller } from './poll-schedule'

/** What the refresh needs of the session (a late-bound getter: the session is made after the poller it drives). */
export interface RefreshSession {
  verify(): Promise<void>
  get(): SessionState
  keyRejected(): void
}

/** What the refresh needs of the jobs service. */
export interface RefreshJobs {
  poll(): Promise<JobView | null>
  reachable: boolean | null
}

/** What the refresh needs of the deliveries watch. */
export interface RefreshDeliveries {
  offer(jobId: string, deliveries: Delivery[]): boolean
  refresh(): Promise<void>
}

export interface JobRefreshDeps {
  session: () => RefreshSession
  jobs: RefreshJobs
  deliveries: RefreshDeliveries
  emit(connectivity: Connectivity): void
  /** The service answers again after failing: deliveries waiting on it go now, not after their own back-off. */
  onServiceBack(): void
  now: () => number
  timers: PollTimers
  power: PowerMonitorLike
  online: OnlineStateLike
  intervals?: Partial<PollIntervals>
  random?: () => number
}

export interface JobRefresh {
  poller: Poller
  /** The poll under way, if any (close() lets it finish writing into the data folder). */
  underWay(): Promise<void> | null
}

export function createJobRefresh(d: JobRefreshDeps): JobRefresh {
  const pollOnce = async (): Promise<void> => {
    const session = d.session()
    try {
      await session.verify()
    } catch (err) {
      if (isUnreachable(err)) d.jobs.reachable = false
      throw err
    }
    if (!scopeGranted(session.get(), 'jobs:read')) return
    const open = await d.jobs.poll()
    const tookLive =
      open?.source === 'live' &&
      scopeGranted(session.get(), 'deliveries:read') &&
      d.deliveries.offer(open.job.job_id, open.job.deliveries_detail)
    if (!tookLive) await d.deliveries.refresh()
  }

  let lastOkAt: number | null = null
  let failing = false
  let polling: Promise<void> | null = null
  const poller = createPoller({
    task: async () => {
      polling = pollOnce()
      try {
        await polling
      } finally {
        polling = null
      }
      lastOkAt = d.now()
    },
    clock: { now: d.now },
    timers: d.timers,
    power: d.power,
    online: d.online,
    ...(d.intervals ? { intervals: d.intervals } : {}),
    ...(d.random ? { random: d.random } : {}),
    onState: (state) => {
      if (state.reason === 'auth') d.session().keyRejected()
      if (failing && state.failures === 0 && state.phase !== 'running') d.onServiceBack()
      failing = state.failures > 0
      // A service that answered what Booth cannot read was reached: screens still ask it, and say why not.
      if ((state.failures > 0 && !isUnusableAnswer(state.lastError)) || state.reason === 'offline')
        d.jobs.reachable = false
      d.emit(connectivityOf(state, lastOkAt))
    },
  })
  return { poller, underWay: () => polling }
}

function describeProblem(err: unknown): string {
  if (isApiError(err)) return err.message
  return 'Booth could not refresh the job list.'
}

/** `online`: the service answered the last poll, even if what it sent could not be read (then `problem` says what). */
export function connectivityOf(state: PollState, lastOkAt: number | null): Connectivity {
  const problem =
    state.failures > 0
      ? describeProblem(state.lastError)
      : state.reason === 'offline'
        ? 'This computer is offline.'
        : null
  // A service that answered with something Booth cannot use (too large, not the API's shape) was reached.
  const reached = state.failures === 0 || isUnusableAnswer(state.lastError)
  return {
    online: reached && state.reason !== 'offline',
    problem,
    lastOkAt,
    nextPollAt: state.nextAt,
    waitUntil: state.waitUntil,
  }
}
