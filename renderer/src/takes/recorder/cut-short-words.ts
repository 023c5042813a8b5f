/**
 * What the page says about a take main stopped because the window recording it went away
 * (main/app/idle-recordings.ts, the `takesCutShort` list): how it was cut short, at what time, and what
 * became of it — kept, recovered to listen to, or, for a punch-and-roll, kept as its own pickup while the
 * take it was for stays as it was. `reloadedHere`: this tab recorded it before its reload (take-in-flight.ts).
 */
import type { CutShortCause, CutShortTake } from '../../../../shared/bridge-takes'
import { formatElapsed, takeName } from '../take-numbers'

const BY: Record<CutShortCause, string> = {
  reloaded: 'by the reload',
  closed: 'when its window closed',
  crashed: 'when its window’s page stopped working',
  went_away: 'when the window recording it closed or reloaded',
  unheard: 'when Booth heard nothing from its window for a while',
}

export function cutShortTitle(t: Pick<CutShortTake, 'punch'>, reloadedHere: boolean): string {
  const what = t.punch ? 'A punch-and-roll' : 'A take'
  return reloadedHere ? `${what} was recording when the page reloaded` : `${what} was cut short`
}

export function cutShortText(t: CutShortTake, reloadedHere: boolean): string {
  const by = BY[reloadedHere ? 'reloaded' : t.cause]
  const take = t.take
  const seconds = take?.preflight?.duration_s
  const at = typeof seconds === 'number' && seconds > 0 ? ` at ${formatElapsed(seconds)}` : ''
  if (t.punch) {
    const into = `${t.punch.into_name} is unchanged (no punched version was made)`
    const kept = !take
      ? 'what it recorded could not be kept'
      : take.state === 'recovered'
        ? `what it recorded is kept as its own take ${takeName(take)}: listen to it, then keep or discard it`
        : `what it recorded is kept as its own take ${takeName(take)}`
    return `The punch into ${t.punch.into_name} at sentence ${t.punch.sentence} was cut short ${by}${at}: ${into}, and ${kept}.`
  }
  if (!take)
    return `The take that was recording was cut short ${by} and could not be stopped or found; nothing else was changed.`
  const name = takeName(take)
  if (take.state === 'recording')
    return `The take ${name} was cut short ${by}; Booth is stopping it and keeps what was recorded.`
  if (take.state === 'recovered')
    return `The take ${name} was cut short ${by}${at}. What was recorded is kept: listen to it, then keep or discard it.`
  return `The take ${name} was cut short ${by}${at} and is kept.`
}

export interface CutShortNoticeView {
  takeId: string
  title: string
  text: string
}

/**
 * Each take to say, main's list first; the take this page's reload found is said from main's word when main has
 * it. `previousPage`: the page this tab showed before it reloaded, as main names it (bridge/page-id.ts).
 */
export function cutShortNotices(
  s: { cutShortTakes: CutShortTake[]; reloadedTakeIds: string[]; cutShort: { takeId: string; text: string } | null },
  previousPage: string | null = null,
): CutShortNoticeView[] {
  const notices = s.cutShortTakes.map((t) => {
    const here =
      t.cause === 'reloaded' ||
      s.reloadedTakeIds.includes(t.take_id) ||
      (previousPage !== null && t.page === previousPage)
    return { takeId: t.take_id, title: cutShortTitle(t, here), text: cutShortText(t, here) }
  })
  const local = s.cutShort
  if (local && !notices.some((n) => n.takeId === local.takeId))
    notices.push({ takeId: local.takeId, title: cutShortTitle({ punch: null }, true), text: local.text })
  return notices
}
