/**
 * Which tabs of the web host are there, from what the host sees of them: each tab names itself (a page id
 * made once per page load, sent with its calls and its event stream), holds an event stream open while
 * it lives, and as it goes (closed, reloaded, navigated away) sends a last "page gone" beacon.
 *
 * - The beacon: that page is gone, at once.
 * - Its last event stream closed without a beacon (a tab killed or crashed, or one that dropped a silent
 *   stream and is about to open another): gone if no stream of that page is open again within
 *   `backWithinMs` — longer than the page waits before it tries again (RETRY_MAX_MS in the renderer's
 *   http-transport.ts), so a live page that reconnects is never taken for gone.
 * A page with a stream open is there: its recordings are never stopped for silence.
 */
import type { CutShortCause } from '../../shared/bridge-takes'

/** Longer than the page's longest pause before it opens its event stream again (4 s). */
export const PAGE_BACK_WITHIN_MS = 6_000

export interface PagePresenceTimers {
  setTimeout(fn: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

export interface PagePresenceDeps {
  present(page: string, there: boolean): void
  gone(page: string, cause: CutShortCause): void
  backWithinMs?: number
  timers?: PagePresenceTimers
}

export interface PagePresence {
  streamOpened(page: string): void
  streamClosed(page: string): void
  /** The page said it is going (pagehide). */
  beacon(page: string): void
  /** The host is closing: nothing is judged gone from here on (its streams are ended by the host, not the pages). */
  close(): void
}

export function pagePresence(deps: PagePresenceDeps): PagePresence {
  const timers: PagePresenceTimers = deps.timers ?? {
    setTimeout: (fn, ms) => setTimeout(fn, ms).unref(),
    clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
  }
  const streams = new Map<string, number>()
  const waiting = new Map<string, unknown>()
  /** Pages already said to be gone (a beacon, then its stream closing, is one going). */
  const gonePages = new Set<string>()
  let closed = false

  const stopWaiting = (page: string) => {
    const h = waiting.get(page)
    if (h === undefined) return
    timers.clearTimeout(h)
    waiting.delete(page)
  }
  const goneNow = (page: string) => {
    stopWaiting(page)
    if (gonePages.has(page)) return
    gonePages.add(page)
    deps.present(page, false)
    deps.gone(page, 'went_away')
  }

  return {
    streamOpened: (page) => {
      if (closed) return
      stopWaiting(page)
      gonePages.delete(page)
      streams.set(page, (streams.get(page) ?? 0) + 1)
      deps.present(page, true)
    },
    streamClosed: (page) => {
      const left = (streams.get(page) ?? 1) - 1
      if (left > 0) return void streams.set(page, left)
      streams.delete(page)
      if (closed || waiting.has(page) || gonePages.has(page)) return
      waiting.set(
        page,
        timers.setTimeout(() => {
          waiting.delete(page)
          if (!streams.has(page)) goneNow(page)
        }, deps.backWithinMs ?? PAGE_BACK_WITHIN_MS),
      )
    },
    beacon: (page) => {
      if (closed) return
      goneNow(page)
    },
    close: () => {
      closed = true
      for (const page of [...waiting.keys()]) stopWaiting(page)
    },
  }
}
