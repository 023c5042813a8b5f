/**
 * The bridge over the web host: calls are POSTs, events arrive as server-sent events read with fetch
 * (so the per-launch token travels in a header, never in a URL), and only to a host that has proved it
 * holds the token (createHttpTransport). Used when Booth runs in a browser tab.
 */
import type { HostPresence } from '../../../shared/bridge'
import type { Transport } from './transport'
import { freshNonce, proofChecks } from './host-proof'
import { pageIds } from './page-id'

const TOKEN_KEY = 'booth.token'

/**
 * The web host hands the page its token in the URL fragment; keep it for this tab and clear the address bar.
 * A new Booth (a start after a crash too) has a new key, given in its own address.
 */
export function takeLaunchToken(loc: Location, store: Storage, history: History): string | null {
  const match = /(?:^#|&)t=([A-Za-z0-9_-]+)/.exec(loc.hash)
  if (match?.[1]) {
    store.setItem(TOKEN_KEY, match[1])
    history.replaceState(null, '', loc.pathname + loc.search)
    return match[1]
  }
  return store.getItem(TOKEN_KEY)
}

/**
 * Forgets the tab's key `token` (the page stopped trying: a reload then says to open Booth from its address).
 * A newer key the tab was given meanwhile (Booth's new address pasted in, the page about to load afresh
 * with it) is kept: the old page's transport giving up on the old Booth must not take the new one away.
 */
export function forgetLaunchToken(store: Storage, token: string): void {
  if (store.getItem(TOKEN_KEY) === token) store.removeItem(TOKEN_KEY)
}

export class BridgeCallError extends Error {
  constructor(
    readonly kind: string,
    message: string,
  ) {
    super(message)
    this.name = 'BridgeCallError'
  }
}

/** What a call answers when Booth's host cannot be reached at all (killed, crashed, quit). */
export const HOST_GONE_MESSAGE =
  'Booth is not running: its background process stopped or cannot be reached. Start Booth again and open it from its window or the address it prints.'
/** What a call answers when what answers did not prove it is this tab's Booth (one started again has a new key). */
export const HOST_LOST_MESSAGE =
  'What answers at Booth’s address did not prove it is the Booth this page was opened from, ' +
  'so this page sends it nothing. Open Booth from its window or from the address it printed when it started.'

/** The host sends a ping every few seconds (main/web/host.ts); this long without a byte, it is taken for gone. */
export const SILENCE_MS = 10_000
/** Reconnecting tries again at least this often, so the page picks up within seconds of Booth being back. */
const RETRY_MAX_MS = 4_000
/** Answers with no proof in them before the page stops trying (a proof that does not check stops it at once). */
export const MAX_UNPROVEN = 3
/** Tries in a row that reached nothing before the page stops trying (some 25 s of reconnecting). */
export const MAX_UNREACHED = 8
/** A proof not answered within this counts as nothing reached (a hung host, or one that holds the line). */
const PROOF_WITHIN_MS = 5_000

/** Why a proof failed: nothing answered, or something answered that is not this tab's Booth. */
class ProofFailure extends Error {
  constructor(readonly reached: boolean) {
    super(reached ? HOST_LOST_MESSAGE : HOST_GONE_MESSAGE)
  }
}

export interface HttpTransportOptions {
  /** Where the host is (tests); the page's own origin by default. */
  base?: string
  /** Called once when the page stops trying (the tab's key is then forgotten: it opens nothing any more). */
  onLost?: () => void
}

/**
 * The bridge over HTTP. Nothing keyed (the X-Booth-Token header, and so the media cookie a keyed answer
 * sets) is sent until the host has proved it holds the key (host-proof.ts); the event stream, which
 * carries every change of the session, is opened only after a proof, and every reconnect (and a call after
 * the host was lost) proves again. After a proof that does not check (or MAX_UNPROVEN answers with none), or MAX_UNREACHED tries that
 * reached nothing, the page stops trying and says to reopen Booth (presence `lost`).
 */
export function createHttpTransport(token: string, opts: HttpTransportOptions = {}): Transport {
  const base = opts.base ?? ''
  // This page load's name for the host (main/web/page-presence.ts): a reload is a new page.
  const headers = { 'x-booth-token': token, 'x-booth-page': pageIds().current }
  const listeners = new Map<string, Set<(data: unknown) => void>>()
  const presenceListeners = new Set<(p: HostPresence) => void>()
  let presence: HostPresence = 'up'
  let started = false
  /** Whether the host answering now has proved itself (cleared whenever it may have gone). */
  let proven = false
  let proving: Promise<void> | null = null
  let unproven = 0
  let unreached = 0
  let lost = false

  function setPresence(next: HostPresence): void {
    if (next === presence || (lost && next !== 'lost')) return
    presence = next
    for (const fn of presenceListeners) fn(next)
  }

  function loseHost(): void {
    if (lost) return
    setPresence('lost')
    lost = true
    opts.onLost?.()
  }

  /** The host went away (or may have): the next keyed request proves it again. */
  function unprove(): void {
    proven = false
  }

  /** Resolves once the host answering has proved itself; throws (a BridgeCallError) when it has not. */
  async function proved(): Promise<void> {
    if (lost) throw new BridgeCallError('refused', HOST_LOST_MESSAGE)
    if (proven) return
    proving ??= askForProof().finally(() => (proving = null))
    try {
      await proving
    } catch (err) {
      const refused = lost || (err instanceof ProofFailure && err.reached)
      throw new BridgeCallError(refused ? 'refused' : 'unavailable', refused ? HOST_LOST_MESSAGE : HOST_GONE_MESSAGE)
    }
  }

  async function askForProof(): Promise<void> {
    const nonce = freshNonce()
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), PROOF_WITHIN_MS)
    let answer: { ok?: boolean; result?: { proof?: unknown } } | null
    try {
      // No key, no cookie: only the nonce (credentials 'omit' keeps the media cookie home too).
      const res = await fetch(`${base}/bridge/hello?nonce=${nonce}`, {
        credentials: 'omit',
        cache: 'no-store',
        signal: controller.signal,
      })
      answer = res.ok ? ((await res.json().catch(() => null)) as typeof answer) : null
    } catch {
      if (++unreached >= MAX_UNREACHED) loseHost()
      else setPresence('down')
      throw new ProofFailure(false)
    } finally {
      clearTimeout(timer)
    }
    unreached = 0
    const proof = answer?.result?.proof
    if (!(await proofChecks(token, nonce, proof))) {
      // A proof that does not check is conclusive: Booth's own never fails, and a Booth started again holds
      // another key, so the page stops at once. An answer with no proof in it (an error page, a host busy
      // starting) is given MAX_UNPROVEN tries.
      if (typeof proof === 'string' || ++unproven >= MAX_UNPROVEN) loseHost()
      else setPresence('down')
      throw new ProofFailure(true)
    }
    unproven = 0
    proven = true
  }

  function start(): void {
    if (started) return
    started = true
    // As the page goes (closed, reloaded, navigated away) it says so, so a take it was recording is stopped
    // and said at once; keepalive lets the request outlive the page.
    // Keyed, so only to a host that has proved itself (and not now: the page is going).
    globalThis.addEventListener?.('pagehide', () => {
      if (proven)
        void fetch(`${base}/bridge/page-gone`, { method: 'POST', keepalive: true, headers }).catch(() => undefined)
    })
    void readEvents()
  }

  async function readEvents(): Promise<void> {
    let delay = 500
    while (!lost) {
      // A host that is killed closes the stream at once; one that hangs goes silent: after SILENCE_MS without
      // even a ping the stream is dropped, so the page never shows a Booth that is not there.
      const controller = new AbortController()
      let watchdog: ReturnType<typeof setTimeout> | undefined
      const heard = () => {
        clearTimeout(watchdog)
        watchdog = setTimeout(() => controller.abort(), SILENCE_MS)
      }
      try {
        await proved()
        heard()
        const res = await fetch(`${base}/bridge/events`, { headers, signal: controller.signal })
        // A host that proved itself and then refuses its own key is not one to trust either.
        if (res.status === 401 && ++unproven >= MAX_UNPROVEN) loseHost()
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
        // The host went away, hung, restarted or did not prove itself: said below, and tried again with a
        // short, growing pause (until the page stops trying).
      } finally {
        clearTimeout(watchdog)
      }
      // Whatever answers next proves itself first.
      unprove()
      if (lost) break
      setPresence('down')
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

  /** A keyed request, sent only to a host that has proved itself; one that cannot be reached is said as such. */
  async function reach(url: string, init: RequestInit): Promise<Response> {
    await proved()
    try {
      const res = await fetch(url, init)
      if (res.status === 401) unprove()
      return res
    } catch {
      unprove()
      setPresence('down')
      throw new BridgeCallError('unavailable', HOST_GONE_MESSAGE)
    }
  }

  return {
    async call(name, args) {
      const res = await reach(`${base}/bridge/call/${name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ args }),
      })
      const body = (await res.json().catch(() => null)) as {
        ok?: boolean
        result?: unknown
        error?: { kind: string; message: string }
      } | null
      if (res.ok && body?.ok) return body.result
      throw new BridgeCallError(
        body?.error?.kind ?? 'unavailable',
        body?.error?.message ?? `Booth’s background service did not answer (HTTP ${res.status}).`,
      )
    },
    async pathForFile(file) {
      const res = await reach(`${base}/bridge/upload?name=${encodeURIComponent(file.name)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream', ...headers },
        body: file,
      })
      const body = (await res.json().catch(() => null)) as {
        ok?: boolean
        result?: { path: string }
        error?: { kind: string; message: string }
      } | null
      if (res.ok && body?.ok && body.result) return body.result.path
      throw new BridgeCallError(
        body?.error?.kind ?? 'unavailable',
        body?.error?.message ?? `The file could not be handed to Booth (HTTP ${res.status}).`,
      )
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
