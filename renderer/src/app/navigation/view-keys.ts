/**
 * Keys that move between Booth's parts, as a pure step function (tested without a DOM):
 *  - g then a letter within 1.5 s: g j Jobs, g e Earnings, g a Availability, g p Email and time zone,
 *    g c AI voice consent, g s Settings. Never while typing in a field.
 *  - Ctrl+1 … Ctrl+6 (Cmd on a Mac) in the same order, also from a field.
 * A g that is not followed by one of those letters lets the next key do what it normally does.
 */
import type { BoothView } from '../../store/view-slice'
import { VIEW_ENTRIES } from '../../ui/keyboard/views'

export const G_SEQUENCE_MS = 1500

export interface ViewKeyState {
  /** When g was pressed, if it waits for its letter. */
  gAt: number | null
}

export interface ViewKeyInput {
  key: string
  /** KeyboardEvent.code, so Ctrl+1 works on layouts where the digit needs Shift. */
  code?: string
  typing: boolean
  ctrl: boolean
  meta: boolean
  alt: boolean
  shift: boolean
  repeat?: boolean
}

export interface ViewKeyStep {
  state: ViewKeyState
  /** The part to show, or null. */
  view: BoothView | null
  /** Whether the key was used here (the caller then stops it from doing anything else). */
  consumed: boolean
}

export const NO_PENDING: ViewKeyState = { gAt: null }
const MODIFIER_KEYS = new Set(['Shift', 'Control', 'Alt', 'Meta', 'CapsLock'])

function digitOf(input: ViewKeyInput): number | null {
  const fromCode = /^(?:Digit|Numpad)([1-9])$/.exec(input.code ?? '')?.[1]
  const text = fromCode ?? (/^[1-9]$/.test(input.key) ? input.key : null)
  return text === null ? null : Number(text)
}

export function viewKeyStep(state: ViewKeyState, input: ViewKeyInput, now: number): ViewKeyStep {
  const pass = (next: ViewKeyState = NO_PENDING): ViewKeyStep => ({ state: next, view: null, consumed: false })
  if (MODIFIER_KEYS.has(input.key)) return pass(state)

  // Ctrl+digit (or Cmd+digit), with no other modifier than Shift.
  if ((input.ctrl || input.meta) && !(input.ctrl && input.meta) && !input.alt) {
    const digit = digitOf(input)
    const entry = digit === null ? undefined : VIEW_ENTRIES.find((e) => e.digit === digit)
    return entry ? { state: NO_PENDING, view: entry.view, consumed: true } : pass()
  }
  if (input.ctrl || input.meta || input.alt || input.typing) return pass()

  const waiting = state.gAt !== null && now - state.gAt <= G_SEQUENCE_MS
  if (waiting) {
    const entry = VIEW_ENTRIES.find((e) => e.letter === input.key)
    if (entry) return { state: NO_PENDING, view: entry.view, consumed: true }
    // g g keeps waiting (a double tap), anything else ends the sequence and does its own thing.
    if (input.key === 'g' && !input.shift) return { state: { gAt: now }, view: null, consumed: true }
    return pass()
  }
  if (input.key === 'g' && !input.shift && !input.repeat) return { state: { gAt: now }, view: null, consumed: true }
  return pass()
}
