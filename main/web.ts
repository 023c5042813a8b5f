/**
 * `npm run web -- --port P [--base-url URL] [--data-dir DIR]`: Booth without Electron. The same services
 * as the desktop app, over HTTP + server-sent events on 127.0.0.1 only, serving the built renderer.
 * The API key comes from --api-key-file (a pipe, stdin or a private file read and deleted: web/api-key-file.ts),
 * from BOOTH_API_KEY, or from the keychain after a sign-in; with none, demo mode.
 */
import { rm } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { createBoothCore } from './app/compose'
import { DEFAULT_APP_ROOT } from './account/app-info'
import { runQuitSteps } from './app/quit-steps'
import { installLastResort } from './app/last-resort'
import { defaultDataDir } from './storage/data-dir'
import { createDispatcher } from './bridge/dispatch'
import { FileGrants } from './security/file-grants'
import { describeAndLog } from './bridge/describe-error'
import { createFileSink } from './logging/log-file-sink'
import { createLog } from './logging/redacting-log'
import { withStderrCopy } from './logging/stderr-copy'
import { createKeychainStore } from './session/secret-store'
import { startDemoServer } from './demo/demo-launcher'
import { startWebHost } from './web/host'
import { pagePresence } from './web/page-presence'
import { MediaRegistry } from './web/media-routes'
import { parseWebArgs, WebArgsError } from './web/web-args'
import { readApiKeyFile } from './web/api-key-file'
import { scrubOwnEnv, takeEnvApiKey } from './security/child-env'
import { droppedCopiesDir } from './takes/take-import'
import { DataFolderInUseError, lockDataFolder } from './storage/data-folder-lock'
import { keepNewFilesPrivate, makeTreePrivate, treePrivacyLine } from './storage/private-files'
import { diskFaultOf, diskWords } from './storage/disk-problem'
import { interfaceOnlineState, logNotifier, NO_POWER_EVENTS, openWithPlatform } from './web/web-ports'

/** How long a quit may take (answers under way get 5 s of it, then the services put things away). */
const QUIT_WITHIN_MS = 15_000
/** The exit code of a start that found Booth already running on its data folder. */
const EXIT_ALREADY_RUNNING = 3

async function main(): Promise<void> {
  const args = parseWebArgs(process.argv.slice(2))
  // Read once, then gone from the environment (with every other secret), so no child process inherits it.
  // The environment block the process started with keeps it all the same (/proc/PID/environ, and the
  // launching npm and shell's): --api-key-file leaves no such trace.
  const envKey = takeEnvApiKey()
  scrubOwnEnv()
  if (envKey && args.apiKeyFile)
    throw new WebArgsError('Give the API key one way: --api-key-file or BOOTH_API_KEY, not both.')
  const givenKey = args.apiKeyFile ? await readApiKeyFile(args.apiKeyFile) : envKey
  const dataDir = resolve(args.dataDir ?? defaultDataDir())
  // Everything Booth writes from here on (and its children: ffmpeg's renders) is the person's alone.
  keepNewFilesPrivate()
  // One Booth per data folder: taken before anything in it is touched (a second start ends here).
  const folderLock = await lockDataFolder(dataDir, { kind: 'web host' })
  const fileSink = createFileSink({ dataDir })
  const log = createLog({ sink: withStderrCopy(fileSink), secrets: givenKey ? [givenKey] : [] })
  if (envKey)
    log.warn(
      "The API key came from BOOTH_API_KEY: it stays readable in this process's environment (and " +
        'in the programs that started it) to your user and root. --api-key-file keeps it out of ' +
        'every environment (docs/security.md).',
    )
  // From here on a failure nothing handled is logged and Booth keeps running (last-resort.ts).
  installLastResort({ log })
  // What an older Booth left readable by others is made private once, before anything reads it.
  const privacy = treePrivacyLine(dataDir, await makeTreePrivate(dataDir))
  if (privacy) log.info(privacy)
  const online = interfaceOnlineState()
  const media = new MediaRegistry([join(dataDir, 'takes'), join(dataDir, 'cache'), join(dataDir, 'exports')])
  // Files dropped onto the page arrive here before they are imported as takes; none is kept across launches.
  const incomingDir = droppedCopiesDir(dataDir)
  await rm(incomingDir, { recursive: true, force: true })
  const core = await createBoothCore({
    dataDir,
    secrets: createKeychainStore('Booth'),
    log,
    notifier: logNotifier(log),
    power: NO_POWER_EVENTS,
    online,
    openExternal: (url) => openWithPlatform(url),
    setBadge: () => undefined,
    startDemo: () => startDemoServer({ dataDir, log: (line) => log.info(line) }),
    env: { apiKey: givenKey, baseUrl: args.baseUrl },
    mediaUrl: (path) => media.urlFor(path),
  })
  // Files dropped onto the page are named by the id handed out for each (security/file-grants.ts).
  const files = new FileGrants()
  const dispatch = createDispatcher(core.handlers, { files })
  // The tab key is made afresh at every start, a crash included (never written down): a tab from before
  // cannot go on, and whatever takes the port after Booth stops cannot prove itself to it (host-proof.ts).
  // An older Booth kept it in this file across a crash; nothing reads it now.
  await rm(join(dataDir, 'web-host.token'), { force: true })
  const host = await startWebHost({
    port: args.port,
    // From the app's root, so the same holds for main/web.ts run from source and out/web/web.js.
    staticDir: join(DEFAULT_APP_ROOT, 'out', 'renderer'),
    dispatch,
    // Logged with where it happened (describe-error.ts failureLogLine says which failures are logged).
    describeError: (err, where) => describeAndLog(err, log, { where }),
    subscribe: (send) => core.hub.subscribe(send),
    media,
    incomingDir,
    files,
    // A tab that goes mid-take (closed, reloaded, crashed) has its take stopped and said at once.
    pages: pagePresence({
      present: (page, there) => core.pagePresent(page, there),
      gone: (page, cause) =>
        void core
          .pageGone(page, cause)
          .catch((err: unknown) => log.warn('a tab went away and its recordings could not be stopped', { err })),
    }),
  })
  await core.start({ autoDemo: !givenKey })
  await folderLock.describe({ kind: 'web host', url: host.url }).catch(() => undefined)
  console.log(`Booth is running at ${host.launchUrl}`)
  const stop = async () => {
    online.stop()
    // Like the desktop app's quit: bounded. A step still waiting by then has been named in the log.
    setTimeout(() => {
      log.error(`Booth did not finish quitting within ${QUIT_WITHIN_MS / 1000} s; quitting anyway`)
      process.exit(1)
    }, QUIT_WITHIN_MS)
    await runQuitSteps(
      [
        ['the page connections', () => host.close()],
        ["Booth's services", () => core.close()],
        ['the data folder', () => folderLock.release()],
      ],
      { warn: (message, fields) => log.warn(message, fields) },
    )
    process.exit(0)
  }
  const quit = () =>
    stop().catch((err: unknown) => {
      log.error('Booth could not quit cleanly', { err })
      process.exit(1)
    })
  process.once('SIGINT', () => void quit())
  process.once('SIGTERM', () => void quit())
}

main().catch((err: unknown) => {
  if (err instanceof DataFolderInUseError) {
    console.error(err.message)
    process.exit(EXIT_ALREADY_RUNNING)
  }
  const disk = diskFaultOf(err)
  if (disk) {
    const words = diskWords(disk, { dataDir: disk.path ?? 'its data folder', free: null, again: 'start Booth again' })
    console.error(`Booth could not start. ${words.what} ${words.todo}`)
    process.exit(1)
  }
  console.error(
    err instanceof Error && err.name === 'WebArgsError'
      ? err.message
      : `Booth could not start: ${err instanceof Error ? err.message : String(err)}`,
  )
  process.exit(err instanceof Error && err.name === 'WebArgsError' ? 2 : 1)
})
