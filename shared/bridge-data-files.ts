/**
 * Bridge calls and event for Booth's data files it could not read: each was moved aside with a time stamp
 * (never overwritten) and what it held was reset; the page says what and where the old copy is, until the
 * talent dismisses it. Merged into the one contract by shared/bridge.ts.
 */
import { obj, str, type Check } from './check'

/** One data file Booth set aside because it could not read it. */
export interface SetAsideFile {
  id: string
  /** What it held, e.g. "Booth's settings". */
  what: string
  /** What Booth does now, e.g. "They are back to their defaults." */
  reset: string
  /** Where the old copy is kept (the full path). */
  keptAs: string
  /** What was wrong with it, in words. */
  reason: string
  /** When it was set aside (ms since the epoch). */
  at: number
}

export const dataFileCalls = {
  listSetAsideFiles: obj({}),
  /** The page has shown it and the talent closed it; the copy stays on disk. Answers what is left. */
  dismissSetAsideFile: obj({ id: str({ min: 1, max: 100 }) }),
} satisfies Record<string, Check<unknown>>

export interface DataFileResults {
  listSetAsideFiles: SetAsideFile[]
  dismissSetAsideFile: SetAsideFile[]
}

export interface DataFileEvents {
  /** Every file set aside and not dismissed, oldest first; sent whenever one is set aside. */
  setAsideFiles: SetAsideFile[]
}

export const DATA_FILE_EVENT_NAMES: { [E in keyof DataFileEvents]: true } = { setAsideFiles: true }
