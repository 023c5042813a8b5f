/**
 * The finish's two steps after the fit, on the fitted result's samples (per channel, full scale ±1); the
 * clean step is here, the level step is level.ts's levelTake:
 *  - clean (point 4): mouth clicks found outside the words (the pauses, the head and the tail) and replaced
 *    by the take's own neighbouring audio (clicks.ts), then breaths found there (breaths.ts) and lowered,
 *    kept or cut to room tone as the talent chose (breath-cut.ts for the cut). Only those stretches are
 *    searched: speech is never de-clicked, and a click or breath whose sound runs on into a word is the word's.
 *  - level (point 3): one gain, the true-peak limiter only where peaks pass the ceiling, a last linear
 *    trim, planned by running that chain and measuring it (level.ts); never loudnorm.
 * Clicks go first: a click inside a breath would otherwise make the breath look like something else.
 * Clicks are looked for up to clicks.ts's EDGE_GUARD_MS from a word (a click 50 ms after one is removed).
 */
import { cutBreaths } from './breath-cut'
import { breathGainDb, findBreaths, lowerBreaths, type BreathChoice } from './breaths'
import { removeClicks, type FrameSpan } from './clicks'

export type FramePause = FrameSpan

/** What the clean step found and did (the report's figures). */
export interface CleanFound {
  /** Each breath found and what was done to it: lowered by gainDb, kept (0) or cut to room tone. */
  breaths: Array<{ from: number; to: number; levelDb: number; by: number | 'room_tone' }>
  /** The clicks removed (repaired and not found again in the result): what the report counts. */
  clicks: FrameSpan[]
  /** Clicks found but left as read (no room tone to patch from, or still there after the patch). */
  clicksLeft: FrameSpan[]
}

/** The clean step over arrays held whole: its figures and the cleaned samples. */
export interface CleanResult extends CleanFound {
  channels: Float32Array[]
}

export function cleanStep(
  ch: Float32Array[],
  sampleRate: number,
  pauses: readonly FramePause[],
  roomToneDb: number,
  choice: BreathChoice = 'lower',
  owned = false,
): CleanResult {
  // `owned`: `ch` is the caller's to change (the finish's own read of the render): clicks are repaired and
  // breaths lowered in it, so a long take is not held twice.
  const { channels: repaired, removed: clicks, left: clicksLeft } = removeClicks(ch, sampleRate, [...pauses], owned)
  const found = findBreaths(repaired, sampleRate, [...pauses], roomToneDb)
  if (choice === 'cut') {
    const { channels, cuts } = cutBreaths(repaired, sampleRate, found, pauses, [...clicks, ...clicksLeft], roomToneDb)
    return { channels, clicks, clicksLeft, breaths: found.map((b, i) => ({ ...b, by: cuts[i]?.by ?? 0 })) }
  }
  const gains = found.map((b) => breathGainDb(choice, b, roomToneDb) as number)
  const lowered = found
    .map((b, i) => ({ from: b.from, to: b.to, gainDb: gains[i] as number }))
    .filter((r) => r.gainDb !== 0)
  // Repaired clicks are already a copy of the take: the breaths are lowered in it, not in one more copy.
  const channels = lowered.length > 0 ? lowerBreaths(repaired, sampleRate, lowered, owned || repaired !== ch) : repaired
  return { channels, clicks, clicksLeft, breaths: found.map((b, i) => ({ ...b, by: gains[i] as number })) }
}
