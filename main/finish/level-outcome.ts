/**
 * What the level step gives back (level.ts plans it): the plan, its samples and its words, the limiter's
 * record, the read's phrase levels kept under the limiter (level-dynamics.ts) and the noise floor.
 */
import type { DeliveryProfile } from '../audio/delivery-profiles'
import { gainAndLimit, type Chained, type LevelPlan } from './level-chain'
import type { Frames } from './level-stream'
import { DYNAMICS_RULES, dynamicsWords, keepDynamics, type Dynamics, type Phrase } from './level-dynamics'
import { limitingOf, limitingWords, type LimitingDone } from './level-limiting'
import type { LimitedPlace, TakeSamples } from './limiter'
import { noiseFloorOf, noiseFloorWords, type NoiseFloor } from './level-noise-floor'

/** A level plan and the samples it makes (the chain planned is the result: it is not planned again). */
export interface Levelled {
  plan: LevelPlan
  /** The levelled samples, made a block at a time (level-stream.ts): what the finish writes (held whole: materialize). */
  frames: Frames
  /** What the limiter did in these samples (null: no peak was turned down; the result is one gain). */
  limiting: LimitingDone | null
  /** Where, in frames: each stretch it turned down (limiter.ts's places). */
  limitedAt: LimitedPlace[]
  /** The read's phrase levels under the limiter (level-dynamics.ts); null: no limiter acted, or no phrases given. */
  dynamics: Dynamics | null
  /** The room tone before and after the gain against the profile's noise-floor ceiling; null: not judged. */
  noiseFloor: NoiseFloor | null
}

/** What the level step is told of the fitted take besides its samples. */
export interface LevelContext {
  /** Its speech spans (frames): each keeps its level against the others under the limiter. */
  phrases?: readonly Phrase[]
  /** Its room tone's RMS before any gain (dBFS), judged against the profile's noise floor; null: unknown. */
  roomToneDbfs?: number | null
}

/** Where the plan's words say what was done to the level, filled in once it is done. */
export const ONE_GAIN = '{one gain}'

/**
 * The plan's words end with what was done: "one gain, no peak limited" or the limiting's figures (the
 * trim is a gain too: gain, limiter and trim are all multiplications, so the result is one gain of
 * gain_db + trim_db times the limiter's envelope).
 */
export function done(
  plan: LevelPlan,
  chained: Chained,
  sampleRate: number,
  trims: readonly number[],
  dynamics: Dynamics | null,
  profile: DeliveryProfile,
  context: LevelContext,
): Levelled {
  const limiting = limitingOf(chained.places, sampleRate)
  plan.target = plan.target.replace(
    ONE_GAIN,
    `one gain, ${limitingWords(limiting)}${dynamics ? `; ${dynamicsWords(dynamics)}` : ''}`,
  )
  const noiseFloor = noiseFloorOf(profile, context.roomToneDbfs ?? null, plan.gain_db + plan.trim_db)
  if (noiseFloor?.above) plan.target += `; ${noiseFloorWords(noiseFloor, profile.label)}`
  return {
    plan,
    frames: chained.frames(trims),
    limiting,
    limitedAt: chained.places,
    dynamics,
    noiseFloor,
  }
}

/** The chain run again with each phrase given back what the limiter took beyond the least-limited one. */
export function withDynamics(
  ch: TakeSamples,
  sampleRate: number,
  plan: LevelPlan,
  chained: Chained,
  context: LevelContext,
  maxLimitingDb: number,
): { chained: Chained; dynamics: Dynamics | null } {
  if (!plan.limiter || chained.places.length === 0 || !context.phrases) return { chained, dynamics: null }
  const kept = keepDynamics(ch, context.phrases, chained, (input) => gainAndLimit(input, sampleRate, plan))
  if (!kept) return { chained, dynamics: null }
  const deepest = Math.max(0, ...kept.result.places.map((p) => p.maxDb))
  if (kept.dynamics.kept && deepest <= maxLimitingDb) return { chained: kept.result, dynamics: kept.dynamics }
  // Not kept, or only by limiting past what the kind allows: the limiter alone, and the figures said.
  const { spread_before_db } = kept.dynamics
  return {
    chained,
    dynamics: {
      spread_before_db,
      spread_db: spread_before_db,
      kept: spread_before_db <= DYNAMICS_RULES.keepSpreadDb,
      restored: [],
      ...(deepest > maxLimitingDb ? { wouldLimitDb: deepest } : {}),
    },
  }
}
