/**
 * The timers of one request: a connect timeout until the connection is made, then an idle timeout that
 * restarts whenever bytes arrive (answer headers or body chunks), and an overall limit. When one fires,
 * `signal` aborts and `fired` says which one, so the failure is named for it.
 */

export type TimeoutReason = 'connect' | 'idle' | 'total'

export interface TimeoutSettings {
  /** From starting the request to a connected (and, for https, secured) socket. */
  connectTimeoutMs: number
  /** Longest silence once connected: no answer headers and no body bytes for this long. */
  idleTimeoutMs: number
  /** Whole request, connect to last byte. */
  totalTimeoutMs: number
}

export interface Watchdog {
  readonly signal: AbortSignal
  /** Which timer fired, or null. */
  readonly fired: TimeoutReason | null
  /** The socket is connected: the connect timer stops and the idle timer starts. */
  connected(): void
  /** Bytes arrived: the idle timer starts over. */
  activity(): void
  stop(): void
}

/**
 * `awaitConnect` is true when the transport reports the connection (Booth's own transport); with an
 * injected fetch that cannot, the idle timer runs from the start instead.
 */
export function startWatchdog(settings: TimeoutSettings, awaitConnect: boolean): Watchdog {
  const controller = new AbortController()
  let fired: TimeoutReason | null = null
  let phaseTimer: NodeJS.Timeout | null = null
  let stopped = false

  const fire = (reason: TimeoutReason) => {
    if (stopped || fired) return
    fired = reason
    clearPhase()
    clearTimeout(totalTimer)
    controller.abort(new Error(`${reason} timeout`))
  }
  const clearPhase = () => {
    if (phaseTimer) clearTimeout(phaseTimer)
    phaseTimer = null
  }
  const arm = (reason: 'connect' | 'idle', ms: number) => {
    clearPhase()
    phaseTimer = setTimeout(() => fire(reason), ms)
  }
  let connecting = awaitConnect
  const totalTimer = setTimeout(() => fire('total'), settings.totalTimeoutMs)
  arm(connecting ? 'connect' : 'idle', connecting ? settings.connectTimeoutMs : settings.idleTimeoutMs)

  return {
    signal: controller.signal,
    get fired() {
      return fired
    },
    connected() {
      if (stopped || fired || !connecting) return
      connecting = false
      arm('idle', settings.idleTimeoutMs)
    },
    activity() {
      if (stopped || fired) return
      connecting = false
      arm('idle', settings.idleTimeoutMs)
    },
    stop() {
      stopped = true
      clearPhase()
      clearTimeout(totalTimer)
    },
  }
}
