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

export function warningWords(code: PreflightWarning, p: Preflight, ctx: WarningContext): WarningWords {
  const length = judgedLength(p, ctx.jobKind)
  switch (code) {
    case 'runs_long':
      return { code, tone: 'warning', text: length === null ? `Runs long for ${spot(ctx)}` : `Runs long: ${seconds(length)} for ${spot(ctx)}` }
    case 'runs_short':
      return { code, tone: 'warning', text: length === null ? `Runs short for ${spot(ctx)}` : `Runs short: ${seconds(length)} for ${spot(ctx)}` }
    case 'low_sample_rate':
      return {
        code,
        tone: 'danger',
        text: p.sample_rate === null
          ? 'Low sample rate — producers expect 44.1 or 48 kHz'
          : `Low sample rate: ${(p.sample_rate / 1000).toLocaleString('en-US', { maximumFractionDigits: 1 })} kHz — producers expect 44.1 or 48 kHz`,
      }
    case 'clipping':
      return { code, tone: 'danger', text: 'Clipping — flat-topped or over-full-scale samples' }
    case 'very_quiet':
      return { code, tone: 'warning', text: p.lufs === null ? 'Very quiet — Booth hears almost nothing' : `Very quiet: ${formatLoudness(p.lufs)}` }
    case 'very_loud':
      // Also raised for peaks above the profile's ceiling (true peak), which the findings name.
      return { code, tone: 'warning', text: p.lufs === null ? 'Very loud — little headroom left' : `Very loud or peaks too high: ${formatLoudness(p.lufs)}` }
    case 'long_lead_silence':
      return { code, tone: 'warning', text: p.lead_silence_s === null ? 'Long silence before you start' : `${seconds(p.lead_silence_s)} of silence before you start` }
    case 'long_tail_silence':
      return { code, tone: 'warning', text: p.tail_silence_s === null ? 'Long silence after you finish' : `${seconds(p.tail_silence_s)} of silence after you finish` }
    case 'stereo_dry_voice':
      return { code, tone: 'warning', text: 'Stereo file for a dry voice — producers expect mono' }
    case 'not_measured':
      return { code, tone: 'danger', text: 'Booth could not measure this file' }
  }
}

/** Every warning of a take, in the preflight's order; an unmeasured take says so even without the code. */
export function preflightWarningWords(p: Preflight | null, ctx: WarningContext): WarningWords[] {
  if (p === null) return []
  const codes = !p.measured && !p.warnings.includes('not_measured') ? [...p.warnings, 'not_measured' as const] : p.warnings
  return codes.map((code) => warningWords(code, p, ctx))
}

/** One finding of a take's report as a line: its sentence, and where in the take when it has a time. */
export function findingLine(f: { message: string; at_s: number | null; severity: 'problem' | 'note' }): string {
  const where = f.at_s === null || /\bat \d+(\.\d+)? s\b/.test(f.message) ? '' : ` (at ${seconds(f.at_s)})`
  return `${f.severity === 'note' ? 'Note: ' : ''}${f.message}${where}`
}
