/**
 * One place that makes every Booth window safe (after Signal Desktop): locked-down BrowserWindow options,
 * and `hardenWindow`, which denies new windows, sends only checked http(s) links to the OS browser, blocks
 * navigation away from the app, refuses <webview>, and allows one permission: the microphone, for the app.
 *
 * No Electron import: the Electron pieces are described by the small interfaces below, which Electron's
 * real objects satisfy, so the lead passes `win.webContents` and `shell.openExternal` in.
 */
import { isAbsolute } from 'node:path'
import { assertAppOrigin, checkExternalUrl, isAppUrl, originOf } from './external-url'
import {
  decidePermissionCheck,
  decidePermissionRequest,
  type PermissionCheckDetails,
  type PermissionRequestDetails,
} from './permission-policy'

export { buildContentSecurityPolicy, MEDIA_SCHEME } from './content-security-policy'
export { checkExternalUrl } from './external-url'

export interface WindowOptionsInput {
  /** Absolute path of the compiled preload script. */
  preloadPath: string
  width?: number
  height?: number
}

/** The webPreferences Booth uses for every window. */
export interface BoothWebPreferences {
  preload: string
  contextIsolation: true
  sandbox: true
  nodeIntegration: false
  nodeIntegrationInWorker: false
  nodeIntegrationInSubFrames: false
  webSecurity: true
  allowRunningInsecureContent: false
  experimentalFeatures: false
  webviewTag: false
  navigateOnDragDrop: false
  safeDialogs: true
  /** Off: scripts are read, not written, and spell-check dictionaries are fetched from Google's CDN. */
  spellcheck: false
  /** Middle-click opens links in new windows; Signal disables it too. */
  disableBlinkFeatures: 'Auxclick'
}

export interface BoothWindowOptions {
  width: number
  height: number
  minWidth: number
  minHeight: number
  /** Shown on 'ready-to-show', so no blank flash. */
  show: false
  title: 'Booth'
  webPreferences: BoothWebPreferences
}

/** BrowserWindow constructor options for a Booth window. */
export function buildWindowOptions(input: WindowOptionsInput): BoothWindowOptions {
  if (typeof input?.preloadPath !== 'string' || !isAbsolute(input.preloadPath)) {
    throw new TypeError(`The preload script path must be absolute; it was "${String(input?.preloadPath)}".`)
  }
  const size = (value: number | undefined, fallback: number, min: number, what: string) => {
    if (value === undefined) return fallback
    if (!Number.isInteger(value) || value < min)
      throw new RangeError(`The window ${what} must be a whole number ≥ ${min}; it was ${value}.`)
    return value
  }
  return {
    width: size(input.width, 1280, 800, 'width'),
    height: size(input.height, 840, 560, 'height'),
    minWidth: 800,
    minHeight: 560,
    show: false,
    title: 'Booth',
    webPreferences: {
      preload: input.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: false,
      disableBlinkFeatures: 'Auxclick',
    },
  }
}

/** An Electron event, as far as hardening needs it. */
export interface PreventableEvent {
  preventDefault(): void
  /** Electron ≥ 25 puts the target URL on navigation events. */
  url?: string
}

export type PermissionRequestHandler = (
  webContents: unknown,
  permission: string,
  callback: (granted: boolean) => void,
  details: PermissionRequestDetails,
) => void

export type PermissionCheckHandler = (
  webContents: unknown,
  permission: string,
  requestingOrigin: string,
  details: PermissionCheckDetails,
) => boolean

/** The part of Electron's Session hardenWindow uses. */
export interface SessionLike {
  setPermissionRequestHandler(handler: PermissionRequestHandler | null): void
  setPermissionCheckHandler(handler: PermissionCheckHandler | null): void
  /** Electron: HID / serial / USB device access. Denied. */
  setDevicePermissionHandler?(handler: (details: unknown) => boolean): void
}

/** The part of Electron's WebContents hardenWindow uses. */
export interface WebContentsLike {
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' } | { action: 'allow' }): void
  on(event: 'will-navigate' | 'will-redirect', listener: (event: PreventableEvent, url?: string) => void): unknown
  on(event: 'will-attach-webview', listener: (event: PreventableEvent) => void): unknown
  session: SessionLike
}

export interface HardenDeps {
  /** Where the app's pages come from, e.g. `booth://app` (custom protocol) or `http://127.0.0.1:5173` (dev). */
  appOrigin: string
  /** Electron's `shell.openExternal`; only ever called with a checked http(s) URL. */
  openExternal: (url: string) => Promise<void> | void
  /** Told about every refusal (a logger's warn). */
  onBlocked?: (what: string, detail: Record<string, unknown>) => void
}

/** Applies every rule to one window's webContents (and its session's permission handlers). */
export function hardenWindow(contents: WebContentsLike, deps: HardenDeps): void {
  const appOrigin = assertAppOrigin(deps.appOrigin)
  if (typeof deps.openExternal !== 'function') throw new TypeError('hardenWindow needs an openExternal function.')
  const blocked = deps.onBlocked ?? (() => undefined)

  contents.setWindowOpenHandler(({ url }) => {
    const verdict = checkExternalUrl(url)
    if (verdict.ok) {
      Promise.resolve(deps.openExternal(verdict.url)).catch((error: unknown) =>
        blocked('open-external-failed', { url: verdict.url, error: String(error) }),
      )
    } else {
      blocked('window-open', { url: String(url).slice(0, 200), reason: verdict.reason })
    }
    return { action: 'deny' }
  })

  const guardNavigation = (kind: string) => (event: PreventableEvent, legacyUrl?: string) => {
    const url = event.url ?? legacyUrl ?? ''
    if (!isAppUrl(url, appOrigin)) {
      event.preventDefault()
      blocked(kind, { url: url.slice(0, 200), origin: originOf(url) })
    }
  }
  contents.on('will-navigate', guardNavigation('navigation'))
  contents.on('will-redirect', guardNavigation('redirect'))
  contents.on('will-attach-webview', (event) => {
    event.preventDefault()
    blocked('webview', {})
  })

  contents.session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    const granted = decidePermissionRequest(permission, details, appOrigin)
    if (!granted) blocked('permission-request', { permission, url: details?.requestingUrl })
    callback(granted)
  })
  contents.session.setPermissionCheckHandler((_contents, permission, requestingOrigin, details) =>
    decidePermissionCheck(permission, requestingOrigin, details, appOrigin),
  )
  contents.session.setDevicePermissionHandler?.(() => false)
}
