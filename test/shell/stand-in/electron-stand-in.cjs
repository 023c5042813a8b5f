/* eslint-disable @typescript-eslint/no-require-imports */
/**
 * A recording stand-in for the `electron` module, for loading Booth's built bundles where no Electron
 * binary runs (electron.cjs is the module itself, holding one of these per process). It behaves like
 * Electron where Booth depends on it (app lifecycle and quit sequence, windows and their webContents, one
 * session, ipcMain handlers, privileged schemes and protocol handlers, net.fetch of file: URLs) and
 * records every call, so test/shell can check what the app did.
 *
 * The built preload runs inside the test's own process (../preload-sandbox.ts): it takes a fresh renderer
 * stand-in from here, and leaves no main-process one behind in that process.
 */
'use strict'
const { EventEmitter } = require('node:events')
const { readFile, stat } = require('node:fs/promises')
const { extname, join } = require('node:path')
const { tmpdir } = require('node:os')
const { fileURLToPath } = require('node:url')

const MIME = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.wasm': 'application/wasm',
}

function preventable(extra) {
  return {
    defaultPrevented: false,
    preventDefault() {
      this.defaultPrevented = true
    },
    ...extra,
  }
}

/** One independent stand-in: `process: 'main'` (default) or 'renderer' (a sandboxed preload's electron). */
function createElectronStandIn(options = {}) {
  const calls = []
  const record = (api, detail = {}) => calls.push({ api, ...detail })
  let ready = false
  let markReady
  const readyPromise = new Promise((resolve) => {
    markReady = resolve
  })
  const quit = { requested: 0, beforeQuit: 0, willQuitPrevented: 0, quitEmitted: false, exitCode: null }

  const app = new EventEmitter()
  Object.assign(app, {
    name: 'Booth',
    isPackaged: options.packaged ?? process.env.STANDIN_PACKAGED !== '0',
    whenReady: () => readyPromise,
    isReady: () => ready,
    getPath(name) {
      const userData = options.userData ?? process.env.STANDIN_USER_DATA ?? join(tmpdir(), 'booth-stand-in')
      const paths = {
        userData,
        logs: join(userData, 'logs'),
        downloads: join(userData, 'downloads'),
        temp: tmpdir(),
        home: tmpdir(),
        appData: tmpdir(),
      }
      if (!(name in paths)) throw new Error(`Failed to get '${name}' path`)
      return paths[name]
    },
    getVersion: () => '0.1.0',
    getName: () => 'Booth',
    getLocale: () => 'en-GB',
    setAppUserModelId: (id) => record('app.setAppUserModelId', { id }),
    setBadgeCount: (count) => {
      record('app.setBadgeCount', { count })
      return true
    },
    requestSingleInstanceLock() {
      const granted = (options.lock ?? process.env.STANDIN_LOCK) !== 'held'
      record('app.requestSingleInstanceLock', { granted })
      return granted
    },
    /** Electron's order: before-quit, every window closed, will-quit (cancellable), quit. */
    quit() {
      quit.requested += 1
      record('app.quit')
      const before = preventable()
      quit.beforeQuit += 1
      app.emit('before-quit', before)
      if (before.defaultPrevented) return
      for (const w of BrowserWindow.getAllWindows()) w.close({ quitting: true })
      const willQuit = preventable()
      app.emit('will-quit', willQuit)
      if (willQuit.defaultPrevented) {
        quit.willQuitPrevented += 1
        return
      }
      quit.quitEmitted = true
      app.emit('quit', preventable(), 0)
    },
    /** Electron's exit ends the process at once; the stand-in only records it, so the test can see what still runs. */
    exit(code = 0) {
      record('app.exit', { code })
      quit.exitCode = code
    },
  })

  const session = {
    handlers: {},
    setPermissionRequestHandler(fn) {
      record('session.setPermissionRequestHandler')
      this.handlers.request = fn
    },
    setPermissionCheckHandler(fn) {
      record('session.setPermissionCheckHandler')
      this.handlers.check = fn
    },
    setDevicePermissionHandler(fn) {
      record('session.setDevicePermissionHandler')
      this.handlers.device = fn
    },
    setPreloads(list) {
      record('session.setPreloads', { list })
    },
    getPreloads: () => [],
    registerPreloadScript(script) {
      record('session.registerPreloadScript', { script })
    },
  }

  let nextId = 1
  class WebContents extends EventEmitter {
    constructor(owner) {
      super()
      this.id = nextId++
      this.owner = owner
      this.session = session
      this.destroyed = false
      this.sent = []
      this.windowOpenHandler = null
      this.mainFrame = { url: '', parent: null, routingId: 1, processId: this.id }
      this.mainFrame.top = this.mainFrame
    }
    setWindowOpenHandler(fn) {
      record('webContents.setWindowOpenHandler')
      this.windowOpenHandler = fn
    }
    send(channel, ...args) {
      this.sent.push({ channel, args })
    }
    getURL() {
      return this.mainFrame.url
    }
    isDestroyed() {
      return this.destroyed
    }
    isCrashed() {
      return false
    }
    /** The operating system's drag of a file out of the window: recorded with the file and what its icon was made from. */
    startDrag(item) {
      record('webContents.startDrag', { file: item?.file, icon: item?.icon ?? null })
    }
  }

  const windows = []
  class BrowserWindow extends EventEmitter {
    static getAllWindows() {
      return windows.filter((w) => !w.destroyed)
    }
    static fromWebContents(contents) {
      return windows.find((w) => w.webContents === contents) ?? null
    }
    constructor(opts = {}) {
      super()
      if (!ready) throw new Error('Cannot create BrowserWindow before app is ready')
      this.options = opts
      this.destroyed = false
      this.minimized = false
      this.maximized = false
      this.visible = false
      this.loaded = []
      this.webContents = new WebContents(this)
      windows.push(this)
      record('new BrowserWindow', { options: opts })
    }
    async loadURL(url) {
      record('BrowserWindow.loadURL', { url })
      this.loaded.push(url)
      this.webContents.mainFrame.url = url
      setImmediate(() => this.emit('ready-to-show'))
    }
    show() {
      this.visible = true
      record('BrowserWindow.show')
    }
    focus() {
      record('BrowserWindow.focus')
    }
    restore() {
      this.minimized = false
      record('BrowserWindow.restore')
    }
    minimize() {
      this.minimized = true
    }
    maximize() {
      this.maximized = true
    }
    isMinimized() {
      return this.minimized
    }
    isMaximized() {
      return this.maximized
    }
    isDestroyed() {
      return this.destroyed
    }
    getNormalBounds() {
      return { x: 40, y: 30, width: this.options.width ?? 800, height: this.options.height ?? 600 }
    }
    setOverlayIcon(icon, description) {
      record('BrowserWindow.setOverlayIcon', { description })
    }
    close(how = {}) {
      if (this.destroyed) return
      const event = preventable()
      this.emit('close', event)
      if (event.defaultPrevented) return
      this.destroy()
      if (!how.quitting && BrowserWindow.getAllWindows().length === 0) app.emit('window-all-closed')
    }
    destroy() {
      if (this.destroyed) return
      this.destroyed = true
      this.webContents.destroyed = true
      this.emit('closed')
    }
  }

  const ipcMain = {
    handlers: new Map(),
    listeners: [],
    handle(channel, fn) {
      if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`)
      record('ipcMain.handle', { channel })
      this.handlers.set(channel, fn)
    },
    handleOnce(channel, fn) {
      record('ipcMain.handleOnce', { channel })
      this.handlers.set(channel, fn)
    },
    removeHandler(channel) {
      this.handlers.delete(channel)
    },
    on(channel, fn) {
      record('ipcMain.on', { channel })
      this.listeners.push({ channel, fn })
      return this
    },
    once(channel, fn) {
      record('ipcMain.once', { channel })
      this.listeners.push({ channel, fn })
      return this
    },
    addListener(channel, fn) {
      return this.on(channel, fn)
    },
    off(channel, fn) {
      this.listeners = this.listeners.filter((l) => l.channel !== channel || l.fn !== fn)
      return this
    },
    removeListener(channel, fn) {
      return this.off(channel, fn)
    },
    removeAllListeners(channel) {
      this.listeners = this.listeners.filter((l) => channel !== undefined && l.channel !== channel)
      return this
    },
    /** Every channel a page could reach: invoke handlers and message listeners. */
    channels() {
      return [...new Set([...this.handlers.keys(), ...this.listeners.map((l) => l.channel)])].sort()
    },
  }

  const protocol = {
    privileged: [],
    handlers: new Map(),
    registerSchemesAsPrivileged(schemes) {
      record('protocol.registerSchemesAsPrivileged', { schemes, afterReady: ready })
      if (ready) throw new Error('protocol.registerSchemesAsPrivileged should be called before app is ready')
      this.privileged.push(...schemes)
    },
    handle(scheme, fn) {
      record('protocol.handle', { scheme, afterReady: ready })
      if (!ready) throw new Error('protocol.handle must be called after app is ready')
      this.handlers.set(scheme, fn)
    },
    unhandle(scheme) {
      this.handlers.delete(scheme)
    },
    isProtocolHandled: (scheme) => protocol.handlers.has(scheme),
  }

  const net = {
    isOnline: () => true,
    /** file: URLs as Electron's net.fetch reads them (a missing file rejects); anything else through Node's fetch. */
    async fetch(input, init) {
      const url = typeof input === 'string' ? input : input.url
      record('net.fetch', { url })
      if (!url.startsWith('file:')) return fetch(input, init)
      const path = fileURLToPath(url)
      const info = await stat(path).catch(() => null)
      if (!info?.isFile()) throw new Error(`net::ERR_FILE_NOT_FOUND (${url})`)
      return new Response(await readFile(path), {
        status: 200,
        headers: { 'content-type': MIME[extname(path)] ?? 'application/octet-stream' },
      })
    },
  }

  class Notification extends EventEmitter {
    static isSupported() {
      return true
    }
    constructor(opts) {
      super()
      this.opts = opts
      record('new Notification', { title: opts?.title })
    }
    show() {
      record('Notification.show', { title: this.opts?.title })
    }
    close() {}
  }

  const powerMonitor = new EventEmitter()
  Object.assign(powerMonitor, {
    getSystemIdleState: () => 'active',
    getSystemIdleTime: () => 0,
    isOnBatteryPower: () => false,
  })

  const shell = {
    opened: [],
    async openExternal(url) {
      record('shell.openExternal', { url })
      this.opened.push(url)
    },
    async openPath(path) {
      record('shell.openPath', { path })
      return ''
    },
    showItemInFolder(path) {
      record('shell.showItemInFolder', { path })
    },
  }
  const dialog = {
    /** Cancelled, unless the test set `saveAnswer` (the path the person would choose); the offered path is recorded. */
    saveAnswer: null,
    async showSaveDialog(...args) {
      const options = args.length > 1 ? args[1] : args[0]
      record('dialog.showSaveDialog', { defaultPath: options?.defaultPath ?? null })
      return this.saveAnswer ? { canceled: false, filePath: this.saveAnswer } : { canceled: true }
    },
    async showOpenDialog() {
      record('dialog.showOpenDialog')
      return { canceled: true, filePaths: [] }
    },
    async showMessageBox() {
      record('dialog.showMessageBox')
      return { response: 0 }
    },
    showErrorBox(title, content) {
      record('dialog.showErrorBox', { title, content })
    },
  }
  const Menu = {
    setApplicationMenu(menu) {
      record('Menu.setApplicationMenu', { menu: menu === null ? null : 'menu' })
    },
    buildFromTemplate: (template) => ({ template }),
    getApplicationMenu: () => null,
  }
  const nativeImage = {
    createFromBitmap: (buffer, size) => ({ kind: 'bitmap', size }),
    createEmpty: () => ({ kind: 'empty' }),
    createFromPath: (path) => ({ kind: 'path', path }),
  }
  const screen = {
    getAllDisplays: () => [
      { id: 1, workArea: { x: 0, y: 0, width: 1920, height: 1080 }, bounds: { x: 0, y: 0, width: 1920, height: 1080 } },
    ],
    getPrimaryDisplay: () => screen.getAllDisplays()[0],
  }
  const webContents = {
    getAllWebContents: () => windows.filter((w) => !w.destroyed).map((w) => w.webContents),
    fromId: (id) => windows.map((w) => w.webContents).find((c) => c.id === id),
  }
  const webUtils = { getPathForFile: (file) => (file && typeof file.path === 'string' ? file.path : '') }

  // Renderer-side pieces, for loading the preload bundle.
  const exposed = new Map()
  const contextBridge = {
    exposed,
    exposeInMainWorld(key, api) {
      record('contextBridge.exposeInMainWorld', { key })
      exposed.set(key, api)
    },
  }
  const ipcRenderer = new EventEmitter()
  ipcRenderer.invoked = []
  ipcRenderer.invokeAnswer = async () => ({ ok: true, result: null })
  ipcRenderer.invoke = async (channel, ...args) => {
    record('ipcRenderer.invoke', { channel })
    ipcRenderer.invoked.push({ channel, args })
    return ipcRenderer.invokeAnswer(channel, ...args)
  }
  for (const name of ['send', 'sendSync', 'postMessage', 'sendToHost']) {
    ipcRenderer[name] = (channel) => {
      record(`ipcRenderer.${name}`, { channel })
    }
  }
  const baseOn = ipcRenderer.on.bind(ipcRenderer)
  ipcRenderer.on = (channel, fn) => {
    record('ipcRenderer.on', { channel })
    return baseOn(channel, fn)
  }

  // Electron gives each process its own modules: main has no contextBridge or ipcRenderer, a sandboxed
  // preload has none of app, BrowserWindow, ipcMain, protocol, … (so a library that probes them behaves as in Electron).
  const main = {
    app,
    BrowserWindow,
    webContents,
    session: { defaultSession: session },
    ipcMain,
    protocol,
    net,
    Notification,
    powerMonitor,
    shell,
    dialog,
    Menu,
    nativeImage,
    screen,
    webUtils,
  }
  const renderer = { contextBridge, ipcRenderer, webUtils, nativeImage }
  const standIn = {
    calls,
    quit,
    windows,
    /** A webContents with no window of Booth's (a devtools page, a guest, a popup), made as Electron makes one: 'web-contents-created' first. */
    createBareWebContents() {
      const contents = new WebContents(null)
      app.emit('web-contents-created', preventable(), contents)
      return contents
    },
    session,
    /** Electron's 'ready': app.whenReady() resolves, windows and protocol handlers may be made. */
    makeReady() {
      if (!ready) {
        ready = true
        markReady()
        app.emit('ready', preventable(), {})
      }
    },
  }
  return { ...(options.process === 'renderer' ? renderer : main), standIn }
}

module.exports = { createElectronStandIn }
