/**
 * A take whose page went away mid-recording — the window reloaded or closed, its renderer crashed —
 * sends no more audio and never says Stop. Left alone it would stay "recording" until Booth quits (and
 * the prompter's recogniser would listen to nothing). Around the recording calls: a take that received
 * no chunk for `idleMs` is stopped here, as Stop would, so what was recorded is kept and listed as a take.
 * A page that records sends a chunk every few milliseconds; even a busy one is nowhere near the limit.
 */
import type { BridgeHandlers } from '../bridge/dispatch'
import { UserFacingError } from '../bridge/describe-error'

type RecordingCalls = Pick<BridgeHandlers, 'startRecording' | 'appendRecording' | 'stopRecording' | 'cancelRecording'>

/** How long a recording may receive nothing before its page counts as gone. */
export const PAGE_GONE_AFTER_MS = 15_000

/** What a page that was only away (a computer asleep, a stalled tab) hears when it comes back to the take. */
export const STOPPED_WHILE_AWAY = 'Recording stopped: Booth heard nothing from this window for a while (it was reloaded, closed or asleep). What was recorded until then is kept as the take.'

export interface IdleRecordingsOptions {
  idleMs?: number
  /** How often the takes are looked at (default a quarter of idleMs). */
  everyMs?: number
  now?: () => number
  info(message: string, fields?: Record<string, unknown>): void
  warn(message: string, fields?: Record<string, unknown>): void
}

export function stopIdleRecordings<T extends RecordingCalls>(calls: T, o: IdleRecordingsOptions): { calls: T; close(): void } {
  const idleMs = o.idleMs ?? PAGE_GONE_AFTER_MS
  const now = o.now ?? Date.now
  /** Takes recording, with when their page was last heard from. */
  const heard = new Map<string, number>()
  /** Takes stopped here: their page, should it come back, is told why in words (not "not recording"). */
  const stoppedHere = new Set<string>()
  const away = (takeId: string) => {
    if (stoppedHere.has(takeId)) throw new UserFacingError('recording_stopped', STOPPED_WHILE_AWAY, 409)
  }
  let timer: ReturnType<typeof setInterval> | null = null
  let closed = false

  const look = () => {
    const t = now()
    for (const [takeId, last] of heard) {
      if (t - last < idleMs) continue
      heard.delete(takeId)
      stoppedHere.add(takeId)
      o.info('a take received no audio for a while (its window went away): stopped, what was recorded is kept', { takeId, idleS: Math.round((t - last) / 1000) })
      calls.stopRecording({ takeId }).catch((err: unknown) => o.warn('a take whose window went away could not be stopped', { takeId, err }))
    }
    if (heard.size === 0 && timer) {
      clearInterval(timer)
      timer = null
    }
  }
  const watch = (takeId: string) => {
    if (closed) return
    heard.set(takeId, now())
    if (timer) return
    timer = setInterval(look, o.everyMs ?? Math.max(50, Math.floor(idleMs / 4)))
    timer.unref?.()
  }

  return {
    calls: {
      ...calls,
      startRecording: async (a) => {
        const started = await calls.startRecording(a)
        watch(started.takeId)
        return started
      },
      appendRecording: async (a) => {
        away(a.takeId)
        if (heard.has(a.takeId)) heard.set(a.takeId, now())
        return calls.appendRecording(a)
      },
      stopRecording: async (a) => {
        away(a.takeId)
        heard.delete(a.takeId)
        return calls.stopRecording(a)
      },
      cancelRecording: async (a) => {
        away(a.takeId)
        heard.delete(a.takeId)
        return calls.cancelRecording(a)
      },
    },
    close: () => {
      closed = true
      heard.clear()
      if (timer) clearInterval(timer)
      timer = null
    },
  }
}
