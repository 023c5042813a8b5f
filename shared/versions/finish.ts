/**
 * "Finish for delivery" as a version (issue 33, point 1): the talent's choices, their ranges and defaults,
 * and what a finished version keeps of its finish so the window can show before and after side by side.
 * Pure types and figures; main (main/finish/finish-version.ts) and the renderer both import them.
 */

export const BREATH_CHOICES = ['lower', 'keep', 'cut'] as const
/** lower: breaths in pauses brought down; keep: left as read; cut: replaced by the take's room tone. */
export type BreathChoice = (typeof BREATH_CHOICES)[number]

/** The longest tempo change the talent may allow (%), either way: the engine's own limit. */
export const MAX_TEMPO_PERCENT = { min: 0, max: 4 } as const
/** The shortest pause between sentences the talent may ask for (s): the engine's own bounds. */
export const SHORTEST_PAUSE_S = { min: 0.25, max: 1.2 } as const

export interface FinishChoices {
  breaths: BreathChoice
  /** The longest pitch-keeping tempo change allowed, in percent (0: none). */
  maxTempoPercent: number
  /** No pause between sentences is made shorter than this (s). */
  shortestPauseS: number
}

/** What a finish does when the talent changed nothing: the engine's own rules. */
export const DEFAULT_FINISH_CHOICES: FinishChoices = { breaths: 'lower', maxTempoPercent: 4, shortestPauseS: 0.25 }

/** A file's figures before or after the finish. */
export interface FinishFigures {
  length_s: number
  rms_dbfs: number | null
  lufs: number | null
  true_peak_dbtp: number | null
}

export type FinishEditKind = 'head' | 'tail' | 'pause' | 'breath' | 'click' | 'tempo' | 'gain'

/** The job's profile as the finish judged it: its loudness window(s) and peak ceiling. */
export interface FinishProfileView {
  name: string
  label: string
  loudness: Array<{ measure: 'integrated' | 'rms'; min: number; max: number; target?: number }>
  peak: { measure: 'true' | 'sample'; max: number } | null
}

/** What a finished version keeps of its finish (TakeVersion.finish). */
export interface VersionFinish {
  /**
   * The version whose audio was finished ("before"): the take's current one, or, when that was itself a
   * finish, the version that one finished (finishing again with other choices starts from the same audio).
   */
  base_version: number
  choices: FinishChoices
  /** The spot's length it was fitted to (s) and the job's kind and profile it was levelled for. */
  spot_length_s: number
  kind: 'dry_voice' | 'finished_spot'
  profile: FinishProfileView
  /** 1: no tempo change; 1.02: 2 % faster. */
  tempo: number
  gain_db: number
  before: FinishFigures
  after: FinishFigures
  edits: Array<{ kind: FinishEditKind; at_s: number; from_s: number; to_s: number }>
  pauses_changed: number
  breaths_lowered: number
  clicks_removed: number
}

/** The counts the panel shows, from a finish's edits. */
export function finishCounts(edits: VersionFinish['edits']): Pick<VersionFinish, 'pauses_changed' | 'breaths_lowered' | 'clicks_removed'> {
  const count = (k: FinishEditKind) => edits.filter((e) => e.kind === k).length
  return { pauses_changed: count('pause'), breaths_lowered: count('breath'), clicks_removed: count('click') }
}

/** The tempo change in percent, signed (+: faster), to one decimal. */
export function tempoPercent(tempo: number): number {
  return Math.round((tempo - 1) * 1000) / 10
}
