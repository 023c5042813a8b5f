/**
 * The bridge over the web host: calls are POSTs, events arrive as server-sent events read with fetch
 * (so the per-launch token travels in a header, never in a URL). Used when Booth runs in a browser tab.
 */
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

export function createHttpTransport(token: string, base = ''): Transport {
  const listeners = new Map<string, Set<(data: unknown) => void>>()
  let started = false

  async function readEvents(): Promise<void> {
    let delay = 1000
    for (;;) {
      try {
        const res = await fetch(`${base}/bridge/events`, { headers: { 'x-booth-token': token } })
        if (!res.ok || !res.body) throw new Error(`events answered ${res.status}`)
        delay = 1000
        emit('bridge', { connected: true })
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader()
        let buffer = ''
        for (;;) {
          const { value, done } = await reader.read()
          if (done) break
          buffer += value
          let cut: number
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            dispatchBlock(buffer.slice(0, cut))
            buffer = buffer.slice(cut + 2)
          }
        }
      } catch {
        // The host went away or restarted: say so and try again with a growing pause.
      }
      emit('bridge', { connected: false })
      await new Promise((r) => setTimeout(r, delay))
      delay = Math.min(delay * 2, 15_000)
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

  return {
    async call(name, args) {
      const res = await fetch(`${base}/bridge/call/${name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-booth-token': token },
        body: JSON.stringify({ args }),
      })
      const body = (await res.json().catch(() => null)) as { ok?: boolean; result?: unknown; error?: { kind: string; message: string } } | null
      if (res.ok && body?.ok) return body.result
      throw new BridgeCallError(body?.error?.kind ?? 'unavailable', body?.error?.message ?? `Booth’s background service did not answer (HTTP ${res.status}).`)
    },
    async pathForFile(file) {
      const res = await fetch(`${base}/bridge/upload?name=${encodeURIComponent(file.name)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream', 'x-booth-token': token },
        body: file,
      })
      const body = (await res.json().catch(() => null)) as { ok?: boolean; result?: { path: string }; error?: { kind: string; message: string } } | null
      if (res.ok && body?.ok && body.result) return body.result.path
      throw new BridgeCallError(body?.error?.kind ?? 'unavailable', body?.error?.message ?? `The file could not be handed to Booth (HTTP ${res.status}).`)
    },
    on(event, fn) {
      if (!started) {
        started = true
        void readEvents()
      }
      const set = listeners.get(event) ?? new Set()
      set.add(fn)
      listeners.set(event, set)
      return () => set.delete(fn)
    },
  }
}
