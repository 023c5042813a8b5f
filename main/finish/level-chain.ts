/**
 * The level's chain (level.ts plans it): one gain, the true-peak limiter when the plan has one, a last
 * linear trim. Each run makes new arrays from its input (which the planner runs again), and the trim scales
 * the chain's own arrays in place.
 */
import type { LoudnessTarget } from '../audio/delivery-profiles'
import { DEFAULT_RELEASE_MS, limitTruePeak, type InputPeaks, type LimitedPlace } from './limiter'
import { integratedLoudness, type LevelFigures } from './level-measure'

export interface LevelPlan {
  gain_db: number
  limiter: { ceiling_db: number; release_ms: number } | null
  trim_db: number
  /** What the plan aims at, in words (the profile, its target and ceiling). */
  target: string
}

export interface Chained {
  channels: Float32Array[]
  /** The limiter's own record of where it acted (empty without a limiter). */
  places: LimitedPlace[]
}

/** The chain up to the trim: gain, then the limiter when the plan has one. */
export function gainAndLimit(ch: Float32Array[], sampleRate: number, plan: LevelPlan, known?: InputPeaks): Chained {
  if (plan.limiter) {
    const r = limitTruePeak(
      ch,
      sampleRate,
      { ceilingDb: plan.limiter.ceiling_db, releaseMs: plan.limiter.release_ms },
      plan.gain_db,
      known,
    )
    return { channels: r.channels, places: r.places }
  }
  const g = 10 ** (plan.gain_db / 20)
  return { channels: ch.map((x) => x.map((v) => v * g)), places: [] }
}

/**
 * The last step, a linear trim, in place: the chain's own arrays (never the input's) are scaled where they
 * are, so a long take is not held twice more for one multiplication. `fromDb` is a trim already applied to
 * them (a second trim after the true peak was measured).
 */
export function trimInPlace(ch: Float32Array[], trimDb: number, fromDb = 0): Float32Array[] {
  if (trimDb === fromDb) return ch
  const t = 10 ** ((trimDb - fromDb) / 20)
  for (const y of ch) for (let i = 0; i < y.length; i++) y[i] = (y[i] as number) * t
  return ch
}

export function applyLevel(ch: Float32Array[], sampleRate: number, plan: LevelPlan): Float32Array[] {
  return trimInPlace(gainAndLimit(ch, sampleRate, plan).channels, plan.trim_db)
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
  scaled: Float32Array[],
  sampleRate: number,
  rule: LoudnessTarget,
): LevelFigures {
  return {
    integratedLufs: rule.measure === 'rms' ? fig.integratedLufs : integratedLoudness(scaled, sampleRate),
    rmsDb: fig.rmsDb + db,
    samplePeakDb: fig.samplePeakDb + db,
    truePeakDb: fig.truePeakDb + db,
  }
}
