/**
 * The deliveries of the job on screen, kept fresh by main alone: the renderer names the job it shows
 * (bridge call `watchDeliveries`) and subscribes to the `deliveries` event; main re-reads that job's
 * deliveries (GET /jobs/{job_id}/deliveries, without links) and pushes each fresh list.
 *
 * When it reads:
 * - at once when a job is watched (also when the same job is named again: a page that comes back);
 * - every DELIVERY_MOTION_REFRESH_MS (4 s) while one of them is still on its way (storing, processing,
 *   its audio check pending or running), and no longer once none is;
 * - at once when Booth's own delivery of a take of that job changes state (`deliveryState` on the hub);
 * - with every regular poll: the poll reads the open job live (GET /jobs/{job_id}), whose deliveries_detail
 *   is the same list (the same Delivery schema, links null), and hands it over with offer(); only a poll
 *   that did not just read the watched job live calls refresh() (app/compose.ts).
 * Never while the computer is offline or no one is signed in. A failed read ends the 4 s rhythm: the
 * regular poll, which owns back-off and Retry-After, tries again. Only one read runs at a time; a read
 * asked for meanwhile runs once right after it. A list read for a job no longer watched is dropped.
 */
import type { TalentClient } from '../api/client'
import { isOfflineKindError } from '../api/errors'
import type { EventHub } from '../bridge/event-hub'
import type { Log } from '../logging/redacting-log'
import { DELIVERY_MOTION_REFRESH_MS, deliveryInMotion, type Delivery } from '../../shared/bridge-deliveries'
import type { OnlineStateLike, PollTimers } from './poll-ports'

export interface DeliveriesWatchDeps {
  client: () => TalentClient | null
  hub: Pick<EventHub, 'emit' | 'subscribe'>
  online: Pick<OnlineStateLike, 'isOnline'>
  log: Pick<Log, 'warn'>
  now: () => number
  timers: PollTimers
  /** Tests only: the rhythm while a delivery is on its way (default 4 s). */
  motionMs?: number
}

export interface DeliveriesWatch {
  /** The job whose deliveries are on screen, or null for none (stops reading). Resolves after the first read. */
  watch(jobId: string | null): Promise<void>
  /** Re-reads the watched job's deliveries now (the regular poll); does nothing when none is watched. */
  refresh(): Promise<void>
  /**
   * The poll read `jobId` live just now: its deliveries_detail is pushed as that job's fresh list, as a
   * read would. False when it was not taken (another job or none watched, signed out, offline, closed,
   * or a read under way whose answer would land after it): then the caller calls refresh().
   */
  offer(jobId: string, deliveries: Delivery[]): boolean
  /** Which job is watched (null: none). */
  watched(): string | null
  /** Stops every timer and listener (quit, or the services are closed). */
  close(): void
}

export function createDeliveriesWatch(deps: DeliveriesWatchDeps): DeliveriesWatch {
  const motionMs = deps.motionMs ?? DELIVERY_MOTION_REFRESH_MS
  let jobId: string | null = null
  let timer: unknown = null
  let reading: Promise<void> | null = null
  let again = false
  let closed = false

  const stopTimer = (): void => {
    if (timer !== null) deps.timers.clearTimeout(timer)
    timer = null
  }

  /** A fresh list of the watched job: the `deliveries` event, and the 4 s rhythm while one is on its way. */
  const push = (watched: string, deliveries: Delivery[]): void => {
    const inMotion = deliveries.some(deliveryInMotion)
    deps.hub.emit('deliveries', { jobId: watched, deliveries, fetchedAt: deps.now(), inMotion })
    stopTimer()
    if (inMotion) timer = deps.timers.setTimeout(() => void refresh(), motionMs)
  }

  const readOnce = async (): Promise<void> => {
    const watched = jobId
    const client = deps.client()
    if (!watched || !client || closed || !deps.online.isOnline()) return
    try {
      const { deliveries } = await client.listDeliveries(watched)
      // The page moved on (another job, none, or signed out) while the answer was on its way.
      if (watched !== jobId || client !== deps.client() || closed) return
      push(watched, deliveries)
    } catch (err) {
      if (watched !== jobId) return
      stopTimer()
      // Offline or the service failing: the regular poll reports it and retries with back-off.
      if (!isOfflineKindError(err)) deps.log.warn('could not refresh the deliveries on screen', { jobId: watched, err })
    }
  }

  const refresh = (): Promise<void> => {
    if (reading) {
      again = true
      return reading
    }
    reading = (async () => {
      try {
        do {
          again = false
          await readOnce()
        } while (again && !closed)
      } finally {
        reading = null
      }
    })()
    return reading
  }

  const unsubscribe = deps.hub.subscribe((event, data) => {
    if (event !== 'deliveryState' || jobId === null) return
    if ((data as { jobId?: unknown }).jobId === jobId) void refresh()
  })

  return {
    watch: async (next) => {
      if (closed) return
      if (next !== jobId) stopTimer()
      jobId = next
      if (next !== null) await refresh()
    },
    refresh,
    offer: (offered, deliveries) => {
      if (offered !== jobId || reading || closed || !deps.client() || !deps.online.isOnline()) return false
      push(offered, deliveries)
      return true
    },
    watched: () => jobId,
    close: () => {
      closed = true
      jobId = null
      stopTimer()
      unsubscribe()
    },
  }
}
