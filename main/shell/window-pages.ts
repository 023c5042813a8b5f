/**
 * The desktop window's page, as main's recordings need to know it (app/idle-recordings.ts): the window is
 * there from the moment it is made; when its page goes — the window closed, its renderer crashed or was
 * killed, the page reloaded or navigated — main is told at once, through the window's own events, so a
 * take it was recording is stopped (what was written kept) and said to the window that comes next.
 * A window that is only slow raises none of these and keeps its take.
 */
import type { EventEmitter } from 'node:events'
import type { CutShortCause } from '../../shared/bridge-takes'
import { windowOwner } from './bridge-ipc'

export interface PageWindowLike extends EventEmitter {
  readonly webContents: EventEmitter & { readonly id: number }
}

export interface PageOwnerCore {
  pagePresent(owner: string, present: boolean): void
  pageGone(owner: string, cause: CutShortCause): Promise<void>
}

/** Electron's did-start-navigation details (its first argument), as far as this needs them. */
interface NavigationLike {
  isMainFrame?: boolean
  isSameDocument?: boolean
}

export function watchWindowPages(
  w: PageWindowLike,
  core: PageOwnerCore,
  warn: (message: string, fields?: Record<string, unknown>) => void,
): void {
  // Read now: once the window is closed its webContents can no longer be asked.
  const owner = windowOwner(w.webContents.id)
  const gone = (cause: CutShortCause) =>
    core
      .pageGone(owner, cause)
      .catch((err: unknown) => warn('the window went away and its recordings could not be stopped', { err, cause }))
  core.pagePresent(owner, true)
  w.webContents.on('did-start-navigation', (details: NavigationLike) => {
    // A new document in the window's top frame (a reload): the page that recorded is gone, the window is not.
    if (details?.isMainFrame !== true || details.isSameDocument === true) return
    void gone('reloaded').then(() => core.pagePresent(owner, true))
  })
  w.webContents.on('render-process-gone', () => {
    core.pagePresent(owner, false)
    void gone('crashed')
  })
  w.once('closed', () => {
    core.pagePresent(owner, false)
    void gone('closed')
  })
}
