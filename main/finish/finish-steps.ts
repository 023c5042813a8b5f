/**
 * The finish's two steps after the fit, on the fitted result's samples (per channel, full scale ±1); the
 * clean step is here, the level step is level.ts's levelTake:
 *  - clean (point 4): mouth clicks found in the pauses and replaced by room tone (clicks.ts), then breaths
 *    found in the pauses (breaths.ts) and lowered, kept or cut to room tone as the talent chose
 *    (breath-cut.ts for the cut). Only the pauses are searched: speech is never de-clicked.
 *  - level (point 3): one gain, the true-peak limiter only where peaks pass the ceiling, a last linear
 *    trim, planned by running that chain and measuring it (level.ts); never loudnorm.
 * Clicks go first: a click inside a breath would otherwise make the breath look like something else.
 * Clicks are looked for only CLICK_AFTER_SPEECH_S after the speech before a pause (a word's last plosive
 * releases there: "help." ends in a burst after its closure) and CLICK_BEFORE_SPEECH_S before the next.
 */
import { cutBreaths } from './breath-cut'
import { breathGainDb, findBreaths, lowerBreaths, type BreathChoice } from './breaths'
import { removeClicks, type FrameSpan } from './clicks'

export type FramePause = FrameSpan

/** How far after the speech before a pause, and before the speech after it, a click may be (s). */
export const CLICK_AFTER_SPEECH_S = 0.15
export const CLICK_BEFORE_SPEECH_S = 0.04

export interface CleanResult {
  channels: Float32Array[]
  /** Each breath found and what was done to it: lowered by gainDb, kept (0) or cut to room tone. */
  breaths: Array<{ from: number; to: number; levelDb: number; by: number | 'room_tone' }>
  /** The clicks removed (repaired and not found again in the result): what the report counts. */
  clicks: FrameSpan[]
  /** Clicks found but left as read (no room tone to patch from, or still there after the patch). */
  clicksLeft: FrameSpan[]
}

export function cleanStep(ch: Float32Array[], sampleRate: number, pauses: readonly FramePause[], roomToneDb: number, choice: BreathChoice = 'lower'): CleanResult {
  const clickPauses = pauses
    .map((p) => ({ from: p.from + Math.round(CLICK_AFTER_SPEECH_S * sampleRate), to: p.to - Math.round(CLICK_BEFORE_SPEECH_S * sampleRate) }))
    .filter((p) => p.to > p.from)
  const { channels: repaired, removed: clicks, left: clicksLeft } = removeClicks(ch, sampleRate, clickPauses)
  const found = findBreaths(repaired, sampleRate, [...pauses], roomToneDb)
  if (choice === 'cut') {
    const { channels, cuts } = cutBreaths(repaired, sampleRate, found, pauses, [...clicks, ...clicksLeft], roomToneDb)
    return { channels, clicks, clicksLeft, breaths: found.map((b, i) => ({ ...b, by: cuts[i]?.by ?? 0 })) }
  }
  const gains = found.map((b) => breathGainDb(choice, b, roomToneDb) as number)
  const lowered = found.map((b, i) => ({ from: b.from, to: b.to, gainDb: gains[i] as number })).filter((r) => r.gainDb !== 0)
  const channels = lowered.length > 0 ? lowerBreaths(repaired, sampleRate, lowered) : repaired
  return { channels, clicks, clicksLeft, breaths: found.map((b, i) => ({ ...b, by: gains[i] as number })) }
}
