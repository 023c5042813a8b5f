/**
 * Booth's main-process core: every service composed from injected ports (keychain, notifier, power
 * monitor, online state, opener, clock, data folder). Both transports — Electron IPC (main/index.ts) and
 * the web host (main/web.ts) — bind the same handlers and events from here.
 */
import { join } from 'node:path'
import { mkdir } from 'node:fs/promises'
import type { TalentClient } from '../api/client'
import { killAllFfmpeg } from '../audio/ffmpeg-registry'
import { isApiError } from '../api/errors'
import type { BridgeHandlers } from '../bridge/dispatch'
import { UserFacingError } from '../bridge/describe-error'
import { checkExternalUrl } from '../desktop/external-url'
import { createPoller, type OnlineStateLike, type PollIntervals, type PollTimers, type PowerMonitorLike, type Poller } from '../desktop/poll-schedule'
import type { Log } from '../desktop/redacting-log'
import type { SecretStore } from '../desktop/secret-store'
import { createAccountHandlers } from '../account/account-handlers'
import { createTakeHandlers } from '../delivery/take-handlers'
import { createJobActionHandlers } from '../jobs/job-action-handlers'
import { JobsService } from '../jobs/jobs-service'
import { OfflineCache } from '../jobs/offline-cache'
import type { DemoServer } from '../session/demo-launcher'
import { SessionService, type SessionDeps } from '../session/session-service'
import { EventHub } from './event-hub'
import { createMediaHandlers } from './media-handlers'
import { NotificationCenter, type Notifier } from './notification-center'
import { SettingsStore } from './settings-store'

export interface BoothPorts {
  dataDir: string
  secrets: SecretStore
  log: Log
  notifier: Notifier
  power: PowerMonitorLike
  online: OnlineStateLike
  openExternal(url: string): Promise<void>
  setBadge(count: number): void
  startDemo(): Promise<DemoServer>
  /** Desktop: a save dialog (null when cancelled). The web host has none: the browser downloads links itself. */
  chooseSavePath?: (suggestedName: string) => Promise<string | null>
  /** A URL the page may load for a local file in the takes or cache folder. */
  mediaUrl: (path: string) => string
  env?: { apiKey?: string | undefined; baseUrl?: string | undefined }
  now?: () => number
  timers?: PollTimers
  /** Poll timing and jitter (tests shorten them; the app keeps poll-schedule.ts's defaults). */
  poll?: { intervals?: Partial<PollIntervals>; random?: () => number }
  /** Options of the API client (tests: fewer retries, a recording fetch). */
  clientOptions?: SessionDeps['clientOptions']
}

export interface BoothCore {
  hub: EventHub
  handlers: BridgeHandlers
  session: SessionService
  jobs: JobsService
  start(opts: { autoDemo: boolean }): Promise<void>
  /** The window gained focus: poll soon. */
  focus(): void
  close(): Promise<void>
}

export async function createBoothCore(ports: BoothPorts): Promise<BoothCore> {
  const now = ports.now ?? Date.now
  await mkdir(ports.dataDir, { recursive: true })
  const hub = new EventHub()
  const log = ports.log
  const settings = new SettingsStore(ports.dataDir, (m) => log.warn(m))
  const cache = new OfflineCache(join(ports.dataDir, 'cache'))
  let client: TalentClient | null = null
  const notifications = new NotificationCenter({ dataDir: ports.dataDir, notifier: ports.notifier, settings, hub, log, setBadge: ports.setBadge, client: () => client })
  const jobs = new JobsService({ client: () => client, cache, hub, log, now, onPendingList: (view) => notifications.onPendingList(view) })

  let lastOkAt: number | null = null
  /** The poll under way, so close() can let it finish writing into the data folder. */
  let polling: Promise<void> | null = null
  const poller: Poller = createPoller({
    task: async () => {
      polling = jobs.poll()
      try {
        await polling
      } finally {
        polling = null
      }
      lastOkAt = now()
    },
    clock: { now },
    timers: ports.timers ?? { setTimeout: (fn, ms) => setTimeout(fn, ms).unref(), clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout) },
    power: ports.power,
    online: ports.online,
    ...(ports.poll?.intervals ? { intervals: ports.poll.intervals } : {}),
    ...(ports.poll?.random ? { random: ports.poll.random } : {}),
    onState: (state) => {
      if (state.reason === 'auth') session.keyRejected()
      const problem = state.failures > 0 ? describeProblem(state.lastError) : state.reason === 'offline' ? 'This computer is offline.' : null
      hub.emit('connectivity', {
        online: state.failures === 0 && state.reason !== 'offline',
        problem,
        lastOkAt,
        nextPollAt: state.nextAt,
      })
    },
  })

  const session = new SessionService({
    settings,
    secrets: ports.secrets,
    hub,
    log,
    now,
    env: ports.env ?? {},
    startDemo: ports.startDemo,
    ...(ports.clientOptions ? { clientOptions: ports.clientOptions } : {}),
    onClient: (next, scopes = []) => {
      client = next
      poller.stop()
      if (!next) return
      // The job list needs jobs:read; a key without it would only collect 403s, so nothing is polled
      // (the session already says which features that scope turns off).
      // A fresh start for the new client: restart() alone does nothing on a poller never started.
      if (scopes.includes('*') || scopes.includes('jobs:read')) poller.start()
      void notifications.loadPrefs()
    },
  })

  const takes = createTakeHandlers({
    client: () => client,
    apiKey: () => session.currentCredentials()?.apiKey ?? null,
    baseUrl: () => session.currentCredentials()?.baseUrl ?? null,
    dataDir: ports.dataDir,
    hub,
    log,
    now,
    online: ports.online,
  })

  const handlers: BridgeHandlers = {
    getSession: async () => session.get(),
    signIn: async ({ baseUrl, apiKey }) => session.signIn(baseUrl, apiKey),
    signOut: async () => {
      const state = await session.signOut()
      // The signed-out account's jobs leave the screen and the dock/taskbar badge.
      hub.forget('jobs', 'job', 'notices', 'talentTimeZone')
      notifications.clearNotices()
      ports.setBadge(0)
      hub.emit('badge', { count: 0 })
      await cache.clear()
      jobs.forgetParties()
      return state
    },
    startDemo: async () => session.startDemo(),
    listJobs: async (query) => jobs.listJobs(query),
    getJob: async ({ jobId }) => jobs.getJob(jobId),
    watchJob: async ({ jobId }) => {
      jobs.watchJob(jobId)
      return null
    },
    refreshNow: async () => {
      poller.poke()
      return null
    },
    getNotificationSettings: async () => notifications.settings(),
    listNotices: async () => notifications.notices(),
    markNoticesRead: async ({ ids }) => notifications.markRead(ids),
    setNotificationSettings: async (patch) => notifications.update(patch),
    openExternal: async ({ url }) => {
      const verdict = checkExternalUrl(url)
      if (!verdict.ok) return { opened: false, reason: verdict.reason }
      await ports.openExternal(verdict.url)
      return { opened: true, reason: null }
    },
    listPendingScripts: async ({ jobIds }) =>
      Promise.all(jobIds.map(async (jobId) => ({ jobId, cached: (await cache.scriptPdf(jobId)) !== null }))),
    ...createJobActionHandlers({
      client: () => client,
      cache,
      jobs,
      ...(ports.chooseSavePath ? { chooseSavePath: ports.chooseSavePath } : { downloads: { dir: join(ports.dataDir, 'cache', 'downloads'), mediaUrl: ports.mediaUrl } }),
      afterChange: () => poller.poke(),
      serviceReachable: () => jobs.reachable === true,
    }),
    ...takes.handlers,
    ...createMediaHandlers({ client: () => client, store: takes.store, cacheDir: join(ports.dataDir, 'cache'), mediaUrl: ports.mediaUrl }),
    ...createAccountHandlers({ client: () => client, dataDir: ports.dataDir, log, now, session: () => session.get(), clearCachedScripts: () => cache.clear() }),
  }

  return {
    hub,
    handlers,
    session,
    jobs,
    start: async ({ autoDemo }) => {
      await notifications.load()
      await session.resume(autoDemo).catch((err: unknown) => {
        log.warn('could not resume the last session', { err })
        if (err instanceof UserFacingError) hub.emit('session', { ...session.get(), warnings: [err.message] })
      })
      // Recovers takes cut off by a crash, then resumes deliveries left queued or sending.
      await takes.start()
    },
    focus: () => poller.focus(),
    close: async () => {
      poller.stop()
      await polling?.catch(() => undefined)
      await takes.stop()
      await killAllFfmpeg('Booth is quitting.')
      await session.close()
    },
  }
}

function describeProblem(err: unknown): string {
  if (isApiError(err)) return err.message
  return 'Booth could not refresh the job list.'
}
