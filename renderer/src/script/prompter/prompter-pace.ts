/**
 * The prompter's pace: the script's text passes the reading marker in the spot's length, so the scroll
 * moves (text height ÷ spot length) pixels a second. Pure, so it is tested without a screen.
 */
export interface PrompterInput {
  scrollTop: number
  /** scrollHeight − clientHeight of the scroll area. */
  maxScroll: number
  /** Height of the script text in pixels. */
  textHeightPx: number
  spotLengthS: number
  /** Seconds since the last step. */
  dtS: number
}

/** Pixels a second; 0 when the spot length or the text is unknown. */
export function prompterSpeed(textHeightPx: number, spotLengthS: number): number {
  if (!(spotLengthS > 0) || !(textHeightPx > 0) || !Number.isFinite(textHeightPx) || !Number.isFinite(spotLengthS))
    return 0
  const speed = textHeightPx / spotLengthS
  return Number.isFinite(speed) ? speed : 0
}

/** The next scroll position, never past the end; `done` once the end is reached. */
export function prompterStep(input: PrompterInput): { scrollTop: number; done: boolean } {
  const speed = prompterSpeed(input.textHeightPx, input.spotLengthS)
  const dt = Number.isFinite(input.dtS) && input.dtS > 0 ? Math.min(input.dtS, 0.25) : 0
  const max = Math.max(0, input.maxScroll)
  const next = Math.min(max, Math.max(0, input.scrollTop) + speed * dt)
  return { scrollTop: next, done: next >= max }
}
