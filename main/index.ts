/**
 * Electron entry point, kept thin: it hands Electron's pieces (windows, notifications, power monitor,
 * keychain, shell) to Booth's core as ports and carries the bridge over two IPC channels. The logic lives
 * in main/shell/ (Electron-only binding) and in plain modules that take Electron's pieces as parameters; test/shell/ loads the
 * built bundle with a stand-in for `electron` and checks what this file does.
 * Security follows Electron's checklist; docs/security.md lists each item and how Booth meets it.
 */
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  nativeImage,
  net,
  Notification,
  powerMonitor,
  protocol,
  screen,
  shell,
} from 'electron'
import { join } from 'node:path'
import { createBoothCore, type BoothCore } from './app/compose'
import { installLastResort } from './app/last-resort'
import { createDispatcher } from './bridge/dispatch'
import { FileGrants } from './security/file-grants'
import { BADGE_SIZE, badgeBitmap } from './notifications/badge-bitmap'
import { DRAG_ICON_SIZE, dragIconBitmap } from './shell/drag-icon'
import { createLog } from './logging/redacting-log'
import { createKeychainStore } from './session/secret-store'
import { buildWindowOptions, hardenWindow, MEDIA_SCHEME } from './security/window-security'
import { registerAppProtocols, registerPrivilegedSchemes } from './shell/app-protocols'
import { bindBridgeIpc } from './shell/bridge-ipc'
import { watchWindowPages } from './shell/window-pages'
import { guardEveryWebContents } from './shell/web-contents-guard'
import { electronLogFileSink } from './shell/electron-log-file'
import { stopServicesBeforeQuit } from './shell/quit-cleanup'
import { rendererLocation } from './shell/renderer-location'
import { isVisibleOn, loadWindowState, saveWindowState } from './shell/window-state'
import { startDemoServer } from './demo/demo-launcher'
import { interfaceOnlineState } from './web/web-ports'
import { scrubOwnEnv } from './security/child-env'
import { DataFolderInUseError, lockDataFolder } from './storage/data-folder-lock'
import { safeFileName } from './storage/safe-file-name'
import { keepNewFilesPrivate, makeTreePrivate, treePrivacyLine } from './storage/private-files'
import { IPC_EVENT } from '../shared/ipc-channels'

// No secret of the environment reaches a child (shell.openExternal's helper cannot be given an environment).
scrubOwnEnv()
// Everything Booth writes (and its children: ffmpeg's renders) is the person's alone: folders 0700, files 0600.
keepNewFilesPrivate()
registerPrivilegedSchemes(protocol)
const dataDir = app.getPath('userData')
const boothLog = createLog({ sink: electronLogFileSink(app.getPath('logs')) })
// A failure nothing handled is logged and Booth keeps running: the main process never quits under the talent.
installLastResort({ log: boothLog })
const page = rendererLocation({ devServerUrl: process.env['ELECTRON_RENDERER_URL'], packaged: app.isPackaged })
// Every webContents, not only the window's: no new windows, no navigation away from the app's pages.
guardEveryWebContents(app, {
  appOrigin: page.origin,
  onBlocked: (what, detail) => boothLog.warn(`blocked ${what}`, detail),
})
let win: BrowserWindow | null = null

async function createWindow(core: BoothCore): Promise<BrowserWindow> {
  const state = await loadWindowState(dataDir)
  const options = buildWindowOptions({
    preloadPath: join(import.meta.dirname, '../preload/index.cjs'),
    width: state.width,
    height: state.height,
  })
  const placed = isVisibleOn(
    state,
    screen.getAllDisplays().map((d) => d.workArea),
  )
    ? { x: state.x, y: state.y }
    : {}
  const w = new BrowserWindow({ ...options, ...placed })
  hardenWindow(w.webContents, {
    appOrigin: page.origin,
    openExternal: (url) => shell.openExternal(url),
    onBlocked: (what, detail) => boothLog.warn(`blocked ${what}`, detail),
  })
  if (state.maximized) w.maximize()
  w.once('ready-to-show', () => w.show())
  w.on('focus', () => core.focus())
  w.on('close', () => {
    const b = w.getNormalBounds()
    void saveWindowState(dataDir, { ...b, maximized: w.isMaximized() }).catch(() => undefined)
  })
  // A take this window records is stopped and said the moment the window closes, reloads or crashes.
  watchWindowPages(w, core, (m, f) => boothLog.warn(m, f))
  const unsubscribe = core.hub.subscribe((event, data) => {
    if (!w.isDestroyed()) w.webContents.send(IPC_EVENT, event, data)
  })
  w.on('closed', () => {
    unsubscribe()
    if (win === w) win = null
  })
  await w.loadURL(page.startUrl)
  return w
}

/** Overdue + due today on the dock (macOS), the launcher (Linux) or as a taskbar overlay icon (Windows). */
function showBadge(count: number): void {
  if (process.platform !== 'win32') {
    app.setBadgeCount(count)
    return
  }
  const pixels = badgeBitmap(count)
  const icon = pixels ? nativeImage.createFromBitmap(pixels, { width: BADGE_SIZE, height: BADGE_SIZE }) : null
  win?.setOverlayIcon(icon, count ? `${count} job${count === 1 ? '' : 's'} overdue or due today` : '')
}

async function start(): Promise<void> {
  await app.whenReady()
  // One Booth per data folder: Electron's single-instance lock covers a second desktop app on this
  // userData; this one also covers the web host (npm run web -- --data-dir) on the same folder.
  const folderLock = await lockDataFolder(dataDir, { kind: 'desktop app' }).catch((err: unknown) => {
    if (err instanceof DataFolderInUseError) return err
    throw err
  })
  if (folderLock instanceof DataFolderInUseError) {
    boothLog.warn('another Booth holds the data folder', { pid: folderLock.holderPid })
    dialog.showErrorBox('Booth is already running', folderLock.message)
    app.quit()
    return
  }
  // What an older Booth left readable by others is made private once, before anything reads it.
  for (const folder of [dataDir, app.getPath('logs')]) {
    const privacy = treePrivacyLine(folder, await makeTreePrivate(folder))
    if (privacy) boothLog.info(privacy)
  }
  registerAppProtocols(protocol, {
    rendererDir: join(import.meta.dirname, '../renderer'),
    mediaRoots: [join(dataDir, 'takes'), join(dataDir, 'cache'), join(dataDir, 'exports')],
    fetchFile: (url, init) => net.fetch(url, init),
  })
  const online = interfaceOnlineState(5_000, () => net.isOnline())
  const core = await createBoothCore({
    dataDir,
    secrets: createKeychainStore('Booth'),
    log: boothLog,
    notifier: {
      show: (n, onClick) => {
        if (!Notification.isSupported()) return
        const note = new Notification({ title: n.title, body: n.body })
        note.on('click', () => {
          win?.show()
          win?.focus()
          onClick()
        })
        note.show()
      },
    },
    power: powerMonitor,
    online,
    openExternal: (url) => shell.openExternal(url),
    setBadge: (count) => showBadge(count),
    startDemo: () => startDemoServer({ dataDir, log: (line) => boothLog.info(line) }),
    mediaUrl: (path) => `${MEDIA_SCHEME}://file/${encodeURIComponent(path)}`,
    // A take dragged out of the window: the copy main made of what delivery sends (main/takes/take-export.ts).
    startDrag: (file) => {
      if (win && !win.isDestroyed())
        win.webContents.startDrag({
          file,
          icon: nativeImage.createFromBitmap(dragIconBitmap(), { width: DRAG_ICON_SIZE, height: DRAG_ICON_SIZE }),
        })
    },
    showItemInFolder: (path) => shell.showItemInFolder(path),
    chooseSavePath: async (suggestedName) => {
      // The suggested name comes from the service or the window: its last part only, safe on every file system.
      const options = { defaultPath: join(app.getPath('downloads'), safeFileName(suggestedName, 'download')) }
      const choice = win ? await dialog.showSaveDialog(win, options) : await dialog.showSaveDialog(options)
      return choice.canceled || !choice.filePath ? null : choice.filePath
    },
  })
  stopServicesBeforeQuit(app, {
    stop: async () => {
      online.stop()
      await core.close()
      await folderLock.release()
    },
    onProblem: (message, fields) => boothLog.warn(message, fields),
  })
  // A dropped file is named by the id main hands the preload for it (security/file-grants.ts), never by a path.
  const files = new FileGrants()
  bindBridgeIpc(ipcMain, {
    appOrigin: page.origin,
    dispatch: createDispatcher(core.handlers, { files }),
    log: boothLog,
    files,
  })
  win = await createWindow(core)
  await core.start({ autoDemo: false })
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0)
      createWindow(core).then(
        (w) => (win = w),
        (err: unknown) => boothLog.error('the window could not be opened again', { err }),
      )
  })
}

if (!app.requestSingleInstanceLock()) app.quit()
else {
  app.on('second-instance', () => {
    if (win?.isMinimized()) win.restore()
    win?.focus()
  })
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
  start().catch((err: unknown) => {
    boothLog.error('Booth could not start', { err })
    app.quit()
  })
}
