/**
 * Which window a bridge call came from, for the services that must know it without taking it as an
 * argument (a recording belongs to the window that started it: main/app/idle-recordings.ts). The
 * transports name the window — Electron `window:<webContents id>`, the web host the page id each tab
 * sends with its calls — and the dispatcher runs the call inside that name.
 */
import { AsyncLocalStorage } from 'node:async_hooks'

const caller = new AsyncLocalStorage<string>()

/** Runs `fn` as a call from `page` (undefined: a call whose window main does not know). */
export function asCallFrom<T>(page: string | undefined, fn: () => T): T {
  return page === undefined ? fn() : caller.run(page, fn)
}

/** The window the call under way came from; undefined outside a call, or when its transport did not say. */
export function callingPage(): string | undefined {
  return caller.getStore()
}

/** The page ids a web host accepts from a tab (crypto.randomUUID's shape and the like): anything else is no page. */
export function pageIdOf(value: unknown): string | undefined {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{8,64}$/.test(value) ? `tab:${value}` : undefined
}
