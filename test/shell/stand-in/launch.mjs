/**
 * Child process that starts Booth's built Electron entry (out/main/index.js) under plain Node, the way
 * Electron would load it (Node's ES module loader), with the recording stand-in for `electron`, and then
 * answers the test's requests over the fork IPC channel: make the app ready, call its IPC handler as a
 * given frame, fire window events, ask its permission handlers, fetch from its protocols, quit.
 *
 * Timers are counted from before the app loads, so after quit the test can list any still running.
 */
import Module, { createRequire, register, syncBuiltinESMExports } from 'node:module'
import timers from 'node:timers'
import { fileURLToPath, pathToFileURL } from 'node:url'

// Stack frames name ES modules by file URL and CommonJS ones by path: this folder, both ways.
const here = [fileURLToPath(new URL('.', import.meta.url)), new URL('.', import.meta.url).href]
const electronPath = fileURLToPath(new URL('./electron.cjs', import.meta.url))
const mainEntry = process.env.STANDIN_MAIN_ENTRY

// ---- timers still running (the app's, not this harness's) -------------------------------------------
const live = new Map()
const track = (kind, original, clear) => {
  const wrapped = function (fn, ms, ...args) {
    let handle
    const callback =
      typeof fn === 'function'
        ? function (...a) {
            if (kind === 'timeout') live.delete(handle)
            return fn.apply(this, a)
          }
        : fn
    handle = original(callback, ms, ...args)
    const stack = new Error().stack
      .split('\n')
      .slice(2, 8)
      .map((l) => l.trim())
    if (!stack.some((l) => here.some((h) => l.includes(h)))) live.set(handle, { kind, ms, stack })
    return handle
  }
  const wrappedClear = (handle) => {
    if (typeof handle === 'number')
      for (const key of live.keys()) {
        if (+key === handle) live.delete(key)
      }
    else live.delete(handle)
    return clear(handle)
  }
  return [wrapped, wrappedClear]
}
const [st, ct] = track('timeout', timers.setTimeout, timers.clearTimeout)
const [si, ci] = track('interval', timers.setInterval, timers.clearInterval)
Object.assign(globalThis, { setTimeout: st, clearTimeout: ct, setInterval: si, clearInterval: ci })
Object.assign(timers, { setTimeout: st, clearTimeout: ct, setInterval: si, clearInterval: ci })
syncBuiltinESMExports()

// ---- `electron` resolves to the stand-in, for import and for require ---------------------------------
register('./hooks.mjs', import.meta.url, { data: { electron: pathToFileURL(electronPath).href } })
const originalResolve = Module._resolveFilename
Module._resolveFilename = function (request, ...rest) {
  return request === 'electron' ? electronPath : originalResolve.call(this, request, ...rest)
}
const electron = createRequire(import.meta.url)(electronPath)
const { app, ipcMain, protocol, session, shell, standIn } = electron

const send = (message) => process.send?.(message)
try {
  await import(pathToFileURL(mainEntry).href)
  send({ type: 'loaded' })
} catch (err) {
  send({ type: 'load-failed', code: err?.code ?? null, message: String(err?.message ?? err) })
}

// ---- requests -----------------------------------------------------------------------------------------
const sleep = (ms) => new Promise((resolve) => timers.setTimeout(resolve, ms))
const until = async (test, ms, what) => {
  const end = Date.now() + ms
  while (!test()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await sleep(10)
  }
}
const appWindow = () => standIn.windows.find((w) => !w.destroyed) ?? null

function frameFor(spec) {
  if (spec === null) return null
  const win = appWindow()
  const top = win?.webContents.mainFrame ?? { url: '', parent: null }
  if (spec.kind === 'app-top') return top
  if (spec.kind === 'top') return { url: spec.url, parent: null }
  return { url: spec.url, parent: top }
}

const handlers = {
  async ready() {
    standIn.makeReady()
    await until(() => appWindow()?.loaded.length > 0, 10_000, 'the window to load its page')
    return null
  },
  /** Electron's 'ready' for a launch that may end without a window (it finds its data folder taken). */
  async readyOrQuit() {
    standIn.makeReady()
    await until(() => appWindow()?.loaded.length > 0 || standIn.quit.requested > 0, 10_000, 'a window or a quit')
    return null
  },
  state() {
    const win = appWindow()
    return {
      calls: standIn.calls,
      channels: ipcMain.channels(),
      privileged: protocol.privileged,
      protocols: [...protocol.handlers.keys()].sort(),
      windows: standIn.windows.map((w) => ({
        options: w.options,
        loaded: w.loaded,
        visible: w.visible,
        destroyed: w.destroyed,
      })),
      sent: win ? win.webContents.sent.map((s) => s.channel) : [],
      appListeners: app.eventNames().map(String).sort(),
      quit: standIn.quit,
    }
  },
  async invoke({ channel, frame, args }) {
    const handler = ipcMain.handlers.get(channel)
    if (!handler) return { missing: true }
    const win = appWindow()
    const event = { sender: win?.webContents ?? null, senderFrame: frameFor(frame), frameId: 1, processId: 1 }
    try {
      return { answer: await handler(event, ...args) }
    } catch (err) {
      return { threw: String(err?.message ?? err) }
    }
  },
  /** The path the save dialog answers from now on (null: cancelled). */
  saveAnswer({ path }) {
    electron.dialog.saveAnswer = path
    return null
  },
  /** A webContents that is not the window's: what the app-wide guard makes of it. */
  bareContents({ urls }) {
    const contents = standIn.createBareWebContents()
    const navigations = {}
    for (const name of ['will-navigate', 'will-redirect']) {
      navigations[name] = urls.map((url) => {
        const event = {
          defaultPrevented: false,
          preventDefault() {
            this.defaultPrevented = true
          },
          url,
        }
        contents.emit(name, event, url)
        return event.defaultPrevented
      })
    }
    const webview = {
      defaultPrevented: false,
      preventDefault() {
        this.defaultPrevented = true
      },
    }
    contents.emit('will-attach-webview', webview)
    const windowOpen = urls.map(
      (url) =>
        contents.windowOpenHandler?.({ url, frameName: '', features: '', disposition: 'new-window' })?.action ?? null,
    )
    return { navigations, webviewPrevented: webview.defaultPrevented, windowOpen, opened: shell.opened.length }
  },
  contentsEvent({ name, url }) {
    const contents = appWindow().webContents
    const event = {
      defaultPrevented: false,
      preventDefault() {
        this.defaultPrevented = true
      },
      url,
    }
    const listeners = contents.listenerCount(name)
    contents.emit(name, event, url)
    return { prevented: event.defaultPrevented, listeners }
  },
  async windowOpen({ url }) {
    const contents = appWindow().webContents
    if (!contents.windowOpenHandler) return { missing: true }
    const before = shell.opened.length
    const verdict = contents.windowOpenHandler({ url, frameName: '', features: '', disposition: 'new-window' })
    await sleep(20)
    return { action: verdict?.action ?? null, opened: shell.opened.slice(before) }
  },
  async permissionRequest({ permission, details }) {
    const handler = session.defaultSession.handlers.request
    if (!handler) return { missing: true }
    const granted = await new Promise((resolve) => handler(appWindow().webContents, permission, resolve, details))
    return { granted }
  },
  permissionCheck({ permission, origin, details }) {
    const handler = session.defaultSession.handlers.check
    if (!handler) return { missing: true }
    return { granted: handler(appWindow().webContents, permission, origin, details) }
  },
  devicePermission({ details }) {
    const handler = session.defaultSession.handlers.device
    if (!handler) return { missing: true }
    return { granted: handler(details) }
  },
  async fetch({ url }) {
    const scheme = new URL(url).protocol.slice(0, -1)
    const handler = protocol.handlers.get(scheme)
    if (!handler) return { missing: true }
    const response = await handler(new Request(url))
    const body = Buffer.from(await response.arrayBuffer())
    return {
      status: response.status,
      headers: Object.fromEntries(response.headers),
      body: body.toString('latin1').slice(0, 400),
      length: body.length,
    }
  },
  /** A promise rejected with nobody to handle it and a timer that throws: main must log both and live on. */
  async failUnhandled() {
    void Promise.reject(new Error('a failure nothing handled, from the shell test'))
    timers.setTimeout(() => {
      throw new Error('an exception nothing caught, from the shell test')
    }, 0)
    await sleep(100)
    return {
      pid: process.pid,
      listeners: {
        unhandledRejection: process.listenerCount('unhandledRejection'),
        uncaughtException: process.listenerCount('uncaughtException'),
      },
    }
  },
  timers() {
    return [...live.values()]
  },
  secondInstance() {
    const before = standIn.calls.length
    app.emit('second-instance', { preventDefault() {} }, ['booth'], process.cwd(), {})
    return { calls: standIn.calls.slice(before).map((c) => c.api) }
  },
  async quit() {
    app.quit()
    await until(
      () => standIn.quit.quitEmitted || standIn.quit.exitCode !== null,
      15_000,
      'Booth to finish quitting',
    ).catch(() => undefined)
    // A request that was under way when quit began may take a moment to fail and clear its timeout;
    // anything still there after 3 s (an interval, a re-armed poll) is what would keep Booth running.
    await until(() => live.size === 0, 3_000, 'timers to end').catch(() => undefined)
    return {
      quit: standIn.quit,
      liveTimers: [...live.values()],
      resources: process.getActiveResourcesInfo(),
    }
  },
}

process.on('message', async ({ id, op, input }) => {
  try {
    send({ id, ok: true, value: await handlers[op](input ?? {}) })
  } catch (err) {
    send({ id, ok: false, error: String(err?.stack ?? err) })
  }
})
