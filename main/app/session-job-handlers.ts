/**
 * The bridge calls of the session and the job list: sign in and out (sign-out takes the account's jobs off
 * the screen and the badge), the list and a job, what the window watches, "Try now", opening a link and
 * which scripts are saved for offline. Composed in compose.ts.
 */
import type { BridgeHandlers } from '../bridge/dispatch'
import type { EventHub } from '../bridge/event-hub'
import type { JobsService } from '../jobs/jobs-service'
import type { OfflineCache } from '../jobs/offline-cache'
import type { NotificationCenter } from '../notifications/notification-center'
import type { createDeliveriesWatch } from '../polling/deliveries-watch'
import { checkExternalUrl } from '../security/external-url'
import type { SessionService } from '../session/session-service'

export interface SessionJobDeps {
  session: SessionService
  jobs: JobsService
  deliveriesWatch: ReturnType<typeof createDeliveriesWatch>
  notifications: NotificationCenter
  hub: EventHub
  cache: OfflineCache
  /** Cut any back-off short: the job list's and the deliveries'. */
  tryNow: () => void
  setBadge: (count: number) => void
  openExternal: (url: string) => Promise<void>
}

type Calls =
  | 'getSession'
  | 'signIn'
  | 'signOut'
  | 'startDemo'
  | 'listJobs'
  | 'getJob'
  | 'watchJob'
  | 'watchDeliveries'
  | 'refreshNow'
  | 'getNotificationSettings'
  | 'listNotices'
  | 'markNoticesRead'
  | 'setNotificationSettings'
  | 'openExternal'
  | 'listPendingScripts'

export function createSessionJobHandlers(d: SessionJobDeps): Pick<BridgeHandlers, Calls> {
  return {
    getSession: async () => d.session.get(),
    signIn: async ({ baseUrl, apiKey }) => d.session.signIn(baseUrl, apiKey),
    signOut: async () => {
      const state = await d.session.signOut()
      // The signed-out account's jobs leave the screen and the dock/taskbar badge.
      void d.deliveriesWatch.watch(null)
      d.hub.forget('jobs', 'job', 'deliveries', 'notices', 'talentTimeZone')
      await d.notifications.clearNotices()
      d.setBadge(0)
      d.hub.emit('badge', { count: 0 })
      await d.cache.clear()
      d.jobs.forgetParties()
      return state
    },
    startDemo: async () => d.session.startDemo(),
    listJobs: async (query) => d.jobs.listJobs(query),
    getJob: async ({ jobId }) => d.jobs.getJob(jobId),
    watchJob: async ({ jobId }) => {
      d.jobs.watchJob(jobId)
      return null
    },
    watchDeliveries: async ({ jobId }) => {
      // Answers at once; the lists follow as `deliveries` events (the first read starts now).
      void d.deliveriesWatch.watch(jobId)
      return null
    },
    refreshNow: async () => {
      // "Try now": cut any back-off short, for the job list and for deliveries waiting on the service.
      d.tryNow()
      return null
    },
    getNotificationSettings: async () => d.notifications.settings(),
    listNotices: async () => d.notifications.notices(),
    markNoticesRead: async ({ ids }) => d.notifications.markRead(ids),
    setNotificationSettings: async (patch) => d.notifications.update(patch),
    openExternal: async ({ url }) => {
      const verdict = checkExternalUrl(url)
      if (!verdict.ok) return { opened: false, reason: verdict.reason }
      await d.openExternal(verdict.url)
      return { opened: true, reason: null }
    },
    listPendingScripts: async ({ jobIds }) =>
      Promise.all(jobIds.map(async (jobId) => ({ jobId, cached: (await d.cache.scriptPdf(jobId)) !== null }))),
  }
}
