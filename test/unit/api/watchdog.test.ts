/** The request timers: connect until connected, then idle restarted by every byte, and the overall limit. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { startWatchdog } from '../../../main/api/watchdog'

const settings = { connectTimeoutMs: 100, idleTimeoutMs: 300, totalTimeoutMs: 1_000 }
beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('watchdog', () => {
  it('fires connect when no connection comes in time', () => {
    const w = startWatchdog(settings, true)
    vi.advanceTimersByTime(99)
    expect(w.signal.aborted).toBe(false)
    vi.advanceTimersByTime(1)
    expect(w.fired).toBe('connect')
    expect(w.signal.aborted).toBe(true)
  })

  it('once connected, the idle timer runs and every byte restarts it', () => {
    const w = startWatchdog(settings, true)
    vi.advanceTimersByTime(50)
    w.connected()
    vi.advanceTimersByTime(250)
    w.activity()
    vi.advanceTimersByTime(250)
    w.activity()
    vi.advanceTimersByTime(299)
    expect(w.fired).toBeNull()
    vi.advanceTimersByTime(1)
    expect(w.fired).toBe('idle')
  })

  it('without connect reports, the idle timer runs from the start', () => {
    const w = startWatchdog(settings, false)
    vi.advanceTimersByTime(150)
    expect(w.fired).toBeNull()
    vi.advanceTimersByTime(150)
    expect(w.fired).toBe('idle')
  })

  it('a steady trickle still ends at the overall limit', () => {
    const w = startWatchdog(settings, true)
    w.connected()
    for (let i = 0; i < 9; i++) {
      vi.advanceTimersByTime(100)
      w.activity()
    }
    vi.advanceTimersByTime(99)
    expect(w.fired).toBeNull()
    vi.advanceTimersByTime(1)
    expect(w.fired).toBe('total')
  })

  it('stop() ends every timer; the first timer to fire wins', () => {
    const stopped = startWatchdog(settings, true)
    stopped.stop()
    vi.advanceTimersByTime(5_000)
    expect(stopped.fired).toBeNull()
    const w = startWatchdog(settings, true)
    vi.advanceTimersByTime(100)
    w.connected()
    w.activity()
    vi.advanceTimersByTime(5_000)
    expect(w.fired).toBe('connect')
  })
})
