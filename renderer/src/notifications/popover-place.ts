/**
 * Where a popover opened from a button goes: under the button, moved left as far as needed to stay
 * inside the window (with a margin), never wider or taller than the window allows. Pure, so it is tested
 * with any button position and window size.
 */
export interface Rect {
  left: number
  top: number
  right: number
  bottom: number
}

export interface Placement {
  left: number
  top: number
  width: number
  maxHeight: number
}

export const POPOVER_MARGIN = 8
const GAP = 4
const MIN_HEIGHT = 120

export function placePopover(anchor: Rect, window: { width: number; height: number }, wantedWidth: number): Placement {
  const m = POPOVER_MARGIN
  const width = Math.max(0, Math.min(wantedWidth, window.width - 2 * m))
  const left = Math.max(m, Math.min(anchor.left, window.width - m - width))
  const top = Math.max(m, Math.min(anchor.bottom + GAP, window.height - m - MIN_HEIGHT))
  const maxHeight = Math.max(0, window.height - m - top)
  return { left, top, width, maxHeight }
}
