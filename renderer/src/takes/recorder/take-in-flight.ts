/**
 * The take this window is recording, written where a reload finds it (the tab's sessionStorage, which a
 * reload keeps and a new window does not share), so the page that comes back says at once what became of
 * it: the reload cut it short, main is told to stop it (what was written is kept), and the talent reads
 * "The take MILL-0042_main_03 was cut short by the reload at 0:03.2 and is kept." Without this, main would
 * wait PAGE_GONE_AFTER_MS (main/app/idle-recordings.ts) of silence before stopping it, and the take would
 * say "Recording…" all that time while nothing recorded it.
 */
import type { BoothApi } from '../../../../shared/bridge'
import type { TakeView } from '../../../../shared/bridge-takes'
import { formatElapsed, takeName } from '../take-numbers'

export const TAKE_IN_FLIGHT_KEY = 'booth.recorder.takeInFlight'

export type SessionStorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

export interface TakeInFlight {
  takeId: string
  jobId: string
}

export function rememberTakeInFlight(storage: SessionStorageLike | null, take: TakeInFlight): void {
  try {
    storage?.setItem(TAKE_IN_FLIGHT_KEY, JSON.stringify(take))
  } catch {
    // A storage that refuses (full, private mode) leaves main's own watch (idle-recordings.ts) to stop it.
  }
}

export function forgetTakeInFlight(storage: SessionStorageLike | null): void {
  try {
    storage?.removeItem(TAKE_IN_FLIGHT_KEY)
  } catch {
    // Nothing to forget.
  }
}

/** The take the page was recording before it reloaded, if it was; a value it cannot read is none. */
export function recallTakeInFlight(storage: SessionStorageLike | null): TakeInFlight | null {
  try {
    const raw = storage?.getItem(TAKE_IN_FLIGHT_KEY)
    if (!raw) return null
    const v = JSON.parse(raw) as Partial<TakeInFlight> | null
    return v && typeof v.takeId === 'string' && typeof v.jobId === 'string' && v.takeId !== '' && v.jobId !== ''
      ? { takeId: v.takeId, jobId: v.jobId }
      : null
  } catch {
    return null
  }
}

/** What the page says about the take the reload cut short, from the take as main kept it (null: not found). */
export function cutShortSentence(
  take: Pick<TakeView, 'file_name' | 'take_number' | 'state' | 'preflight'> | null,
): string {
  if (!take)
    return 'The take that was recording when the page reloaded is not in the job’s list any more; nothing else was changed.'
  const name = takeName(take)
  const seconds = take.preflight?.duration_s
  const at = typeof seconds === 'number' && seconds > 0 ? ` at ${formatElapsed(seconds)}` : ''
  if (take.state === 'recording')
    return `The take ${name} was cut short by the reload; Booth is stopping it and keeps what was recorded.`
  if (take.state === 'recovered')
    return `The take ${name} was cut short by the reload${at}. What was recorded is kept: listen to it, then keep or discard it.`
  return `The take ${name} was cut short by the reload${at} and is kept.`
}

/**
 * After a reload: stops the take the page was recording (main keeps what it wrote) and answers what to say.
 * A take main had already stopped (its watch, or Booth restarted) is looked up in the job's list instead.
 */
export async function settleTakeInFlight(
  api: Pick<BoothApi, 'stopRecording' | 'listTakes'>,
  storage: SessionStorageLike | null,
): Promise<{ jobId: string; takeId: string; text: string } | null> {
  const was = recallTakeInFlight(storage)
  forgetTakeInFlight(storage)
  if (!was) return null
  let take: TakeView | null
  try {
    take = await api.stopRecording({ takeId: was.takeId })
  } catch {
    take = await api.listTakes({ jobId: was.jobId }).then(
      (s) => s.takes.find((t) => t.id === was.takeId) ?? null,
      () => null,
    )
  }
  return { jobId: was.jobId, takeId: was.takeId, text: cutShortSentence(take) }
}
