/**
 * The ONE place that says how Booth's findings become the API's preflight warnings (the enum of
 * resources/api/talent-v1.yaml, Preflight.warnings). Only problems become warnings; notes stay in Booth.
 * A finding with no matching warning (noise floor, DC offset) is reported in Booth only.
 */
import type { Finding, FindingCode } from './take-findings'
import type { PreflightWarning } from './preflight'
import { PREFLIGHT_WARNINGS } from './preflight'
import { MAX_WARNINGS } from './thresholds'

export const WARNING_OF_FINDING: Record<FindingCode, PreflightWarning | null> = {
  runs_long: 'runs_long',
  runs_short: 'runs_short',
  low_sample_rate: 'low_sample_rate',
  clipping: 'clipping',
  // Over the market's peak ceiling: the API has no true-peak warning; "very_loud" is the producer's word for it.
  true_peak_over: 'very_loud',
  peak_over: 'very_loud',
  too_loud: 'very_loud',
  too_quiet: 'very_quiet',
  noise_floor_high: null,
  dc_offset: null,
  long_lead_silence: 'long_lead_silence',
  long_tail_silence: 'long_tail_silence',
  stereo_dry_voice: 'stereo_dry_voice',
}

/** The API warnings of a take's findings: problems only, each once, in the API's enum order, at most 10. */
export function warningsOfFindings(findings: readonly Finding[]): PreflightWarning[] {
  const found = new Set<PreflightWarning>()
  for (const f of findings) {
    const w = f.severity === 'problem' ? WARNING_OF_FINDING[f.code] : null
    if (w) found.add(w)
  }
  return PREFLIGHT_WARNINGS.filter((w) => found.has(w)).slice(0, MAX_WARNINGS)
}
