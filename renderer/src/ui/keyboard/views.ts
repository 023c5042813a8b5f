/**
 * The parts of Booth the sidebar and the keyboard reach, in order: name, what the page is for, its
 * letter after g (g e = Earnings) and its number with Ctrl (Cmd on a Mac): Ctrl+1 = Jobs … Ctrl+6 = Settings.
 */
import { BOOTH_VIEWS, type BoothView } from '../../store/view-slice'

export interface ViewEntry {
  view: BoothView
  label: string
  /** The letter pressed after g. */
  letter: string
  /** 1-based; Ctrl (Cmd on a Mac) + this digit. */
  digit: number
}

const LABELS: Record<BoothView, { label: string; letter: string }> = {
  jobs: { label: 'Jobs', letter: 'j' },
  earnings: { label: 'Earnings', letter: 'e' },
  availability: { label: 'Availability', letter: 'a' },
  preferences: { label: 'Email and time zone', letter: 'p' },
  consent: { label: 'AI voice consent', letter: 'c' },
  settings: { label: 'Settings', letter: 's' },
}

export const VIEW_ENTRIES: readonly ViewEntry[] = BOOTH_VIEWS.map((view, i) => ({
  view,
  ...LABELS[view],
  digit: i + 1,
}))

export function viewEntry(view: BoothView): ViewEntry {
  const entry = VIEW_ENTRIES.find((e) => e.view === view)
  if (!entry) throw new RangeError(`Booth has no page called "${view}".`)
  return entry
}

/** "g e · Ctrl+2" (or "⌘2" on a Mac), for tooltips and the shortcut list. */
export function shortcutText(entry: ViewEntry, mac: boolean): string {
  return `g ${entry.letter} · ${mac ? '⌘' : 'Ctrl+'}${entry.digit}`
}
