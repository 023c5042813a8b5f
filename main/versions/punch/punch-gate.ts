/**
 * A punch into a gated take (its quiet is digital silence, or far below the punch recording's room tone:
 * a take gated or denoised before it came to Booth): the take plays up to the punch point, in a pause, and
 * the recording from there on. The recording's room tone between the punch point and its first word would
 * open the take's silence there, so it is gated out as patches' margins are (fixes/patch-gate.ts): the
 * recording stays shut until GATE_RULES.holdS before its first sound after the punch point, then fades in
 * over GATE_RULES.fadeS. What comes after is the recording as read (its own pauses are its own). A take
 * whose quiet is its room tone is punched as before, crossfaded at the punch point.
 */
import type { RecordingAnalysis } from '../cuts/recording-analysis'
import type { SegmentGate } from '../cuts/timeline'
import { GATE_RULES, quietAt } from '../fixes/patch-gate'
import { quietMask } from '../cuts/cut-rules'
import { floorDb, type Envelope } from '../render/signal-envelope'

/**
 * The start (s) of the recording's first sound from `fromS` on, by the cutting rules' own measure of quiet
 * (cut-rules.ts quietMask: a millisecond whose 10 ms around it stands over the room tone); null if none.
 */
export function firstSoundAfter(recording: Envelope, roomDb: number, fromS: number): number | null {
  const quiet = quietMask(recording, roomDb)
  const blockS = recording.blockFrames / recording.sampleRate
  for (let i = Math.max(0, Math.floor(fromS / blockS)); i < quiet.length; i++) if (quiet[i] === 0) return i * blockS
  return null
}

/**
 * The gate of a punch recording played from `fromS` (its time at the punch point) into `take` at `punchS`;
 * undefined when the take's quiet there is not far below the recording's room tone, or no sound follows.
 */
export function punchGate(
  take: RecordingAnalysis,
  punchS: number,
  recording: Envelope,
  fromS: number,
): SegmentGate | undefined {
  const room = floorDb(recording)
  if (quietAt(take, punchS) > room - GATE_RULES.belowDb) return undefined
  const onsetS = firstSoundAfter(recording, room, fromS)
  if (onsetS === null) return undefined
  return { openS: Math.max(fromS, onsetS - GATE_RULES.holdS), closeS: null, fadeS: GATE_RULES.fadeS }
}
