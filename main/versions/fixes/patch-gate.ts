/**
 * A patch's margins gated where the take's quiet is digital silence or far below the patch's room tone
 * (a gated or denoised take, a pickup read in a noisier room): as a broadcast editor carries the take's own
 * quiet into a splice, the 30–50 ms of the patch's room tone that a cut keeps on either side of its words
 * fade to silence there, so no room tone is brought into the take's silence. The gate stays open from
 * holdS before the patch's first word edge to holdS after its last (the edges the cut rules keep clear of:
 * the recogniser's or the sound's, the wider), with fadeS fades outside that: it never touches the words,
 * and it always lies between the crossfade and the words (a cut is at least 30 ms plus half its crossfade
 * from them). A take whose quiet is its room tone keeps the patch's margins, crossfaded as before.
 */
import type { AnalyzedSentence, RecordingAnalysis } from '../cuts/recording-analysis'
import type { SegmentGate } from '../cuts/timeline'
import { meanEnergy, toDb } from '../render/signal-envelope'

export const GATE_RULES = {
  /** The take's quiet at a cut at least this far below the patch's room tone (after its gain) is gated to (dB). */
  belowDb: 20,
  /** The gate is open from this long before the patch's words to this long after them (s). */
  holdS: 0.015,
  /** Its fades (s). */
  fadeS: 0.01,
  /** The take's quiet at a cut: its level over this long centred on the cut (s). */
  windowS: 0.04,
} as const

/** The level (dB) of the take's recording over the window centred on `atS`. */
export function quietAt(take: RecordingAnalysis, atS: number): number {
  const half = (GATE_RULES.windowS / 2) * 1000
  return toDb(meanEnergy(take.env, atS * 1000 - half, atS * 1000 + half))
}

/**
 * The gate of a patch reading `read` that the take leaves at `takeFromS` and takes up again at `takeResumeS`
 * (its times in the take's recording); undefined when neither side needs one.
 */
export function patchGate(
  take: RecordingAnalysis,
  patch: RecordingAnalysis,
  read: AnalyzedSentence,
  gainDb: number,
  takeFromS: number,
  takeResumeS: number,
): SegmentGate | undefined {
  const room = patch.floorDb + gainDb
  const far = (atS: number) => quietAt(take, atS) <= room - GATE_RULES.belowDb
  const openS = far(takeFromS) ? read.onsetS - GATE_RULES.holdS : null
  const closeS = far(takeResumeS) ? read.speechEndS + GATE_RULES.holdS : null
  if (openS === null && closeS === null) return undefined
  return { openS, closeS, fadeS: GATE_RULES.fadeS }
}
