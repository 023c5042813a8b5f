/** Keeps the window's size, position and maximised state between launches (window-state.json, atomic). */
import { join } from 'node:path'
import { writeFileAtomic } from '../storage/atomic-file'
import { readJsonDataFile } from '../storage/json-data-file'

export interface WindowState {
  x?: number
  y?: number
  width: number
  height: number
  maximized: boolean
}

const DEFAULT_STATE: WindowState = { width: 1280, height: 840, maximized: false }

function validate(v: unknown): WindowState {
  const o = v as Record<string, unknown>
  const n = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) ? Math.round(x) : undefined)
  const width = n(o?.['width'])
  const height = n(o?.['height'])
  if (!width || !height) throw new Error('no size')
  const state: WindowState = {
    width: Math.max(800, width),
    height: Math.max(560, height),
    maximized: o['maximized'] === true,
  }
  const x = n(o['x'])
  const y = n(o['y'])
  if (x !== undefined && y !== undefined) Object.assign(state, { x, y })
  return state
}

const ABOUT = {
  what: "The window's size and place",
  reset: 'The window opens at its usual size; move it where you like and Booth remembers.',
}

/** A damaged file is set aside (the page says so) and the window opens at its usual size. */
export async function loadWindowState(dataDir: string): Promise<WindowState> {
  return readJsonDataFile(join(dataDir, 'window-state.json'), { fallback: DEFAULT_STATE, validate, about: ABOUT }).then(
    (r) => r.value,
    () => DEFAULT_STATE,
  )
}

/** Whether a saved position still lands on one of the displays (a monitor may have been unplugged). */
export function isVisibleOn(
  state: WindowState,
  displays: Array<{ x: number; y: number; width: number; height: number }>,
): boolean {
  if (state.x === undefined || state.y === undefined) return false
  const { x, y } = state
  return displays.some((d) => x + 100 > d.x && y + 50 > d.y && x < d.x + d.width - 100 && y < d.y + d.height - 50)
}

export function saveWindowState(dataDir: string, state: WindowState): Promise<void> {
  return writeFileAtomic(join(dataDir, 'window-state.json'), JSON.stringify(state))
}
