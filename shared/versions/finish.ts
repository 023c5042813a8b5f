/**
 * "Finish for delivery" as a version (issue 33, point 1): the talent's choices, their ranges and defaults,
 * and what a finished version keeps of its finish so the window can show before and after side by side.
 * Pure types and figures; main (main/finish/finish-version.ts) and the renderer both import them.
 */
import type { TimeMapSegment } from './time-map'

export const BREATH_CHOICES = ['lower', 'keep', 'cut'] as const
/** lower: breaths in pauses brought down; keep: left as read; cut: replaced by the take's room tone. */
export type BreathChoice = (typeof BREATH_CHOICES)[number]

/** The longest tempo change the talent may allow (%), either way: the engine's own limit. */
export const MAX_TEMPO_PERCENT = { min: 0, max: 4 } as const
/** The shortest pause between sentences the talent may ask for (s): the engine's own bounds. */
export const SHORTEST_PAUSE_S = { min: 0.25, max: 1.2 } as const
/** The longest a pause between sentences may grow to when a take is lengthened (s). */
export const LONGEST_PAUSE_S = { min: 0.6, max: 3 } as const

export interface FinishChoices {
  breaths: BreathChoice
  /** The longest pitch-keeping tempo change allowed, in percent (0: none). */
  maxTempoPercent: number
  /** No pause between sentences is made shorter than this (s). */
  shortestPauseS: number
  /** No pause between sentences is made longer than this (s; absent: the engine's default, 2.0 s). */
  longestPauseS?: number
  /**
   * A take whose pauses are silence (gated): absent, it keeps its silence; else the id of another take of the
   * job whose room tone is laid under it (issue 42 point 3). A take with room tone of its own is refused it.
   */
  roomToneTakeId?: string
}

/** What a finish does when the talent changed nothing: the engine's own rules. */
export const DEFAULT_FINISH_CHOICES: FinishChoices = {
  breaths: 'lower',
  maxTempoPercent: 4,
  shortestPauseS: 0.25,
  longestPauseS: 2,
}

/** A file's figures before or after the finish. */
export interface FinishFigures {
  length_s: number
  rms_dbfs: number | null
  lufs: number | null
  true_peak_dbtp: number | null
}

/** limit: a stretch where the true-peak limiter turned the level down (gain_db: its deepest reduction, negative). */
export type FinishEditKind = 'head' | 'tail' | 'pause' | 'breath' | 'click' | 'tempo' | 'gain' | 'limit'

/**
 * One thing the finish changed. breath: gain_db the gain it got, or room_tone when cut to room tone; gain:
 * the one gain of the whole result; limit: gain_db the deepest reduction there and held_s how long it was
 * down by 0.1 dB or more (the rest of the stretch is the release's inaudible tail).
 */
export interface FinishEdit {
  kind: FinishEditKind
  at_s: number
  from_s: number
  to_s: number
  gain_db?: number
  room_tone?: boolean
  held_s?: number
  /** pause: which pause it was, between sentences (sentence, paragraph) or inside one (comma). */
  pause?: 'comma' | 'sentence' | 'paragraph'
}

/** What the true-peak limiter did, read from its own gain envelope: deepest reduction, stretches, time held down. */
export interface FinishLimiting {
  max_db: number
  places: number
  seconds: number
}

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
  /** The take whose room tone was laid under a gated take's silence ("Take 2"), when the talent chose one. */
  room_tone_from?: string
  /** The spot's length it was fitted to (s) and the job's kind and profile it was levelled for. */
  spot_length_s: number
  kind: 'dry_voice' | 'finished_spot'
  profile: FinishProfileView
  /** 1: no tempo change; 1.02: 2 % faster. */
  tempo: number
  gain_db: number
  before: FinishFigures
  after: FinishFigures
  edits: FinishEdit[]
  pauses_changed: number
  /** Breaths lowered (by the gain in their edits); with the choice "cut", those with no room tone long enough to cut to. */
  breaths_lowered: number
  /** Breaths replaced by room tone (absent in finishes made before it was counted apart). */
  breaths_cut?: number
  /** Clicks removed: repaired, and no longer found in the result. */
  clicks_removed: number
  /** What the limiter did; null: no peak was limited (absent in finishes made before it was recorded). */
  limiting?: FinishLimiting | null
  /**
   * Where each stretch of the version before went in the finished one (the report's time_map,
   * shared/versions/time-map.ts): A/B starts the other side at the same word. Absent in finishes made before it was kept.
   */
  time_map?: TimeMapSegment[]
  /**
   * The read's own dynamics under the limiter: the spread of its phrases' level changes before and after
   * each was given back what the limiter took (dB), whether it keeps to 0.3 dB; null: one gain, nothing to
   * keep (absent in finishes made before it was recorded).
   */
  dynamics?: {
    spread_before_db: number
    spread_db: number
    kept: boolean
    phrases_restored: number
    restored_max_db: number
  } | null
  /** The room tone before and after the gain against the profile's noise-floor ceiling (dBFS RMS); null: not judged. */
  noise_floor?: { before_dbfs: number; after_dbfs: number; max_dbfs: number; above: boolean } | null
}

const round = (x: number, places: number): number => Math.round(x * 10 ** places) / 10 ** places

/** The counts the panel shows, from a finish's edits: only what was done. */
export function finishCounts(
  edits: VersionFinish['edits'],
): Pick<VersionFinish, 'pauses_changed' | 'breaths_lowered' | 'breaths_cut' | 'clicks_removed' | 'limiting'> {
  const of = (k: FinishEditKind) => edits.filter((e) => e.kind === k)
  const breaths = of('breath')
  const limits = of('limit')
  return {
    pauses_changed: of('pause').length,
    breaths_lowered: breaths.filter((b) => b.room_tone !== true).length,
    breaths_cut: breaths.filter((b) => b.room_tone === true).length,
    clicks_removed: of('click').length,
    limiting:
      limits.length === 0
        ? null
        : {
            max_db: round(Math.max(...limits.map((l) => Math.abs(l.gain_db ?? 0))), 2),
            places: limits.length,
            seconds: round(
              limits.reduce((a, l) => a + (l.held_s ?? 0), 0),
              3,
            ),
          },
  }
}

/** The gains the lowered breaths got (dB, negative), smallest cut to largest; null when none was lowered. */
export function breathLowering(edits: VersionFinish['edits']): { least_db: number; most_db: number } | null {
  const gains = edits
    .filter((e) => e.kind === 'breath' && e.room_tone !== true && typeof e.gain_db === 'number')
    .map((e) => e.gain_db as number)
  return gains.length === 0 ? null : { least_db: Math.max(...gains), most_db: Math.min(...gains) }
}

/** "15 dB", "9 to 15 dB": how much breaths were lowered (gains in dB, negative). */
export function dbRange(leastDb: number, mostDb: number): string {
  const a = Math.abs(leastDb).toFixed(0)
  const b = Math.abs(mostDb).toFixed(0)
  return a === b ? `${a} dB` : `${a} to ${b} dB`
}

/** "peaks limited up to 2.1 dB at 3 places" (the time held down goes in the panel's table). */
export function limitingPhrase(l: FinishLimiting): string {
  return `peaks limited up to ${l.max_db.toFixed(1)} dB at ${l.places} place${l.places === 1 ? '' : 's'}`
}

/** The tempo change in percent, signed (+: faster), to one decimal. */
export function tempoPercent(tempo: number): number {
  return Math.round((tempo - 1) * 1000) / 10
}
