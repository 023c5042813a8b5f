/**
 * Levelling a finished take to the job's delivery profile (main/audio/delivery-profiles.ts), measured and
 * applied in JS with Booth's own meters (shared/audio-dsp), never with ffmpeg's loudnorm.
 *
 * The chain is always the same three linear steps: one gain for the whole take, a transparent look-ahead
 * true-peak limiter (limiter.ts) only where a peak would pass the ceiling, and a last linear trim. The plan
 * is made by running that chain and measuring what it gives, so what is promised is what is written.
 *
 * - Dry voice: the gain puts the take's level (whole-file RMS for the dry-voice profile) at the middle of
 *   the profile's window (-20.5 dBFS), unless the peaks would then need more than DRY_LIMITING_DB of
 *   limiting: then the gain is lowered instead, as far as the window's floor allows (the limiter may take up
 *   to DRY_LIMITING_HARD_DB to stay in the window). Sample and true peak end at or under the ceiling
 *   (-3 dB) with a margin.
 * - Finished spot: the gain puts integrated loudness on the target, the limiter holds the true peak
 *   LIMITER_MARGIN_DB under the profile's ceiling, then the loudness is measured again and a linear trim
 *   (iterated once when the limiter took more than the margin) lands within LOUDNESS_TOLERANCE_LU of the
 *   target; the true peak is measured again on the result. Where no peak needs the limiter, the gain alone
 *   moves every peak and the RMS by exactly that gain, so only the loudness is measured again
 *   (afterGainOnly).
 *
 * Why this never pumps: ffmpeg's loudnorm, asked for a linear gain its measured peak cannot take, silently
 * switches to dynamic normalisation, a gain that rides the programme second by second. Nothing here rides:
 * the gain and the trim are single numbers for the whole take, and the limiter's gain is exactly 1 except
 * within a few milliseconds before and a release (80 ms time constant) after a peak over the ceiling, and
 * can only turn down. So syllable-to-syllable and sentence-to-sentence levels stay as read; when the profile
 * cannot be met that way the plan refuses, naming the figures, rather than squeezing the read.
 */
import type { DeliveryProfile, LoudnessTarget } from '../audio/delivery-profiles'
import { framesOf, inputPeaks, type TakeSamples } from './limiter'
import { afterGainOnly, gainAndLimit, limiterAt, trimFactors, type LevelPlan } from './level-chain'
import { limitingOf, limitingWords, type LimitingDone } from './level-limiting'
import { measureLevel, type LevelFigures } from './level-measure'
import { integratedLoudnessOf, measureFrames, type Frames } from './level-stream'
import { done, ONE_GAIN, withDynamics, type LevelContext, type Levelled } from './level-outcome'

export { applyLevel, type LevelPlan } from './level-chain'
export { limitingOf, limitingWords, type LimitingDone }
export type { LevelContext, Levelled } from './level-outcome'

export type LevelKind = 'dry_voice' | 'finished_spot'

/** More gain than this is not levelling but rescuing a take recorded far too quietly. */
export const MAX_GAIN_DB = 30
/** The limiter's ceiling sits this far under the profile's, so the trim and the file's rounding keep under it. */
export const LIMITER_MARGIN_DB = 0.3
export const LOUDNESS_TOLERANCE_LU = 0.5
/** A dry voice's limiter takes at most this off its crest peaks; the gain is lowered instead. */
export const DRY_LIMITING_DB = 3
/** ...or up to this when the lowered gain would leave the profile's window. */
export const DRY_LIMITING_HARD_DB = 4.5
/** A finished spot needing more limiting than this would be audibly squashed: refused. */
export const SPOT_MAX_LIMITING_DB = 12
/** A dry voice lands at least this far inside its RMS window (dB): a level on the window's edge is one rounding from outside it. */
export const WINDOW_MARGIN_DB = 0.5
/** The second run through the limiter may raise the gain this much and still reuse the first run's peaks. */
const RETRY_HEADROOM_DB = 3
/** Peak ceilings when a profile names none. */
const DEFAULT_CEILING_DB: Record<LevelKind, number> = { dry_voice: -3, finished_spot: -1 }

export class LevelError extends Error {
  override readonly name = 'LevelError'
}

const f1 = (x: number): string => x.toFixed(1)
const signed = (x: number): string => `${x >= 0 ? '+' : ''}${x.toFixed(1)}`

/** The loudness rule the plan aims at: a dry voice by its RMS window when the profile has one, a spot by integrated loudness. */
function aimOf(profile: DeliveryProfile, kind: LevelKind): LoudnessTarget {
  const prefer = kind === 'dry_voice' ? 'rms' : 'integrated'
  const rule = profile.loudness.find((l) => l.measure === prefer) ?? profile.loudness[0]
  if (!rule)
    throw new LevelError(
      `The profile ${profile.label} names no loudness target, so there is nothing to level the take to.`,
    )
  return rule
}

const aimValue = (rule: LoudnessTarget): number => rule.target ?? (rule.min + rule.max) / 2
const unit = (rule: LoudnessTarget): string => (rule.measure === 'rms' ? 'dBFS' : 'LUFS')
/** A level in words: "-34.5 dBFS RMS" or "-33.2 LUFS". */
const figure = (rule: LoudnessTarget, v: number): string => `${f1(v)} ${rule.measure === 'rms' ? 'dBFS RMS' : 'LUFS'}`

function levelOf(fig: LevelFigures, rule: LoudnessTarget): number {
  const v = rule.measure === 'rms' ? fig.rmsDb : fig.integratedLufs
  if (v === null || !Number.isFinite(v))
    throw new LevelError(
      'The take is silent (nothing above the loudness gate), so there is no level to bring to the profile.',
    )
  return v
}

function checkGain(gain: number, level: number, rule: LoudnessTarget, aim: number): void {
  if (gain > MAX_GAIN_DB) {
    throw new LevelError(
      `The take is too quiet to level: it measures ${figure(rule, level)}, and reaching ` +
        `${figure(rule, aim)} would need ${signed(gain)} dB of gain, more than the ` +
        `${signed(MAX_GAIN_DB)} dB Booth allows.`,
    )
  }
}

/** measureLevel over arrays, measureFrames over passes (the same figures). */
const measureInput = (ch: TakeSamples, sampleRate: number): LevelFigures =>
  typeof ch === 'function' ? measureFrames(ch, sampleRate) : measureLevel(ch, sampleRate)

function planDryVoice(ch: TakeSamples, sampleRate: number, profile: DeliveryProfile, context: LevelContext): Levelled {
  const rule = aimOf(profile, 'dry_voice')
  const ceiling = profile.peak?.max ?? DEFAULT_CEILING_DB.dry_voice
  const limitAt = ceiling - LIMITER_MARGIN_DB
  const fig = measureInput(ch, sampleRate)
  const level = levelOf(fig, rule)
  const aim = aimValue(rule)
  let gain = aim - level
  checkGain(gain, level, rule, aim)
  // Where the window has room for a gain that needs no limiting at all, that gain: the read stays exactly
  // as read but for one gain (the aim is the window's middle, not a must), WINDOW_MARGIN_DB inside it.
  const floor = rule.min + WINDOW_MARGIN_DB
  const unlimited = limitAt - fig.truePeakDb
  if (gain > unlimited && level + unlimited >= floor) gain = unlimited
  else if (fig.truePeakDb + gain - limitAt > DRY_LIMITING_DB) {
    gain = limitAt + DRY_LIMITING_DB - fig.truePeakDb
    const floorGain = floor - level
    if (gain < floorGain && fig.truePeakDb + floorGain - limitAt <= DRY_LIMITING_HARD_DB) gain = floorGain
  }
  const plan: LevelPlan = {
    gain_db: gain,
    limiter: fig.truePeakDb + gain > limitAt ? limiterAt(limitAt) : null,
    trim_db: 0,
    target:
      `${profile.label}: ${rule.measure === 'rms' ? 'RMS' : 'integrated loudness'} ${f1(aim)} ` +
      `${unit(rule)} (window ${f1(rule.min)} to ${f1(rule.max)}), sample and true peak at most ` +
      `${f1(ceiling)} dB; ${ONE_GAIN}`,
  }
  // Checked on the result: the limiter takes a little level with the crest, so a result under the window
  // gets the gain it still lacks (within the 4.5 dB the crest may lose), measured once more; a peak over the
  // limiter's ceiling would be taken down by the trim, never left.
  let chained = gainAndLimit(ch, sampleRate, plan)
  let result = plan.limiter
    ? measureFrames(chained.frames(), sampleRate)
    : afterGainOnly(fig, plan.gain_db, chained.frames(), sampleRate, rule)
  const room = DRY_LIMITING_HARD_DB - (fig.truePeakDb + plan.gain_db - limitAt)
  if (plan.limiter && levelOf(result, rule) < floor && room > 0) {
    plan.gain_db += Math.min(floor - levelOf(result, rule) + 0.05, room)
    chained = gainAndLimit(ch, sampleRate, plan)
    result = measureFrames(chained.frames(), sampleRate)
  }
  const kept = withDynamics(ch, sampleRate, plan, chained, context, DRY_LIMITING_HARD_DB)
  if (kept.chained !== chained) {
    chained = kept.chained
    result = measureFrames(chained.frames(), sampleRate)
  }
  if (result.truePeakDb > limitAt) plan.trim_db = limitAt - result.truePeakDb
  const reached = levelOf(result, rule) + plan.trim_db
  if (plan.limiter === null && Math.abs(reached - aim) > 0.05)
    plan.target += `; at ${figure(rule, reached)}, inside the window, so that no peak needs limiting`
  if (reached < floor - 0.05)
    plan.target +=
      `; the voice's peaks hold it at ${figure(rule, reached)}, ` +
      `${reached < rule.min ? 'under the window' : `within ${f1(WINDOW_MARGIN_DB)} dB of its floor`}, ` +
      `rather than limit more than ${f1(DRY_LIMITING_HARD_DB)} dB`
  return done(plan, chained, sampleRate, trimFactors(plan.trim_db), kept.dynamics, profile, context)
}

function planFinishedSpot(
  ch: TakeSamples,
  sampleRate: number,
  profile: DeliveryProfile,
  context: LevelContext,
): Levelled {
  const rule = aimOf(profile, 'finished_spot')
  const ceiling = profile.peak?.max ?? DEFAULT_CEILING_DB.finished_spot
  const limitAt = ceiling - LIMITER_MARGIN_DB
  const fig = measureInput(ch, sampleRate)
  const level = levelOf(fig, rule)
  const aim = aimValue(rule)
  const gain = aim - level
  checkGain(gain, level, rule, aim)
  const limiting = fig.truePeakDb + gain - limitAt
  if (limiting > SPOT_MAX_LIMITING_DB) {
    throw new LevelError(
      `${profile.label} cannot be met without squashing the read: at ${figure(rule, aim)} its ` +
        `peaks (${f1(fig.truePeakDb)} dBTP now) would need ${f1(limiting)} dB of limiting to stay ` +
        `under ${f1(ceiling)} dBTP, more than the ${f1(SPOT_MAX_LIMITING_DB)} dB Booth allows.`,
    )
  }
  const plan: LevelPlan = {
    gain_db: gain,
    limiter: limiting > 0 ? limiterAt(limitAt) : null,
    trim_db: 0,
    target: `${profile.label}: ${f1(aim)} ${unit(rule)} ±${f1(LOUDNESS_TOLERANCE_LU)}, true peak at most ${f1(ceiling)} dBTP; ${ONE_GAIN}`,
  }
  const loudness = (x: Frames): number =>
    levelOf(
      rule.measure === 'rms'
        ? measureFrames(x, sampleRate)
        : { ...fig, integratedLufs: integratedLoudnessOf(x, sampleRate) },
      rule,
    )
  // The input's block peaks, exact for any gain up to RETRY_HEADROOM_DB more: measured once for both runs.
  const known = plan.limiter ? inputPeaks(ch, 10 ** ((limitAt - gain - RETRY_HEADROOM_DB) / 20)) : undefined
  let chained = gainAndLimit(ch, sampleRate, plan, known)
  const first = plan.limiter
    ? loudness(chained.frames())
    : levelOf(afterGainOnly(fig, plan.gain_db, chained.frames(), sampleRate, rule), rule)
  // A gain alone: its peaks are the input's moved by the gain, under the limiter's ceiling by the plan's own
  // test, so a trim within the limiter's margin (for what the loudness gate moved) keeps them under the
  // profile's ceiling, and that is the result.
  if (!plan.limiter && Math.abs(aim - first) <= LIMITER_MARGIN_DB) {
    plan.trim_db = aim - first
    return done(plan, chained, sampleRate, trimFactors(plan.trim_db), null, profile, context)
  }
  // The limiter took loudness off the peaks: give it back by the trim while the margin holds it, else once
  // more through the limiter.
  const short = aim - first
  if (short > LIMITER_MARGIN_DB) {
    plan.gain_db = gain + short
    plan.limiter = limiterAt(limitAt)
    chained = gainAndLimit(ch, sampleRate, plan, known)
  }
  const kept = withDynamics(ch, sampleRate, plan, chained, context, SPOT_MAX_LIMITING_DB)
  chained = kept.chained
  plan.trim_db = Math.min(aim - loudness(chained.frames()), LIMITER_MARGIN_DB)
  const trims = trimFactors(plan.trim_db)
  let result = measureFrames(chained.frames(trims), sampleRate)
  if (result.truePeakDb > ceiling) {
    const first = plan.trim_db
    plan.trim_db += ceiling - LIMITER_MARGIN_DB / 2 - result.truePeakDb
    trims.push(...trimFactors(plan.trim_db, first))
    result = measureFrames(chained.frames(trims), sampleRate)
  }
  const reached = levelOf(result, rule)
  if (Math.abs(reached - aim) > LOUDNESS_TOLERANCE_LU || result.truePeakDb > ceiling) {
    throw new LevelError(
      `${profile.label} cannot be met by one gain and a peak limiter: the best Booth reaches is ` +
        `${figure(rule, reached)} with a true peak of ${f1(result.truePeakDb)} dBTP, against ` +
        `${f1(aim)} ±${f1(LOUDNESS_TOLERANCE_LU)} and at most ${f1(ceiling)} dBTP.`,
    )
  }
  return done(plan, chained, sampleRate, trims, kept.dynamics, profile, context)
}

/**
 * The gain, limiter and trim that bring this take to `profile` as a take of `kind`. Throws LevelError (one
 * sentence with the figures) when the profile cannot be met without riding the level.
 */
export function levelTake(
  ch: TakeSamples,
  sampleRate: number,
  kind: LevelKind,
  profile: DeliveryProfile,
  context: LevelContext = {},
): Levelled {
  if (typeof ch === 'function' ? ch().frames === 0 : ch.length === 0 || framesOf(ch) === 0)
    throw new LevelError('The take holds no audio, so there is no level to plan.')
  return kind === 'dry_voice'
    ? planDryVoice(ch, sampleRate, profile, context)
    : planFinishedSpot(ch, sampleRate, profile, context)
}

/** The plan alone (levelTake without keeping the samples). */
export function planLevel(
  ch: Float32Array[],
  sampleRate: number,
  kind: LevelKind,
  profile: DeliveryProfile,
): LevelPlan {
  return levelTake(ch, sampleRate, kind, profile).plan
}
