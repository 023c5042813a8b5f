/**
 * The recorder store's capture and clock in the window: the inputs the browser lists (and their changes),
 * a take as PcmCapture (getUserMedia, the AudioWorklet, blocks to main through the bridge), a punch as
 * PunchAudio, the page's timers and frames, and its localStorage. The store (recorder-store.ts) drives these and nothing
 * else touches the microphone for a take or a punch.
 */
import type { BoothApi } from '../../../../shared/bridge'
import type { TakeView } from '../../../../shared/bridge-takes'
import { afterNextPaint } from '../../ui/after-paint'
import { PunchAudio } from './punch-audio'
import { loadCalibration } from './punch-latency'
import { describeCaptureError, listInputs, PcmCapture } from './pcm-capture'
import type { RecorderCapture, RecorderClock } from './recorder-types'

export function browserCapture(api: BoothApi): RecorderCapture {
  return {
    listInputs,
    watchInputs: (changed) => {
      const md = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices
      if (!md) return () => undefined
      md.addEventListener('devicechange', changed)
      return () => md.removeEventListener('devicechange', changed)
    },
    take: (sink, onLevel, onFailure) => new PcmCapture<TakeView>(sink, onLevel, onFailure),
    punch: (o) =>
      new PunchAudio({
        ...o,
        api,
        calibrated: (device) => loadCalibration(localStorage, device),
        onLevel: () => undefined,
      }),
    describeError: describeCaptureError,
  }
}

export const browserClock: RecorderClock = {
  now: () => performance.now(),
  after: (ms, fn) => {
    const timer = window.setTimeout(fn, ms)
    return () => window.clearTimeout(timer)
  },
  every: (ms, fn) => {
    const timer = window.setInterval(fn, ms)
    return () => window.clearInterval(timer)
  },
  frames: (fn) => {
    let frame = 0
    const tick = () => {
      fn()
      frame = requestAnimationFrame(tick)
    }
    frame = requestAnimationFrame(tick)
    return () => cancelAnimationFrame(frame)
  },
  afterPaint: () => afterNextPaint(),
}

/** The window's localStorage, read when used (a page without one remembers nothing). */
export const windowStorage: Pick<Storage, 'getItem' | 'setItem'> = {
  getItem: (key) => (typeof localStorage === 'undefined' ? null : localStorage.getItem(key)),
  setItem: (key, value) => {
    if (typeof localStorage !== 'undefined') localStorage.setItem(key, value)
  },
}

/** The tab's sessionStorage (kept across a reload, not shared with a new window), read when used. */
export const windowSession: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = {
  getItem: (key) => (typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(key)),
  setItem: (key, value) => {
    if (typeof sessionStorage !== 'undefined') sessionStorage.setItem(key, value)
  },
  removeItem: (key) => {
    if (typeof sessionStorage !== 'undefined') sessionStorage.removeItem(key)
  },
}
