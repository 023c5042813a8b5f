/**
 * This page load's name for the web host (main/web/page-presence.ts) and the name of the page this tab
 * showed before it, if it reloaded: the tab's sessionStorage keeps the last one across a reload (and a new
 * window does not share it). A take main cut short because its page went is said "by the reload" when that
 * page was this tab's previous one (takes/recorder/cut-short-words.ts).
 */
const PAGE_KEY = 'booth.page'

type SessionLike = Pick<Storage, 'getItem' | 'setItem'>

let ids: { current: string; previous: string | null } | null = null

function newPageId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`
}

function tabSession(): SessionLike | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage
  } catch {
    return null
  }
}

/** Made once per page load. */
export function pageIds(session: SessionLike | null = tabSession()): { current: string; previous: string | null } {
  if (ids) return ids
  let previous: string | null = null
  const current = newPageId()
  try {
    previous = session?.getItem(PAGE_KEY) ?? null
    session?.setItem(PAGE_KEY, current)
  } catch {
    // A storage that refuses: no previous page is known, and nothing is said "by the reload" from it.
  }
  ids = { current, previous }
  return ids
}

/** How main names a tab's page (main/bridge/caller.ts pageIdOf). */
export function hostPageName(id: string): string {
  return `tab:${id}`
}
