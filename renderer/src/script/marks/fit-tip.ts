/**
 * Keeps a mark's tip (its ::before, marks.css) inside the script box: a mark in the right half opens its
 * tip leftwards from its right edge, and no tip is wider than the room on its side. Called on hover and
 * focus; it only sets a data attribute and a CSS custom property (CSSOM, allowed by the CSP).
 */
const MIN_ROOM_PX = 160
const MARGIN_PX = 8

export function fitTip(mark: HTMLElement, box: HTMLElement): void {
  const first = mark.getClientRects()[0] ?? mark.getBoundingClientRect()
  const b = box.getBoundingClientRect()
  const end = first.left - b.left > b.width / 2
  mark.setAttribute('data-tip-side', end ? 'end' : 'start')
  const room = end ? first.right - b.left : b.right - first.left
  mark.style.setProperty('--tip-room', `${Math.max(MIN_ROOM_PX, Math.floor(room - MARGIN_PX))}px`)
}

/**
 * The mark with a tip under an event's target inside `box`, if any: a read-back mark's issue, or a
 * pronunciation's respelling (its ::after, script.css), which opens leftwards the same way near the right edge.
 */
export function tipMarkOf(target: EventTarget, box: HTMLElement | null): HTMLElement | null {
  const el = target instanceof Element ? target.closest<HTMLElement>('.sm[data-tip], mark.pron[data-say]') : null
  return el && box?.contains(el) ? el : null
}
