/**
 * When Booth polls the job list: a small state machine around one async `task`, driven by injected clock,
 * timers, power monitor and online state (so tests need no Electron and no real time).
 *
 * Rules
 * - Idle: every ~60 s, ±10 % jitter, measured from the end of the previous poll.
 * - focus() (window gained focus) or unlock-screen: poll in ~2 s, but never sooner than 10 s after the
 *   previous poll started. Never shortens a back-off or Retry-After wait.
 * - poke() (after a user action, e.g. accept): poll now; while a poll is running, once more right after it.
 *   Ignores the 10 s focus spacing, but not a back-off or Retry-After wait.
 * - Locked screen: every ~5 min (nobody is looking; spare the rate limit), until unlock.
 * - Paused while the machine sleeps ('suspend') or the network is offline. Back online: polls at once;
 *   on 'resume' (wake): after ~2 s (time for the network interface to come up). Both reset the back-off.
 * - Failure: exponential back-off with full jitter, delay = random × min(30 s, 2 s × 2^(n-1)), at least
 *   1 s, so a service that comes back is noticed within about 30 s; a Retry-After carried by the failure
 *   (`retryAfterMs`, or a `waitUntil` epoch-ms time) is obeyed instead (capped at 1 h). A wait the service
 *   asked for is "parked": state.waitUntil says until when, and nothing but restart() polls before it.
 * - Auth failure (HTTP 401): stops entirely until restart() (the key is wrong or revoked; polling again
 *   would only feed the server's failed-authentication brake, which counts 401s per address).
 */
import type { PollClock, PollTimers, PowerMonitorLike, OnlineStateLike } from './poll-ports'
import { classifyPollFailure, DEFAULT_POLL_INTERVALS, type FailureVerdict, type PollIntervals } from './poll-rules'

export type PollPhase = 'stopped' | 'waiting' | 'running' | 'paused' | 'halted'

export interface PollState {
  phase: PollPhase
  /** Why polling is paused or halted. */
  reason: 'asleep' | 'offline' | 'auth' | null
  /** When the next poll is due (clock ms), or null when none is scheduled. */
  nextAt: number | null
  /** Failures in a row since the last success. */
  failures: number
  lastError: unknown
  locked: boolean
  /** Until when the service asked Booth to wait (Retry-After), or null. */
  waitUntil: number | null
}

export interface PollerOptions {
  task: () => Promise<void>
  clock: PollClock
  timers: PollTimers
  power: PowerMonitorLike
  online: OnlineStateLike
  /** Uniform [0, 1) (default Math.random). */
  random?: () => number
  classify?: (error: unknown, now: number) => FailureVerdict
  intervals?: Partial<PollIntervals>
  /** Called after every state change (e.g. to show "offline" or "key refused" in the UI). */
  onState?: (state: PollState) => void
}

export interface Poller {
  start(): void
  stop(): void
  focus(): void
  poke(): void
  /** The person pressed "Try now": poll now, cutting a back-off short (never a wait the service asked for). */
  tryNow(): void
  /** After an auth halt (new key entered): clears failures and polls now. */
  restart(): void
  readonly state: PollState
}

export function createPoller(options: PollerOptions): Poller {
  for (const key of ['task', 'clock', 'timers', 'power', 'online'] as const) {
    if (!options?.[key]) throw new TypeError(`createPoller needs "${key}".`)
  }
  const { task, clock, timers, power, online } = options
  const random = options.random ?? Math.random
  const classify = options.classify ?? classifyPollFailure
  const iv: PollIntervals = { ...DEFAULT_POLL_INTERVALS, ...options.intervals }

  let started = false
  let running = false
  let halted = false
  let asleep = false
  let offline = false
  let locked = false
  let failures = 0
  let lastError: unknown = null
  let lastStartAt: number | null = null
  let notBefore = 0 // back-off / Retry-After: nothing (but an explicit restart) polls before this
  let serverWaitUntil = 0 // the part of notBefore the server asked for (Retry-After); survives sleep
  let pokedWhileRunning = false
  let timer: unknown = null
  let nextAt: number | null = null
  let generation = 0 // bumps on stop/restart so a stale task result is ignored
  let unsubscribeOnline: (() => void) | null = null

  const paused = () => asleep || offline
  const snapshot = (): PollState => ({
    phase: !started ? 'stopped' : halted ? 'halted' : running ? 'running' : paused() ? 'paused' : 'waiting',
    reason: halted ? 'auth' : asleep ? 'asleep' : offline ? 'offline' : null,
    nextAt,
    failures,
    lastError,
    locked,
    waitUntil: serverWaitUntil > clock.now() ? serverWaitUntil : null,
  })
  const changed = () => options.onState?.(snapshot())

  const clearTimer = () => {
    if (timer !== null) timers.clearTimeout(timer)
    timer = null
    nextAt = null
  }

  /** Schedules the next poll at `at` (never before notBefore); `onlyIfSooner` keeps an earlier plan. */
  const scheduleAt = (at: number, onlyIfSooner = false) => {
    if (!started || halted || running || paused()) return
    const due = Math.ceil(Math.max(at, notBefore))
    if (onlyIfSooner && nextAt !== null && nextAt <= due) return
    clearTimer()
    nextAt = due
    timer = timers.setTimeout(
      () => {
        timer = null
        nextAt = null
        void run()
      },
      Math.max(0, due - clock.now()),
    )
    changed()
  }

  const idleDelay = () => {
    const base = locked ? iv.lockedMs : iv.idleMs
    return base * (1 - iv.jitter + 2 * iv.jitter * random())
  }

  const run = async () => {
    if (!started || halted || running || paused()) return
    clearTimer()
    running = true
    lastStartAt = clock.now()
    const mine = generation
    changed()
    let outcome: { ok: true } | { ok: false; error: unknown }
    try {
      await task()
      outcome = { ok: true }
    } catch (error) {
      outcome = { ok: false, error }
    }
    running = false
    if (mine !== generation) {
      // stopped or restarted while this poll ran: ignore its result; a restart polls again now
      scheduleAt(clock.now())
      changed()
      return
    }
    const now = clock.now()
    if (outcome.ok) {
      failures = 0
      lastError = null
      notBefore = 0
      serverWaitUntil = 0
    } else {
      lastError = outcome.error
      const verdict = classify(outcome.error, now)
      if (verdict.kind === 'auth') {
        halted = true
        pokedWhileRunning = false
        clearTimer()
        changed()
        return
      }
      failures++
      const backoff = random() * Math.min(iv.backoffCapMs, iv.backoffBaseMs * 2 ** (failures - 1))
      const asked = verdict.retryAfterMs !== null
      const wait = asked ? Math.min(verdict.retryAfterMs ?? 0, iv.retryAfterCapMs) : backoff
      notBefore = now + Math.max(iv.backoffFloorMs, wait)
      serverWaitUntil = asked ? notBefore : 0
    }
    if (pokedWhileRunning) {
      pokedWhileRunning = false
      scheduleAt(now)
    } else {
      scheduleAt(outcome.ok ? now + idleDelay() : notBefore)
    }
    changed()
  }

  /** After sleep or an outage: forget the back-off (it measured the outage), keep a server-asked wait. */
  const soonAfterWake = (delayMs: number) => {
    failures = 0
    notBefore = serverWaitUntil
    scheduleAt(clock.now() + delayMs)
  }

  const onSuspend = () => {
    asleep = true
    clearTimer()
    changed()
  }
  const onResume = () => {
    if (!asleep) return
    asleep = false
    soonAfterWake(iv.resumeDelayMs)
    changed()
  }
  const onLock = () => {
    locked = true
    changed()
  }
  const onUnlock = () => {
    locked = false
    focusSoon()
    changed()
  }
  const onOnline = (isOnline: boolean) => {
    if (isOnline === !offline) return
    offline = !isOnline
    if (offline) clearTimer()
    else soonAfterWake(0)
    changed()
  }

  const focusSoon = () => {
    const now = clock.now()
    const earliest = lastStartAt === null ? now : lastStartAt + iv.minFocusGapMs
    scheduleAt(Math.max(now + iv.focusDelayMs, earliest), true)
  }

  return {
    start() {
      if (started) return
      started = true
      halted = false
      asleep = false
      offline = !online.isOnline()
      power.on('suspend', onSuspend)
      power.on('resume', onResume)
      power.on('lock-screen', onLock)
      power.on('unlock-screen', onUnlock)
      unsubscribeOnline = online.subscribe(onOnline)
      changed()
      void run()
    },
    stop() {
      if (!started) return
      started = false
      pokedWhileRunning = false
      generation++
      clearTimer()
      power.removeListener('suspend', onSuspend)
      power.removeListener('resume', onResume)
      power.removeListener('lock-screen', onLock)
      power.removeListener('unlock-screen', onUnlock)
      unsubscribeOnline?.()
      unsubscribeOnline = null
      changed()
    },
    focus() {
      focusSoon()
    },
    poke() {
      if (running) pokedWhileRunning = true
      else scheduleAt(clock.now(), true)
    },
    tryNow() {
      if (!started || halted) return
      notBefore = serverWaitUntil
      if (running) pokedWhileRunning = true
      else scheduleAt(clock.now())
    },
    restart() {
      if (!started) return
      halted = false
      failures = 0
      lastError = null
      notBefore = 0
      serverWaitUntil = 0
      pokedWhileRunning = false
      clearTimer()
      if (running)
        generation++ // its result is ignored and a fresh poll follows it at once
      else void run()
      changed()
    },
    get state() {
      return snapshot()
    },
  }
}
