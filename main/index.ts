/**
 * Electron entry point, kept thin: it hands Electron's pieces (windows, notifications, power monitor,
 * keychain, shell) to Booth's core as ports and carries the bridge over two IPC channels.
 * Security follows Electron's checklist; README lists each item and how Booth meets it.
 */
import { app, BrowserWindow, dialog, ipcMain, nativeImage, net, Notification, powerMonitor, protocol, screen, shell } from 'electron'
import log from 'electron-log/main'
import { join } from 'node:path'
import { createBoothCore, type BoothCore } from './core/booth-core'
import { createDispatcher, type Dispatch } from './bridge/dispatch'
import { describeError } from './bridge/describe-error'
import { BADGE_SIZE, badgeBitmap } from './desktop/badge-bitmap'
import { createLog, electronLogSink } from './desktop/redacting-log'
import { createKeychainStore } from './desktop/secret-store'
import { buildWindowOptions, hardenWindow, MEDIA_SCHEME } from './desktop/window-security'
import { APP_ORIGIN, registerAppProtocols, registerPrivilegedSchemes } from './electron/app-protocols'
import { isVisibleOn, loadWindowState, saveWindowState } from './electron/window-state'
import { startDemoServer } from './session/demo-launcher'
import { interfaceOnlineState } from './web/web-ports'
import { scrubOwnEnv } from './security/child-env'
import { IPC_CALL, IPC_EVENT } from '../shared/ipc-channels'

// No secret of the environment reaches a child (shell.openExternal's helper cannot be given an environment).
scrubOwnEnv()
registerPrivilegedSchemes(protocol)
const dataDir = app.getPath('userData')
const boothLog = createLog({ sink: electronLogSink(log) })
let win: BrowserWindow | null = null

async function createWindow(core: BoothCore): Promise<BrowserWindow> {
  const state = await loadWindowState(dataDir)
  const options = buildWindowOptions({ preloadPath: join(import.meta.dirname, '../preload/index.cjs'), width: state.width, height: state.height })
  const placed = isVisibleOn(state, screen.getAllDisplays().map((d) => d.workArea)) ? { x: state.x, y: state.y } : {}
  const w = new BrowserWindow({ ...options, ...placed })
  hardenWindow(w.webContents, {
    appOrigin: process.env['ELECTRON_RENDERER_URL'] ? new URL(process.env['ELECTRON_RENDERER_URL']).origin : APP_ORIGIN,
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
  const unsubscribe = core.hub.subscribe((event, data) => {
    if (!w.isDestroyed()) w.webContents.send(IPC_EVENT, event, data)
  })
  w.on('closed', unsubscribe)
  if (process.env['ELECTRON_RENDERER_URL']) await w.loadURL(process.env['ELECTRON_RENDERER_URL'])
  else await w.loadURL(`${APP_ORIGIN}/index.html`)
  return w
}

/** Only Booth's own page, in its own top frame, may call main. */
function bindIpc(dispatch: Dispatch): void {
  const allowedOrigin = process.env['ELECTRON_RENDERER_URL'] ? new URL(process.env['ELECTRON_RENDERER_URL']).origin : APP_ORIGIN
  ipcMain.handle(IPC_CALL, async (event, name: unknown, args: unknown) => {
    const frame = event.senderFrame
    if (!frame || frame.parent !== null || new URL(frame.url).origin !== allowedOrigin) {
      boothLog.warn('refused a bridge call from a foreign frame', { url: frame?.url })
      return { ok: false, error: { kind: 'refused', message: 'Only Booth’s own window may do that.' } }
    }
    try {
      return { ok: true, result: (await dispatch(String(name), args)) ?? null }
    } catch (err) {
      const failure = describeError(err)
      if (failure.kind === 'internal') boothLog.error('a bridge call failed', { err })
      return { ok: false, error: { kind: failure.kind, message: failure.message } }
    }
  })
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
  registerAppProtocols(protocol, { rendererDir: join(import.meta.dirname, '../renderer'), mediaRoots: [join(dataDir, 'takes'), join(dataDir, 'cache')] })
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
    chooseSavePath: async (suggestedName) => {
      const options = { defaultPath: join(app.getPath('downloads'), suggestedName) }
      const choice = win ? await dialog.showSaveDialog(win, options) : await dialog.showSaveDialog(options)
      return choice.canceled || !choice.filePath ? null : choice.filePath
    },
  })
  bindIpc(createDispatcher(core.handlers))
  win = await createWindow(core)
  await core.start({ autoDemo: false })
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) void createWindow(core).then((w) => (win = w))
  })
  app.on('before-quit', () => {
    online.stop()
    void core.close()
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
