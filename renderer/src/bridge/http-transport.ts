/**
 * The bridge over the web host: calls are POSTs, events arrive as server-sent events read with fetch
 * (so the per-launch token travels in a header, never in a URL). Used when Booth runs in a browser tab.
 */
import type { HostPresence } from '../../../shared/bridge'
import type { Transport } from './transport'

const TOKEN_KEY = 'booth.token'

/** The web host hands the page its token in the URL fragment; keep it for this tab and clear the address bar. */
export function takeLaunchToken(loc: Location, store: Storage, history: History): string | null {
  const match = /(?:^#|&)t=([A-Za-z0-9_-]+)/.exec(loc.hash)
  if (match?.[1]) {
    store.setItem(TOKEN_KEY, match[1])
    history.replaceState(null, '', loc.pathname + loc.search)
    return match[1]
  }
  return store.getItem(TOKEN_KEY)
}

export class BridgeCallError extends Error {
  constructor(readonly kind: string, message: string) {
    super(message)
    this.name = 'BridgeCallError'
  }
}

/** What a call answers when Booth's host cannot be reached at all (killed, crashed, quit). */
export const HOST_GONE_MESSAGE = 'Booth is not running: its background process stopped or cannot be reached. Start Booth again; this page picks up by itself.'

/** The host sends a ping every few seconds (main/web/host.ts); this long without a byte, it is taken for gone. */
export const SILENCE_MS = 10_000
/** Reconnecting tries again at least this often, so the page picks up within seconds of Booth being back. */
const RETRY_MAX_MS = 4_000

export function createHttpTransport(token: string, base = ''): Transport {
  const listeners = new Map<string, Set<(data: unknown) => void>>()
  const presenceListeners = new Set<(p: HostPresence) => void>()
  let presence: HostPresence = 'up'
  let started = false

  function setPresence(next: HostPresence): void {
    if (next === presence) return
    presence = next
    for (const fn of presenceListeners) fn(next)
  }

  function start(): void {
    if (started) return
    started = true
    void readEvents()
  }

  async function readEvents(): Promise<void> {
    let delay = 500
    for (;;) {
      // A host that is killed closes the stream at once; one that hangs goes silent: after SILENCE_MS without
      // even a ping the stream is dropped, so the page never shows a Booth that is not there.
      const controller = new AbortController()
      let watchdog: ReturnType<typeof setTimeout> | undefined
      const heard = () => {
        clearTimeout(watchdog)
        watchdog = setTimeout(() => controller.abort(), SILENCE_MS)
      }
      let refused = false
      try {
        heard()
        const res = await fetch(`${base}/bridge/events`, { headers: { 'x-booth-token': token }, signal: controller.signal })
        refused = res.status === 401
        if (!res.ok || !res.body || res.status === 204) throw new Error(`events answered ${res.status}`)
        delay = 500
        setPresence('up')
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader()
        let buffer = ''
        for (;;) {
          const { value, done } = await reader.read()
          if (done) break
          heard()
          buffer += value
          let cut: number
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            dispatchBlock(buffer.slice(0, cut))
            buffer = buffer.slice(cut + 2)
          }
        }
      } catch {
        // The host went away, hung, or restarted: said below, and tried again with a short, growing pause.
      } finally {
        clearTimeout(watchdog)
      }
      // A host that answers but refuses this tab's key is a Booth started afresh (this tab is from before).
      setPresence(refused ? 'replaced' : 'down')
      await new Promise((r) => setTimeout(r, delay))
      delay = Math.min(delay * 2, RETRY_MAX_MS)
    }
  }

  function dispatchBlock(block: string): void {
    let event = 'message'
    const data: string[] = []
    for (const line of block.split('\n')) {
      if (line.startsWith('event: ')) event = line.slice(7)
      else if (line.startsWith('data: ')) data.push(line.slice(6))
    }
    if (!data.length) return
    try {
      emit(event, JSON.parse(data.join('\n')))
    } catch {
      // A malformed event is dropped; the next snapshot repairs the view.
    }
  }

  function emit(event: string, data: unknown): void {
    for (const fn of listeners.get(event) ?? []) fn(data)
  }

  /** fetch, with a host that cannot be reached at all said as such (and taken for gone at once). */
  async function reach(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, init)
    } catch {
      setPresence('down')
      throw new BridgeCallError('unavailable', HOST_GONE_MESSAGE)
    }
  }

  return {
    async call(name, args) {
      const res = await reach(`${base}/bridge/call/${name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-booth-token': token },
        body: JSON.stringify({ args }),
      })
      const body = (await res.json().catch(() => null)) as { ok?: boolean; result?: unknown; error?: { kind: string; message: string } } | null
      if (res.ok && body?.ok) return body.result
      throw new BridgeCallError(body?.error?.kind ?? 'unavailable', body?.error?.message ?? `Booth’s background service did not answer (HTTP ${res.status}).`)
    },
    async pathForFile(file) {
      const res = await reach(`${base}/bridge/upload?name=${encodeURIComponent(file.name)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream', 'x-booth-token': token },
        body: file,
      })
      const body = (await res.json().catch(() => null)) as { ok?: boolean; result?: { path: string }; error?: { kind: string; message: string } } | null
      if (res.ok && body?.ok && body.result) return body.result.path
      throw new BridgeCallError(body?.error?.kind ?? 'unavailable', body?.error?.message ?? `The file could not be handed to Booth (HTTP ${res.status}).`)
    },
    onPresence(fn) {
      start()
      presenceListeners.add(fn)
      if (presence !== 'up') fn(presence)
      return () => presenceListeners.delete(fn)
    },
    on(event, fn) {
      start()
      const set = listeners.get(event) ?? new Set()
      set.add(fn)
      listeners.set(event, set)
      return () => set.delete(fn)
    },
  }
}
