/**
 * Where the script area scrolls to put the word being read at the reading marker (a third of the way
 * down, where the pace prompter's marker is too). Pure, so it is tested without a screen.
 */
export const MARKER_AT = 1 / 3

export interface ScrollInput {
  scrollTop: number
  scrollHeight: number
  clientHeight: number
  /** Top of the scroll area's box in the window. */
  areaTop: number
  /** The word's box in the window. */
  wordTop: number
  wordHeight: number
}

/** The scrollTop that puts the word's middle on the marker, within what the area can scroll. */
export function scrollToMarker(i: ScrollInput): number {
  const target = i.scrollTop + (i.wordTop + i.wordHeight / 2) - (i.areaTop + i.clientHeight * MARKER_AT)
  const max = Math.max(0, i.scrollHeight - i.clientHeight)
  if (!Number.isFinite(target)) return Math.min(max, Math.max(0, i.scrollTop))
  return Math.min(max, Math.max(0, Math.round(target)))
}
