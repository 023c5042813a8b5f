/**
 * Preflight warnings in words a talent understands, with the measured numbers that explain them
 * ("Runs long: 31.4 s for a :30 spot"). Pure: the take's preflight and the spot in, sentences out.
 */
import type { Preflight } from '../../../shared/bridge-takes'
import { formatSpotLength } from '../ui/format/spot-length'
import { formatLoudness } from './take-numbers'

export type PreflightWarning = Preflight['warnings'][number]
export type WarningTone = 'danger' | 'warning'

export interface WarningWords {
  code: PreflightWarning
  text: string
  tone: WarningTone
}

export interface WarningContext {
  /** The job's spot length in seconds (0 or null: not set). */
  spotLengthS: number | null
  /** What the spot length is judged against: a dry voice is judged without its silent head and tail. */
  jobKind: 'dry_voice' | 'finished_spot' | 'not_set'
  /** A pickup (or a punch recording): it reads a line or two, so the spot's length is no measure of it. */
  pickup?: boolean
}

/** The warnings and findings that judge a take by the spot's length: none of them applies to a pickup. */
export const SPOT_LENGTH_CODES: readonly string[] = ['runs_long', 'runs_short']

/** Drops what judges a pickup by the spot's length. */
export function forPickup<T extends { code: string }>(items: readonly T[], pickup: boolean): T[] {
  return pickup ? items.filter((x) => !SPOT_LENGTH_CODES.includes(x.code)) : [...items]
}

const seconds = (s: number): string => `${(Math.round(s * 10) / 10).toFixed(1)} s`
const spot = (ctx: WarningContext): string =>
  ctx.spotLengthS && ctx.spotLengthS > 0 ? `a ${formatSpotLength(ctx.spotLengthS)} spot` : 'the spot'

/** The length the warning is about: the whole file for a finished spot, first to last sound otherwise. */
export function judgedLength(p: Preflight, kind: WarningContext['jobKind']): number | null {
  if (p.duration_s === null) return null
  if (kind === 'finished_spot') return p.duration_s
  return Math.max(0, p.duration_s - (p.lead_silence_s ?? 0) - (p.tail_silence_s ?? 0))
}

/** A finding of the take's report, as the summary line reads it. */
export type FindingLike = { code: string; severity: 'problem' | 'note'; message: string; at_s: number | null }

const LEVEL_VERB: Record<string, string> = {
  too_loud: 'Too loud',
  too_quiet: 'Too quiet',
  true_peak_over: 'Peaks too high',
  peak_over: 'Peaks too high',
}

/** Booth's finding sentences write minus as ASCII; the window writes a true minus sign. */
const minus = (text: string): string => text.replace(/(^|[\s(])-(?=\d)/g, '$1−')

/**
 * The level findings behind a very_loud / very_quiet warning, each named by what it found: "Too loud:
 * loudness −20.9 LUFS", "Peaks too high: true peak +0.3 dBTP" (the first clause of the finding's own
 * sentence, whose rule the findings list gives in full). Null when the report is not known (yet).
 */
function levelSummary(findings: readonly FindingLike[], codes: readonly string[]): string | null {
  const named = findings
    .filter((f) => f.severity === 'problem' && codes.includes(f.code))
    .map((f) => {
      const clause = minus((f.message.split(';')[0] ?? f.message).replace(/\.$/, '').trim())
      return `${LEVEL_VERB[f.code] ?? f.code}: ${clause.charAt(0).toLowerCase()}${clause.slice(1)}`
    })
  return named.length ? [...new Set(named)].join('; ') : null
}

/** `findings`: the take's report, when known; the level warnings then say which limit was crossed. */
export function warningWords(
  code: PreflightWarning,
  p: Preflight,
  ctx: WarningContext,
  findings: readonly FindingLike[] = [],
): WarningWords {
  const length = judgedLength(p, ctx.jobKind)
  switch (code) {
    case 'runs_long':
      return {
        code,
        tone: 'warning',
        text: length === null ? `Runs long for ${spot(ctx)}` : `Runs long: ${seconds(length)} for ${spot(ctx)}`,
      }
    case 'runs_short':
      return {
        code,
        tone: 'warning',
        text: length === null ? `Runs short for ${spot(ctx)}` : `Runs short: ${seconds(length)} for ${spot(ctx)}`,
      }
    case 'low_sample_rate':
      return {
        code,
        tone: 'danger',
        text:
          p.sample_rate === null
            ? 'Low sample rate — producers expect 44.1 or 48 kHz'
            : `Low sample rate: ${(p.sample_rate / 1000).toLocaleString('en-US', { maximumFractionDigits: 1 })} kHz — producers expect 44.1 or 48 kHz`,
      }
    case 'clipping':
      return { code, tone: 'danger', text: 'Clipping — flat-topped or over-full-scale samples' }
    case 'very_quiet':
      return {
        code,
        tone: 'warning',
        text:
          levelSummary(findings, ['too_quiet']) ??
          (p.lufs === null ? 'Very quiet — Booth hears almost nothing' : `Very quiet: ${formatLoudness(p.lufs)}`),
      }
    case 'very_loud':
      // Raised for loudness over the profile's window AND for peaks over its ceiling: the findings say which.
      return {
        code,
        tone: 'warning',
        text:
          levelSummary(findings, ['too_loud', 'true_peak_over', 'peak_over']) ??
          'Over the delivery profile’s loudness or peak limit',
      }
    case 'long_lead_silence':
      return {
        code,
        tone: 'warning',
        text:
          p.lead_silence_s === null
            ? 'Long silence before you start'
            : `${seconds(p.lead_silence_s)} of silence before you start`,
      }
    case 'long_tail_silence':
      return {
        code,
        tone: 'warning',
        text:
          p.tail_silence_s === null
            ? 'Long silence after you finish'
            : `${seconds(p.tail_silence_s)} of silence after you finish`,
      }
    case 'stereo_dry_voice':
      return { code, tone: 'warning', text: 'Stereo file for a dry voice — producers expect mono' }
    case 'not_measured':
      return { code, tone: 'danger', text: 'Booth could not measure this file' }
  }
}

/**
 * Every warning of a take, in the preflight's order; an unmeasured take says so even without the code. A
 * pickup gets no spot-length warning.
 */
export function preflightWarningWords(
  p: Preflight | null,
  ctx: WarningContext,
  findings: readonly FindingLike[] = [],
): WarningWords[] {
  if (p === null) return []
  const codes =
    !p.measured && !p.warnings.includes('not_measured') ? [...p.warnings, 'not_measured' as const] : p.warnings
  return codes
    .filter((code) => !(ctx.pickup && SPOT_LENGTH_CODES.includes(code)))
    .map((code) => warningWords(code, p, ctx, findings))
}

/** One finding of a take's report as a line: its sentence, and where in the take when it has a time. */
export function findingLine(f: { message: string; at_s: number | null; severity: 'problem' | 'note' }): string {
  const where = f.at_s === null || /\bat \d+(\.\d+)? s\b/.test(f.message) ? '' : ` (at ${seconds(f.at_s)})`
  return `${f.severity === 'note' ? 'Note: ' : ''}${f.message}${where}`
}
