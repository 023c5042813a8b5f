/**
 * A take whose window went away mid-recording — the window reloaded or closed, its renderer crashed —
 * sends no more audio and never says Stop. Around the recording calls, each take is owned by the window
 * that started it (bridge/caller.ts) and is stopped as Stop would, what was recorded kept, the moment
 * main hears that window is gone (`pageGone`: Electron's closed / render-process-gone / navigation, the
 * web host's page-gone beacon or its event stream lost and not back). A punch-and-roll's recording is
 * let go as a punch (no version is made, the take stays as it was) and kept as its own pickup. Each take
 * stopped here is told to every window (`cutShort`).
 *
 * As a last resort, a take that received no chunk for `idleMs` is stopped too — but never one whose
 * window is known to be there (`ownerAlive`): a window that is alive but slow keeps its take.
 */
import type { BridgeHandlers } from '../bridge/dispatch'
import { UserFacingError } from '../bridge/describe-error'
import { callingPage } from '../bridge/caller'
import type { CutShortCause, CutShortTake, TakeView } from '../../shared/bridge-takes'

type RecordingCalls = Pick<BridgeHandlers, 'startRecording' | 'appendRecording' | 'stopRecording' | 'cancelRecording'>

/** How long a recording whose window main cannot see may receive nothing before its window counts as gone. */
export const PAGE_GONE_AFTER_MS = 15_000

/** What a page that was only away (a computer asleep, a stalled tab) hears when it comes back to the take. */
export const STOPPED_WHILE_AWAY =
  'Recording stopped: Booth heard nothing from this window for a while (it was reloaded, closed or asleep). What was recorded until then is kept as the take.'

export interface IdleRecordingsOptions {
  idleMs?: number
  /** How often the takes are looked at (default a quarter of idleMs). */
  everyMs?: number
  now?: () => number
  info(message: string, fields?: Record<string, unknown>): void
  warn(message: string, fields?: Record<string, unknown>): void
  /** Whether the window named is known to be there; its takes are never stopped for silence. */
  ownerAlive?: (owner: string) => boolean
  /** Lets go of the punch-and-roll this recording is (no version will be made of it); null: an ordinary take. */
  letGoPunch?: (takeId: string) => Promise<CutShortTake['punch']>
  /** A take stopped here, to be said to every window. */
  cutShort?: (take: CutShortTake) => void
}

export interface IdleRecordings<T> {
  calls: T
  /** The window named went away (how, when known): its takes are stopped at once, what was recorded kept. */
  pageGone(owner: string, cause: CutShortCause): Promise<void>
  close(): void
}

/** The answer to a chunk from a page already gone: no level, since nothing was written. */
const NOTHING_WRITTEN = { peakDbfs: -Infinity, rmsDbfs: -Infinity, clipped: false, live: null } as const

const keptPart = (t: TakeView): CutShortTake['take'] => ({
  id: t.id,
  job_id: t.job_id,
  file_name: t.file_name,
  take_number: t.take_number,
  label: t.label,
  state: t.state,
  preflight: t.preflight,
})

export function stopIdleRecordings<T extends RecordingCalls>(calls: T, o: IdleRecordingsOptions): IdleRecordings<T> {
  const idleMs = o.idleMs ?? PAGE_GONE_AFTER_MS
  const now = o.now ?? Date.now
  /** Takes recording, with when their page was last heard from. */
  const heard = new Map<string, number>()
  /** Takes recording, with their job and the window that started them (when its transport said). */
  const recording = new Map<string, { jobId: string; owner: string | undefined }>()
  /**
   * Takes stopped here (their page, should it come back, is told why in words, not "not recording"): whose
   * window and why, the cut under way, and the take as kept once it is. Set before the cut's first wait, so a
   * chunk or a Stop from the going page that arrives while the take is being stopped is answered as one
   * arriving after (both race the page-gone beacon).
   */
  const cuts = new Map<
    string,
    { owner: string | undefined; cause: CutShortCause; done: Promise<void>; take: TakeView | null }
  >()
  const away = (takeId: string) => {
    if (cuts.has(takeId)) throw new UserFacingError('recording_stopped', STOPPED_WHILE_AWAY, 409)
  }
  /** The take as kept, with its window and why, once a cut here stopped it. */
  const keptHere = (takeId: string) => {
    const c = cuts.get(takeId)
    return c?.take ? { owner: c.owner, cause: c.cause, take: c.take } : undefined
  }
  let timer: ReturnType<typeof setInterval> | null = null
  let closed = false

  const cut = (takeId: string, cause: CutShortCause): Promise<void> => {
    const was = recording.get(takeId)
    heard.delete(takeId)
    recording.delete(takeId)
    o.info('the take’s window went away mid-recording: stopped, what was recorded is kept', { takeId, cause })
    const entry: { owner: string | undefined; cause: CutShortCause; done: Promise<void>; take: TakeView | null } = {
      owner: was?.owner,
      cause,
      done: Promise.resolve(),
      take: null,
    }
    cuts.set(takeId, entry)
    entry.done = (async () => {
      const punch = o.letGoPunch ? await o.letGoPunch(takeId).catch(() => null) : null
      const stopped = await calls.stopRecording({ takeId }).catch((err: unknown) => {
        o.warn('a take whose window went away could not be stopped', { takeId, err })
        return null
      })
      entry.take = stopped
      o.cutShort?.({
        take_id: takeId,
        job_id: stopped?.job_id ?? was?.jobId ?? '',
        take: stopped ? keptPart(stopped) : null,
        cause,
        page: was?.owner ?? null,
        punch,
      })
    })()
    return entry.done
  }

  const look = () => {
    const t = now()
    for (const [takeId, last] of heard) {
      const owner = recording.get(takeId)?.owner
      if (t - last < idleMs || (owner !== undefined && o.ownerAlive?.(owner) === true)) continue
      void cut(takeId, 'unheard')
    }
    if (heard.size === 0 && timer) {
      clearInterval(timer)
      timer = null
    }
  }
  const watch = (takeId: string, jobId: string) => {
    if (closed) return
    heard.set(takeId, now())
    recording.set(takeId, { jobId, owner: callingPage() })
    if (timer) return
    timer = setInterval(look, o.everyMs ?? Math.max(50, Math.floor(idleMs / 4)))
    timer.unref?.()
  }
  const release = (takeId: string) => {
    heard.delete(takeId)
    recording.delete(takeId)
  }

  return {
    calls: {
      ...calls,
      startRecording: async (a) => {
        const started = await calls.startRecording(a)
        watch(started.takeId, a.jobId)
        return started
      },
      appendRecording: async (a) => {
        // A chunk still on its way from a page that said it was going: nothing is written, and nobody is
        // left to read an error (a page that was only asleep is told in words, below).
        const going = cuts.get(a.takeId)
        if (going && going.cause !== 'unheard' && callingPage() === going.owner) return NOTHING_WRITTEN
        away(a.takeId)
        if (heard.has(a.takeId)) heard.set(a.takeId, now())
        return calls.appendRecording(a)
      },
      stopRecording: async (a) => {
        // A Stop that arrives while the take is being cut waits for the cut, and is answered as one after it.
        await cuts.get(a.takeId)?.done
        const owner = recording.get(a.takeId)?.owner
        const caller = callingPage()
        // The page that came back after its window went (a reload is a new page) is answered with the take as kept;
        // so is the page that went, still saying Stop as it goes (its Stop and its page-gone beacon race): the take
        // is stopped and kept, which is what Stop asks. A page that is there again (it was only away: asleep, its
        // connection lost a while) is told in words that the take stopped without it.
        const kept = keptHere(a.takeId)
        if (kept && caller !== undefined && kept.owner !== undefined && caller !== kept.owner) return kept.take
        if (
          kept &&
          kept.cause !== 'unheard' &&
          caller !== undefined &&
          caller === kept.owner &&
          o.ownerAlive?.(caller) !== true
        )
          return kept.take
        away(a.takeId)
        // Another window stopping a take is a page that came back (a reload in the web host is a new page):
        // the window that recorded it is gone, and the take is cut short like any other.
        if (owner !== undefined && caller !== undefined && caller !== owner) {
          await cut(a.takeId, 'went_away')
          const now = keptHere(a.takeId)
          if (now) return now.take
          away(a.takeId)
        }
        release(a.takeId)
        return calls.stopRecording(a)
      },
      cancelRecording: async (a) => {
        away(a.takeId)
        release(a.takeId)
        return calls.cancelRecording(a)
      },
    },
    pageGone: async (owner, cause) => {
      const mine = [...recording].filter(([, r]) => r.owner === owner).map(([takeId]) => takeId)
      await Promise.all(mine.map((takeId) => cut(takeId, cause)))
    },
    close: () => {
      closed = true
      heard.clear()
      recording.clear()
      cuts.clear()
      if (timer) clearInterval(timer)
      timer = null
    },
  }
}
