/**
 * The level's chain (level.ts plans it): one gain, the true-peak limiter when the plan has one, a last
 * linear trim. A run of the chain holds no samples: it is its input, what the limiter asks of it and the
 * limiter's record, and its samples are made block by block (level-stream.ts) each time they are measured
 * or written, so a long take is held once, not twice.
 */
import type { LoudnessTarget } from '../audio/delivery-profiles'
import {
  DEFAULT_RELEASE_MS,
  framesOf,
  GainEnvelope,
  limiterSetup,
  type InputPeaks,
  type LimitedPlace,
  type TakeSamples,
} from './limiter'
import type { LevelFigures } from './level-measure'
import { chainFrames, integratedLoudnessOf, materialize, type Frames } from './level-stream'

export interface LevelPlan {
  gain_db: number
  limiter: { ceiling_db: number; release_ms: number } | null
  trim_db: number
  /** What the plan aims at, in words (the profile, its target and ceiling). */
  target: string
}

export interface Chained {
  /** The chain's samples, then `trims` (linear, in order: trimFactors), a pass at a time (held whole: materialize). */
  frames: (trims?: readonly number[]) => Frames
  /** The limiter's own record of where it acted (empty without a limiter). */
  places: LimitedPlace[]
}

/** The chain up to the trim: gain, then the limiter when the plan has one. */
export function gainAndLimit(ch: TakeSamples, sampleRate: number, plan: LevelPlan, known?: InputPeaks): Chained {
  const setup = plan.limiter
    ? limiterSetup(
        ch,
        sampleRate,
        { ceilingDb: plan.limiter.ceiling_db, releaseMs: plan.limiter.release_ms },
        plan.gain_db,
        known,
      )
    : { gain: 10 ** (plan.gain_db / 20), held: null, look: 1, decay: 0 }
  let places: LimitedPlace[] = []
  if (setup.held) {
    // The envelope followed once over the whole take, without samples, for its record.
    const frames = framesOf(ch)
    const env = new GainEnvelope(setup.held, frames, setup.look, setup.decay)
    env.apply([], 0, frames)
    places = env.done().places
  }
  const frames = (trims: readonly number[] = []): Frames => chainFrames(ch, setup, trims)
  return { frames, places }
}

/**
 * The last step, a linear trim, as the factors the chain's samples are multiplied by in turn: `fromDb` is a
 * trim already applied (a second trim after the true peak was measured multiplies by what it adds).
 */
export function trimFactors(trimDb: number, fromDb = 0): number[] {
  return trimDb === fromDb ? [] : [10 ** ((trimDb - fromDb) / 20)]
}

/** A trim in place on arrays held whole (as trimFactors multiplies a pass). */
export function trimInPlace(ch: Float32Array[], trimDb: number, fromDb = 0): Float32Array[] {
  for (const t of trimFactors(trimDb, fromDb))
    for (const y of ch) for (let i = 0; i < y.length; i++) y[i] = (y[i] as number) * t
  return ch
}

export function applyLevel(ch: Float32Array[], sampleRate: number, plan: LevelPlan): Float32Array[] {
  return materialize(gainAndLimit(ch, sampleRate, plan).frames(trimFactors(plan.trim_db)))
}

export const limiterAt = (ceilingDb: number): LevelPlan['limiter'] => ({
  ceiling_db: ceilingDb,
  release_ms: DEFAULT_RELEASE_MS,
})

/**
 * The figures of `fig`'s channels after a gain of `db` alone (no limiter), given the scaled channels: the
 * sample and true peaks and the RMS move by the gain exactly (every sample is scaled), so they are not
 * measured again; the integrated loudness is, when the rule judges it, since its -70 LUFS gate stays put
 * while the blocks move (under an RMS rule it is not used, and is left as the input's).
 */
export function afterGainOnly(
  fig: LevelFigures,
  db: number,
  scaled: Frames,
  sampleRate: number,
  rule: LoudnessTarget,
): LevelFigures {
  return {
    integratedLufs: rule.measure === 'rms' ? fig.integratedLufs : integratedLoudnessOf(scaled, sampleRate),
    rmsDb: fig.rmsDb + db,
    samplePeakDb: fig.samplePeakDb + db,
    truePeakDb: fig.truePeakDb + db,
  }
}
