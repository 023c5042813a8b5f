/**
 * A path shortened to fit a sentence in a narrow panel: its start (where it is) and its end (what it is)
 * kept, the folders between replaced by "…", e.g. "/home/ana/…/takes/1042/MILL-0042_main_03.wav". Names
 * pass through displayText (no bidirectional controls, one line). The full path belongs in the log.
 */
import { displayText } from '../../shared/display-text'

export const SHORT_PATH_CHARS = 60

export function shortPath(path: string, max: number = SHORT_PATH_CHARS): string {
  const shown = displayText(path)
  if (shown.length <= max) return shown
  const sep = shown.includes('\\') && !shown.includes('/') ? '\\' : '/'
  const parts = shown.split(sep)
  const last = parts[parts.length - 1] ?? ''
  if (last.length + 2 >= max) return cutMiddle(last, max)
  // The first folder (the root or drive) and as many of the last parts as fit.
  const head = parts.length > 2 ? `${parts[0]}${sep}${parts[1]}` : (parts[0] ?? '')
  let tail = last
  for (let i = parts.length - 2; i >= 2; i--) {
    const next = `${parts[i]}${sep}${tail}`
    if (head.length + 2 + next.length > max) break
    tail = next
  }
  const joined = `${head}${sep}…${sep}${tail}`
  return joined.length <= max ? joined : `…${sep}${tail}`
}

function cutMiddle(text: string, max: number): string {
  if (text.length <= max) return text
  const keep = Math.max(2, max - 1)
  const front = Math.ceil(keep / 2)
  // A cut through a surrogate pair leaves half a character: displayText shows it as U+FFFD.
  return displayText(`${text.slice(0, front)}…${text.slice(text.length - (keep - front))}`)
}
