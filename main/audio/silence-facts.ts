/**
 * Head silence, tail silence and voiced time of a take, from its silence spans (parse-silencedetect).
 * Pure.
 */
import type { SilenceSpan } from './parse-silencedetect'

export interface SilenceFacts {
  leadS: number
  tailS: number
  /** Duration minus head silence, tail silence and every inner pause of at least `pauseMinS`. */
  voicedS: number
}

/** Spans this close to the start or the end of the file touch it (silencedetect's timestamps carry ~20 µs of rounding). */
const EDGE_S = 0.005

export function silenceFacts(spans: readonly SilenceSpan[], durationS: number, pauseMinS: number): SilenceFacts {
  const closed = spans.map((s) => ({ startS: Math.min(s.startS, durationS), endS: Math.min(s.endS ?? durationS, durationS) }))
  const first = closed[0]
  const last = closed.at(-1)
  const leadS = first && first.startS <= EDGE_S ? first.endS : 0
  const tailS = last && last.endS >= durationS - EDGE_S ? durationS - last.startS : 0
  if (first && leadS >= durationS - EDGE_S) {
    // Silent from start to end: all of it is head and tail at once, and nothing is voiced.
    return { leadS: durationS, tailS: durationS, voicedS: 0 }
  }
  let unvoiced = leadS + tailS
  closed.forEach((span, i) => {
    const isLead = i === 0 && leadS > 0
    const isTail = i === closed.length - 1 && tailS > 0
    const length = span.endS - span.startS
    if (!isLead && !isTail && length >= pauseMinS) unvoiced += length
  })
  return { leadS, tailS, voicedS: Math.max(0, durationS - unvoiced) }
}
