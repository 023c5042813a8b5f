/**
 * The composition root, the one place main's services are created and wired: every service composed
 * from injected ports (keychain, notifier, power monitor, online state, opener, clock, data folder).
 * Both transports — Electron IPC (main/index.ts) and the web host (main/web.ts) — bind the same
 * handlers and events from here.
 */
import { join } from 'node:path'
import { mkdir } from 'node:fs/promises'
import type { TalentClient } from '../api/client'
import { killAllFfmpeg } from '../audio/ffmpeg-registry'
import { ffmpegProblemAtStart } from '../audio/ffmpeg-filters'
import type { BridgeHandlers } from '../bridge/dispatch'
import { UserFacingError } from '../bridge/describe-error'
import { createDeliveriesWatch } from '../polling/deliveries-watch'
import type { OnlineStateLike, PollTimers, PowerMonitorLike } from '../polling/poll-ports'
import type { PollIntervals } from '../polling/poll-rules'
import { createJobRefresh } from '../polling/job-refresh'
import type { CutShortCause } from '../../shared/bridge-takes'
import type { Log } from '../logging/redacting-log'
import type { SecretStore } from '../session/secret-store'
import { createAccountHandlers } from '../account/account-handlers'
import { createTakeHandlers } from '../takes/take-handlers'
import { DeliveryService } from '../delivery/delivery-service'
import { createReadbackArea } from '../readback/index'
import { createPrompterArea } from '../prompter/prompter-area'
import { createRecordingOwners } from './recording-owners'
import { createVersionArea, createTranscriber } from '../versions/index'
import { createFinisher } from '../finish/finish-version'
import { createJobActionHandlers } from '../jobs/job-action-handlers'
import { JobsService } from '../jobs/jobs-service'
import { OfflineCache } from '../jobs/offline-cache'
import { SessionService, type DemoServer, type SessionDeps } from '../session/session-service'
import { EventHub } from '../bridge/event-hub'
import { createMediaHandlers } from '../takes/playback-handlers'
import { createExportHandlers } from '../takes/export-handlers'
import { NotificationCenter, type Notifier } from '../notifications/notification-center'
import { SettingsStore } from '../storage/settings-store'
import { createSetAsideArea } from '../data-files/set-aside-area'
import { createAudioHandlers } from '../audio/audio-handlers'
import { createTakeMeasurer } from '../audio/take-measurer'
import { ProfileSettings } from '../audio/profile-settings'
import { knowSecrets } from '../security/child-env'
import { runQuitSteps } from './quit-steps'
import { createSessionJobHandlers } from './session-job-handlers'

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
  /** Desktop: the OS's drag of a file out of the window (webContents.startDrag); shows a file in Finder or Explorer. */
  startDrag?: (path: string) => void
  showItemInFolder?: (path: string) => void
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
  /**
   * The window named (bridge/caller.ts) is there or not: a transport says so as it opens and goes. A take
   * recorded by a window that is there is never stopped for silence (it may be slow, not gone).
   */
  pagePresent(owner: string, present: boolean): void
  /** The window named went away (closed, reloaded, crashed): its recordings are stopped at once and said. */
  pageGone(owner: string, cause: CutShortCause): Promise<void>
  close(): Promise<void>
}

export async function createBoothCore(ports: BoothPorts): Promise<BoothCore> {
  const now = ports.now ?? Date.now
  await mkdir(ports.dataDir, { recursive: true })
  const hub = new EventHub()
  const log = ports.log
  // Before anything reads the data folder: a damaged file set aside at start-up is on the page too.
  const setAside = await createSetAsideArea(ports.dataDir, hub, (m, f) => log.warn(m, f))
  const settings = new SettingsStore(ports.dataDir, (m) => log.warn(m))
  const cache = new OfflineCache(join(ports.dataDir, 'cache'))
  let client: TalentClient | null = null
  const notifications = new NotificationCenter({
    dataDir: ports.dataDir,
    notifier: ports.notifier,
    settings,
    hub,
    log,
    setBadge: ports.setBadge,
    client: () => client,
  })
  const jobs = new JobsService({
    client: () => client,
    cache,
    hub,
    log,
    now,
    onPendingList: (view) => notifications.onPendingList(view),
    // A saved copy was shown without asking the service: fetch the live one in the background.
    onStale: () => poller.poke(),
  })

  const timers: PollTimers = ports.timers ?? {
    setTimeout: (fn, ms) => setTimeout(fn, ms).unref(),
    clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
  }
  // Main is the one owner of refreshing the deliveries on screen: the page names the job, main reads and pushes.
  const deliveriesWatch = createDeliveriesWatch({ client: () => client, hub, online: ports.online, log, now, timers })
  // The job list's refresh (polling/job-refresh.ts); the session it verifies is made just below.
  const refresh = createJobRefresh({
    session: () => session,
    jobs,
    deliveries: deliveriesWatch,
    emit: (c) => hub.emit('connectivity', c),
    onServiceBack: () => takes.delivery.queue.wakeNow(),
    now,
    timers,
    power: ports.power,
    online: ports.online,
    ...(ports.poll?.intervals ? { intervals: ports.poll.intervals } : {}),
    ...(ports.poll?.random ? { random: ports.poll.random } : {}),
  })
  const poller = refresh.poller

  const quitting = new AbortController()
  const session = new SessionService({
    settings,
    secrets: ports.secrets,
    hub,
    log,
    now,
    env: ports.env ?? {},
    startDemo: ports.startDemo,
    // Quitting ends the service's calls under way (a poll retrying a silent service would hold the quit
    // up to its timeouts): an unanswered write stays pending and is replayed, same key, at the next start.
    clientOptions: { ...ports.clientOptions, signal: quitting.signal },
    onClient: (next) => {
      client = next
      poller.stop()
      if (!next) return
      // A fresh start for the new client: restart() alone does nothing on a poller never started. Each poll
      // first confirms a key not yet confirmed (offline launch); the job list itself needs jobs:read (see pollOnce).
      poller.start()
      void notifications.loadPrefs()
    },
  })

  // No process Booth starts gets the key in use, even in a variable whose name does not say secret.
  const forgetSecrets = knowSecrets(() => {
    const key = session.currentCredentials()?.apiKey
    return key ? [key] : []
  })

  const profiles = new ProfileSettings(ports.dataDir, (m) => log.warn(m))
  const measurer = createTakeMeasurer(profiles)
  const takes = createTakeHandlers({
    client: () => client,
    dataDir: ports.dataDir,
    hub,
    log,
    delivery: ({ store, log: takesLog, changed }) =>
      new DeliveryService({
        store,
        client: () => client,
        apiKey: () => session.currentCredentials()?.apiKey ?? null,
        baseUrl: () => session.currentCredentials()?.baseUrl ?? null,
        dataDir: ports.dataDir,
        hub,
        log: takesLog,
        now,
        online: ports.online,
        onTakeChanged: changed,
      }),
    savedJob: async (jobId) => (await cache.loadJob(jobId))?.job ?? null,
    measure: measurer.measure,
    profileOf: async (jobId, kind) => (await profiles.forJobId(jobId, kind)).profile,
  })

  const readback = createReadbackArea({
    dataDir: ports.dataDir,
    store: takes.store,
    hub,
    getJob: (jobId) => jobs.getJob(jobId),
    warn: (m) => log.warn(m),
  })
  // The prompter that follows the voice listens to the same recording calls.
  const prompter = createPrompterArea({ dataDir: ports.dataDir, hub, warn: (m) => log.warn(m) })
  // A take whose window went away mid-recording (reloaded, closed, crashed) is stopped and kept, and said.
  const owners = createRecordingOwners(prompter.wrapTakeHandlers(readback.wrapTakeHandlers(takes.handlers)), {
    hub,
    log,
    letGoPunch: (takeId) => versionArea.letGoPunch(takeId),
  })
  const takeCalls = owners.calls
  // Versions (pickups, punch-and-roll, comps, cut false starts, finishes): read back with the engine Settings chose, a
  // punch recorded through the same recording calls (so the read-back waits while it records).
  const versionArea = createVersionArea({
    store: takes.store,
    hub,
    warn: (m) => log.warn(m),
    transcribe: createTranscriber({
      modelDir: () => readback.service.model.folder(),
      engineChoice: async () => (await readback.service.settingsView()).engine,
    }),
    currentScript: async (jobId) => {
      const s = (await jobs.getJob(jobId)).job
      if (!s.script || s.script.kind === 'none' || !s.script.text.trim()) return null
      return {
        revision_id: s.script.revision_id,
        text: s.script.text,
        names: [s.advertiser, s.customer.name].filter((n) => n && n.trim()),
      }
    },
    takesChanged: takes.changed,
    recording: {
      start: (a) => takeCalls.startRecording(a),
      stop: (a) => takeCalls.stopRecording(a),
      cancel: (a) => takeCalls.cancelRecording(a),
    },
    // Finishing for delivery: levelled to the profile chosen on the job (else its kind's), as its takes are judged.
    finish: createFinisher({
      profileOf: async (jobId, kind) => (await profiles.forJobId(jobId, kind)).profile,
      mediaUrl: ports.mediaUrl,
    }),
    now,
  })

  const handlers: BridgeHandlers = {
    ...createSessionJobHandlers({
      session,
      jobs,
      deliveriesWatch,
      notifications,
      hub,
      cache,
      tryNow: () => {
        poller.tryNow()
        takes.delivery.queue.wakeNow()
      },
      setBadge: (count) => ports.setBadge(count),
      openExternal: (url) => ports.openExternal(url),
    }),
    ...createJobActionHandlers({
      client: () => client,
      cache,
      jobs,
      ...(ports.chooseSavePath
        ? { chooseSavePath: ports.chooseSavePath }
        : { downloads: { dir: join(ports.dataDir, 'cache', 'downloads'), mediaUrl: ports.mediaUrl } }),
      afterChange: () => poller.poke(),
      serviceReachable: () => jobs.reachable === true,
    }),
    ...takeCalls,
    dismissCutShort: async ({ takeId }) => owners.dismissCutShort(takeId),
    ...readback.handlers,
    ...prompter.handlers,
    ...versionArea.handlers,
    ...createAudioHandlers({
      settings: profiles,
      measurer,
      store: takes.store,
      takesChanged: takes.changed,
    }),
    ...createMediaHandlers({
      client: () => client,
      store: takes.store,
      cacheDir: join(ports.dataDir, 'cache'),
      mediaUrl: ports.mediaUrl,
    }),
    // A take leaving Booth: copies of what delivery sends in <data>/exports (sign-out empties the cache; a DAW may use a dragged file where it lies).
    ...createExportHandlers({ ...ports, store: takes.store, dir: join(ports.dataDir, 'exports') }),
    ...createAccountHandlers({
      client: () => client,
      dataDir: ports.dataDir,
      log,
      now,
      session: () => session.get(),
      clearCachedScripts: () => cache.clear(),
      onPreferences: (p) => notifications.preferencesRead(p),
    }),
    ...setAside.handlers,
  }

  // The machine woke: deliveries waiting on a back-off go now (the poller polls by itself on 'resume').
  const onWake = () => takes.delivery.queue.wakeNow()
  ports.power.on('resume', onWake)

  return {
    hub,
    handlers,
    session,
    jobs,
    start: async ({ autoDemo }) => {
      void ffmpegProblemAtStart().then((problem) => problem && log.warn(problem)) // a trimmed ffmpeg, said now
      await notifications.load()
      await session.resume(autoDemo).catch((err: unknown) => {
        log.warn('could not resume the last session', { err })
        if (err instanceof UserFacingError) hub.emit('session', { ...session.get(), warnings: [err.message] })
      })
      // Recovers takes cut off by a crash, then resumes deliveries left queued or sending.
      await takes.start()
      await readback.start()
    },
    focus: () => poller.focus(),
    pagePresent: (owner, there) => owners.pagePresent(owner, there),
    pageGone: (owner, cause) => owners.pageGone(owner, cause),
    close: async () => {
      ports.power.removeListener('resume', onWake)
      poller.stop()
      quitting.abort(new Error('Booth is quitting.'))
      deliveriesWatch.close()
      await runQuitSteps(
        [
          ['the job list refresh under way', () => refresh.underWay()?.catch(() => undefined)],
          [
            'the prompter',
            async () => {
              owners.close()
              prompter.stop()
            },
          ],
          ['the read-back', () => readback.stop()],
          ['takes and deliveries', () => takes.stop()],
          ['ffmpeg', () => killAllFfmpeg('Booth is quitting.')],
          ['the session', () => session.close()],
        ],
        { warn: (message, fields) => log.warn(message, fields) },
      )
      forgetSecrets()
      await setAside.close()
    },
  }
}
