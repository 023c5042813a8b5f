import { EventEmitter } from 'node:events'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { classifyPollFailure } from '../../../main/polling/poll-rules'
import { createPoller, type PollState } from '../../../main/polling/poll-schedule'

afterEach(() => {
  vi.useRealTimers()
})

/** A poller on fake time. `result` decides how the next task call ends. */
function setup(options: { online?: boolean; random?: () => number } = {}) {
  vi.useFakeTimers({ now: 0 })
  const power = new EventEmitter()
  let isOnline = options.online ?? true
  const onlineListeners = new Set<(online: boolean) => void>()
  const starts: number[] = []
  let inFlight = 0
  let maxInFlight = 0
  let result: () => Promise<void> = async () => undefined
  const states: PollState[] = []
  const poller = createPoller({
    task: async () => {
      starts.push(Date.now())
      inFlight++
      maxInFlight = Math.max(maxInFlight, inFlight)
      try {
        await result()
      } finally {
        inFlight--
      }
    },
    clock: { now: () => Date.now() },
    timers: { setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout) },
    power,
    online: {
      isOnline: () => isOnline,
      subscribe: (listener) => {
        onlineListeners.add(listener)
        return () => onlineListeners.delete(listener)
      },
    },
    random: options.random ?? (() => 0.5),
    onState: (state) => states.push(state),
  })
  return {
    poller,
    power,
    starts,
    states,
    onlineListeners,
    maxInFlight: () => maxInFlight,
    setOnline(value: boolean) {
      isOnline = value
      for (const listener of onlineListeners) listener(value)
    },
    setResult(next: () => Promise<void>) {
      result = next
    },
    at: (ms: number) => vi.advanceTimersByTimeAsync(ms - Date.now()),
  }
}

const fail =
  (fields: Record<string, unknown> = {}) =>
  () =>
    Promise.reject(Object.assign(new Error('poll failed'), fields))

describe('poll schedule', () => {
  it('polls at start, then about every 60 s with ±10 % jitter', async () => {
    const randoms = [0, 0.999999, 0.5]
    const t = setup({ random: () => randoms.shift() ?? 0.5 })
    t.poller.start()
    await t.at(0)
    expect(t.starts).toEqual([0])
    await t.at(200_000)
    // 60 s × 0.9, then 60 s × ~1.1 (rounded up to whole ms), then 60 s exactly
    expect(t.starts).toEqual([0, 54_000, 120_000, 180_000])
    expect(t.poller.state).toMatchObject({ phase: 'waiting', failures: 0, reason: null })
  })

  it('polls ~2 s after focus, never sooner than 10 s after the previous poll, and only once', async () => {
    const t = setup()
    t.poller.start()
    await t.at(3_000)
    t.poller.focus()
    t.poller.focus()
    await t.at(30_000)
    expect(t.starts).toEqual([0, 10_000])
    t.poller.focus()
    await t.at(31_999)
    expect(t.starts).toHaveLength(2)
    await t.at(32_000)
    expect(t.starts).toEqual([0, 10_000, 32_000])
    await t.at(92_000)
    expect(t.starts).toEqual([0, 10_000, 32_000, 92_000])
  })

  it('poke polls now, and once more right after a poll that is still running; never two at once', async () => {
    const t = setup()
    let release: () => void = () => undefined
    t.setResult(() => new Promise<void>((resolve) => (release = resolve)))
    t.poller.start()
    await t.at(1_000)
    t.poller.poke()
    t.poller.poke()
    t.poller.focus()
    expect(t.poller.state.phase).toBe('running')
    await t.at(5_000)
    expect(t.starts).toEqual([0])
    t.setResult(async () => undefined)
    release()
    await t.at(5_000)
    expect(t.starts).toEqual([0, 5_000])
    t.poller.poke()
    await t.at(5_000)
    expect(t.starts).toEqual([0, 5_000, 5_000])
    expect(t.maxInFlight()).toBe(1)
  })

  it('pauses while asleep and polls ~2 s after resume', async () => {
    const t = setup()
    t.poller.start()
    await t.at(10_000)
    t.power.emit('suspend')
    expect(t.poller.state).toMatchObject({ phase: 'paused', reason: 'asleep', nextAt: null })
    t.poller.focus()
    t.poller.poke()
    await t.at(600_000)
    expect(t.starts).toEqual([0])
    t.power.emit('resume')
    await t.at(602_000)
    expect(t.starts).toEqual([0, 602_000])
  })

  it('does not poll while offline, and polls promptly when back online', async () => {
    const t = setup({ online: false })
    t.poller.start()
    await t.at(120_000)
    expect(t.starts).toEqual([])
    expect(t.poller.state).toMatchObject({ phase: 'paused', reason: 'offline' })
    t.setOnline(true)
    await t.at(120_000)
    expect(t.starts).toEqual([120_000])
    t.setOnline(false)
    await t.at(400_000)
    expect(t.starts).toEqual([120_000])
  })

  it('backs off exponentially with full jitter on failure, capped at 30 seconds, and recovers on success', async () => {
    let r = 0.5
    const t = setup({ random: () => r })
    t.setResult(fail({ status: 503 }))
    t.poller.start()
    // delays: max(1 s, 0.5 × min(30 s, 2 s × 2^(n-1))) = 1, 2, 4, 8, 15 s
    await t.at(30_000)
    expect(t.starts).toEqual([0, 1_000, 3_000, 7_000, 15_000, 30_000])
    expect(t.poller.state.failures).toBe(6)
    r = 0.999999
    for (let i = 0; i < 6; i++) await vi.advanceTimersByTimeAsync(40_000)
    const gaps = t.starts.slice(1).map((at, i) => at - (t.starts[i] ?? 0))
    expect(Math.max(...gaps)).toBeLessThanOrEqual(30_000)
    expect(gaps.at(-1)).toBeGreaterThan(29_000)
    r = 0.5
    t.setResult(async () => undefined)
    const retryAt = t.poller.state.nextAt ?? 0
    await t.at(retryAt)
    expect(t.starts.at(-1)).toBe(retryAt)
    await t.at(retryAt + 60_000)
    expect(t.starts.slice(-2)).toEqual([retryAt, retryAt + 60_000])
    expect(t.poller.state).toMatchObject({ failures: 0, lastError: null })
  })

  it('obeys Retry-After: focus and poke do not shorten it, and it survives sleep', async () => {
    const t = setup()
    t.setResult(fail({ status: 429, retryAfterMs: 45_000 }))
    t.poller.start()
    await t.at(1)
    t.setResult(async () => undefined)
    await t.at(15_000)
    t.poller.focus()
    t.poller.poke()
    t.power.emit('suspend')
    await t.at(20_000)
    t.power.emit('resume')
    await t.at(44_999)
    expect(t.starts).toEqual([0])
    await t.at(45_000)
    expect(t.starts).toEqual([0, 45_000])
  })

  it('stops on 401 until restart(), ignoring focus, poke, resume and online', async () => {
    const t = setup()
    t.setResult(fail({ status: 401 }))
    t.poller.start()
    await t.at(1)
    expect(t.poller.state).toMatchObject({ phase: 'halted', reason: 'auth', nextAt: null })
    t.poller.focus()
    t.poller.poke()
    t.power.emit('suspend')
    t.power.emit('resume')
    t.setOnline(false)
    t.setOnline(true)
    await t.at(3_600_000)
    expect(t.starts).toEqual([0])
    t.setResult(async () => undefined)
    t.poller.restart()
    await t.at(3_600_000)
    expect(t.starts).toEqual([0, 3_600_000])
    expect(t.poller.state).toMatchObject({ phase: 'waiting', failures: 0 })
  })

  it('restart() during a running poll ignores that poll (even its 401) and polls again right after it', async () => {
    const t = setup()
    let reject: (error: unknown) => void = () => undefined
    t.setResult(() => new Promise<void>((_resolve, no) => (reject = no)))
    t.poller.start()
    await t.at(1_000)
    t.poller.restart()
    t.setResult(async () => undefined)
    reject(Object.assign(new Error('old key'), { status: 401 }))
    await t.at(1_000)
    expect(t.starts).toEqual([0, 1_000])
    expect(t.poller.state).toMatchObject({ phase: 'waiting', reason: null, failures: 0 })
    expect(t.maxInFlight()).toBe(1)
  })

  it('polls every ~5 minutes while the screen is locked and soon after unlock', async () => {
    const t = setup()
    t.poller.start()
    await t.at(1_000)
    t.power.emit('lock-screen')
    await t.at(60_000) // this poll was planned before the lock
    await t.at(359_999)
    expect(t.starts).toEqual([0, 60_000])
    await t.at(360_000)
    expect(t.starts).toEqual([0, 60_000, 360_000])
    await t.at(400_000)
    t.power.emit('unlock-screen')
    await t.at(402_000)
    expect(t.starts).toEqual([0, 60_000, 360_000, 402_000])
  })

  it('stop() removes every listener, cancels the timer and ignores a poll still running', async () => {
    const t = setup()
    let release: () => void = () => undefined
    t.setResult(() => new Promise<void>((resolve) => (release = resolve)))
    t.poller.start()
    expect(t.power.listenerCount('suspend') + t.power.listenerCount('resume')).toBe(2)
    expect(t.onlineListeners.size).toBe(1)
    t.poller.stop()
    release()
    await t.at(600_000)
    expect(t.starts).toEqual([0])
    expect(t.poller.state).toMatchObject({ phase: 'stopped', nextAt: null })
    expect(t.power.eventNames()).toEqual([])
    expect(t.onlineListeners.size).toBe(0)
    expect(t.states.at(-1)?.phase).toBe('stopped')
  })

  it('refuses missing pieces with a readable error', () => {
    expect(() => createPoller({} as never)).toThrow('createPoller needs "task".')
  })
})

describe('classifyPollFailure', () => {
  it('reads status and retryAfterMs as main/api errors carry them', () => {
    expect(classifyPollFailure({ status: 401 })).toEqual({ kind: 'auth' })
    expect(classifyPollFailure({ status: 401, kind: 'api' })).toEqual({ kind: 'auth' })
    // A proxy's or captive portal's 401 page is not the service refusing the key.
    expect(classifyPollFailure({ status: 401, kind: 'non_json' })).toEqual({ kind: 'retry', retryAfterMs: null })
    expect(classifyPollFailure({ status: 429, retryAfterMs: 2_000 })).toEqual({ kind: 'retry', retryAfterMs: 2_000 })
    expect(classifyPollFailure({ status: 503, retryAfterMs: null })).toEqual({ kind: 'retry', retryAfterMs: null })
    expect(classifyPollFailure(new TypeError('fetch failed'))).toEqual({ kind: 'retry', retryAfterMs: null })
    expect(classifyPollFailure({ retryAfterMs: -5 })).toEqual({ kind: 'retry', retryAfterMs: null })
    expect(classifyPollFailure(null)).toEqual({ kind: 'retry', retryAfterMs: null })
  })

  it('reads waitUntil (an epoch-ms time the service asked for) as a Retry-After wait', () => {
    expect(classifyPollFailure({ status: 429, waitUntil: 5_000 + 3_600_000 }, 5_000)).toEqual({
      kind: 'retry',
      retryAfterMs: 3_600_000,
    })
    expect(classifyPollFailure({ status: 429, waitUntil: 4_000, retryAfterMs: 7 }, 5_000)).toEqual({
      kind: 'retry',
      retryAfterMs: 7,
    })
  })
})

describe('Try now and parked waits', () => {
  it('tryNow() cuts a back-off short at once', async () => {
    const t = setup({ random: () => 0.999 })
    t.setResult(fail({ status: 503 }))
    t.poller.start()
    for (let i = 0; i < 5; i++) await vi.advanceTimersByTimeAsync(40_000)
    const before = t.starts.length
    expect(t.poller.state.nextAt).not.toBeNull()
    const now = Date.now()
    t.poller.tryNow()
    await t.at(now + 1)
    expect(t.starts.length).toBe(before + 1)
    expect(t.starts.at(-1)).toBe(now)
  })

  it('a wait the service asked for is parked: waitUntil is shown, and neither tryNow nor online shortens it', async () => {
    const t = setup()
    t.setResult(fail({ status: 429, retryAfterMs: 3_600_000 }))
    t.poller.start()
    await t.at(1)
    expect(t.poller.state.waitUntil).toBe(3_600_000)
    t.setResult(async () => undefined)
    t.poller.tryNow()
    t.setOnline(false)
    t.setOnline(true)
    await t.at(3_599_999)
    expect(t.starts).toEqual([0])
    await t.at(3_600_000)
    expect(t.starts).toEqual([0, 3_600_000])
    expect(t.poller.state.waitUntil).toBeNull()
  })
})
