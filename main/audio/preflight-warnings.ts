/**
 * Turns a measured take into the API's preflight warnings: its findings against the profile (by
 * default the one its kind implies), mapped by finding-warnings.ts. Pure: no ffmpeg, no files.
 */
import type { DeliveryProfile } from './delivery-profiles'
import { defaultProfileName, findProfile } from './delivery-profiles'
import { warningsOfFindings } from './finding-warnings'
import type { PreflightWarning } from './preflight'
import type { JudgeOptions, TakeMeasurements } from './take-findings'
import { findTakeFindings } from './take-findings'

export type { JudgeOptions, TakeMeasurements } from './take-findings'
export { judgedLengthS, lengthToleranceS } from './take-findings'

/** The profile of a take: the one given, else the default for its kind. */
export function profileFor(options: JudgeOptions & { profile?: DeliveryProfile | null }): DeliveryProfile {
  return options.profile ?? (findProfile(defaultProfileName(options.kind ?? 'not_set')) as DeliveryProfile)
}

export function judgeTake(m: TakeMeasurements, options: JudgeOptions & { profile?: DeliveryProfile | null } = {}): PreflightWarning[] {
  return warningsOfFindings(findTakeFindings(m, profileFor(options), options))
}
