/**
 * The app-wide guard: every webContents Electron makes — the window's, and any other (a devtools page, a
 * guest, a window something managed to open) — opens no new window and navigates nowhere but the app's own
 * pages, from the moment it exists. The window's own hardening (security/window-security.ts) comes on top
 * of this (its handler sends checked web links to the browser); this guard covers whatever it does not.
 *
 * No Electron import: the app and a webContents are described by the small interfaces below.
 */
import { isAppUrl } from '../security/external-url'
import type { PreventableEvent } from '../security/window-security'

/** A webContents, as far as the guard needs it. */
export interface GuardedContentsLike {
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void
  on(
    event: 'will-navigate' | 'will-redirect' | 'will-attach-webview',
    listener: (event: PreventableEvent, url?: string) => void,
  ): unknown
}

/** Electron's app, as far as the guard needs it. */
export interface AppWithContentsLike {
  on(event: 'web-contents-created', listener: (event: unknown, contents: GuardedContentsLike) => void): unknown
}

export interface GuardDeps {
  appOrigin: string
  onBlocked?: (what: string, detail: Record<string, unknown>) => void
}

/** Applies the guard to one webContents. */
export function guardContents(contents: GuardedContentsLike, deps: GuardDeps): void {
  const blocked = deps.onBlocked ?? (() => undefined)
  contents.setWindowOpenHandler(({ url }) => {
    blocked('window-open', { url: String(url).slice(0, 200), by: 'app-wide guard' })
    return { action: 'deny' }
  })
  const guardNavigation = (kind: string) => (event: PreventableEvent, legacyUrl?: string) => {
    const url = event.url ?? legacyUrl ?? ''
    if (!isAppUrl(url, deps.appOrigin)) {
      event.preventDefault()
      blocked(kind, { url: url.slice(0, 200), by: 'app-wide guard' })
    }
  }
  contents.on('will-navigate', guardNavigation('navigation'))
  contents.on('will-redirect', guardNavigation('redirect'))
  contents.on('will-attach-webview', (event) => {
    event.preventDefault()
    blocked('webview', { by: 'app-wide guard' })
  })
}

/** Guards every webContents the app makes from now on (install before the app is ready). */
export function guardEveryWebContents(app: AppWithContentsLike, deps: GuardDeps): void {
  app.on('web-contents-created', (_event, contents) => guardContents(contents, deps))
}
