/**
 * What a finish reports (issue 41): only what was done. Clicks removed are the ones repaired and not found
 * again in the result (clicks.ts's removeClicks), those found and left as read are counted apart; breaths
 * are listed with the gain each got, or as cut to room tone; `gain_db` is the one gain every sample got
 * (the level's gain and its last trim), and `limiting` is what the true-peak limiter took off on top of it,
 * read from the limiter's own gain envelope: its deepest reduction, the stretches it turned down, and the
 * time it held the level down by 0.1 dB or more. Pure.
 */
import { finishCounts, type FinishEdit, type FinishEditKind, type FinishLimiting } from '../../shared/versions/finish'
import type { TakeLayout } from './analyse-pauses'
import type { FitEdit } from './fit-edit-list'
import type { CleanFound } from './finish-steps'
import type { FileFigures } from './finish-measure'
import type { Levelled } from './level'
import type { NoiseFloor } from './level-noise-floor'
import type { TimeSegment } from '../versions/index'

export type EditKind = FinishEditKind

export interface FinishReport {
  out: string
  length_s: number
  tempo: number
  /**
   * The one gain of the whole performance (dB), as applied to every sample: the level's gain and its last
   * trim. Where `limiting` is not null, the peaks it names got this gain less the limiter's reduction.
   */
  gain_db: number
  /** What the level aimed at and what it did, in words (level.ts's plan target). */
  level: string
  /** Whether the true-peak limiter turned any peak down (from its envelope, not its plan). */
  limited: boolean
  /** What the limiter did (null: nothing): deepest reduction (dB), stretches, time down by 0.1 dB or more (s). */
  limiting: FinishLimiting | null
  /**
   * The read's own dynamics under the limiter (null: no peak was limited, so the result is one gain): the
   * spread of the phrases' level changes (dB) with the limiter alone and in the result, whether it keeps to
   * 0.3 dB, and how many phrases were given back what the limiter took (the most, dB; each is a `gain` edit).
   */
  dynamics: {
    spread_before_db: number
    spread_db: number
    kept: boolean
    phrases_restored: number
    restored_max_db: number
  } | null
  /**
   * The room tone against the profile's noise-floor ceiling (null: the profile has none, or the take has no
   * pause to measure): its RMS before and after the gain, the ceiling, and whether the gain lifts it above.
   */
  noise_floor: NoiseFloor | null
  /** Clicks found in the pauses and left as read (no room tone to patch from, or still there after the patch). */
  clicks_left: number
  before: FileFigures
  after: FileFigures
  /**
   * What changed, in order. head / tail / pause: at_s where it starts in the result, from_s → to_s its
   * length before and after; tempo: the speech's length before and after; breath / click: the stretch of
   * the result (from_s to to_s), a breath with the gain it got or room_tone when cut; gain: the whole result;
   * limit: a stretch the limiter turned down, its deepest reduction as gain_db (negative), held_s the time
   * it was down by 0.1 dB or more.
   */
  edits: FinishEdit[]
  /**
   * Where each stretch of IN went in OUT (seconds; `source` is IN's SHA-256): IN's [fromS, toS) plays from
   * atS at `scale` seconds of IN per second of OUT (the tempo), and speaks for OUT over [coreFromS,
   * coreToS). The level, breaths and clicks move no time. What the read-back heard in IN, mapped through
   * it (main/versions/hearing/version-hearing.ts mapHearing), is what OUT says: finished audio is not heard again.
   */
  time_map: TimeSegment[]
}

const r3 = (x: number): number => Math.round(x * 1000) / 1000
const r2 = (x: number): number => Math.round(x * 100) / 100

const speechS = (l: TakeLayout): number => l.speech.reduce((a, s) => a + s.to - s.from, 0) / l.sampleRate

export interface ReportParts {
  out: string
  rate: number
  /** The take's layout, and the one fitted (the tempo-changed recording's, when there was one). */
  original: TakeLayout
  used: TakeLayout
  tempo: number
  fitEdits: readonly FitEdit[]
  clean: CleanFound
  level: Levelled
  before: FileFigures
  after: FileFigures
  timeMap: TimeSegment[]
}

function dynamicsOf(level: Levelled): FinishReport['dynamics'] {
  const d = level.dynamics
  if (!d) return null
  return {
    spread_before_db: r2(d.spread_before_db),
    spread_db: r2(d.spread_db),
    kept: d.kept,
    phrases_restored: d.restored.length,
    restored_max_db: r2(Math.max(0, ...d.restored.map((g) => g.db))),
  }
}

function noiseFloorOf(level: Levelled): NoiseFloor | null {
  const n = level.noiseFloor
  return n
    ? { before_dbfs: r2(n.before_dbfs), after_dbfs: r2(n.after_dbfs), max_dbfs: n.max_dbfs, above: n.above }
    : null
}

export function finishReport(p: ReportParts): FinishReport {
  const { rate, clean, level } = p
  // One gain for the whole performance: the planned gain and the last trim together.
  const gainDb = r2(level.plan.gain_db + level.plan.trim_db)
  const edits: FinishReport['edits'] = [
    ...(p.tempo !== 1
      ? [{ kind: 'tempo' as const, at_s: 0, from_s: r3(speechS(p.original)), to_s: r3(speechS(p.used)) }]
      : []),
    ...p.fitEdits.map((e) => ({
      kind: e.kind,
      at_s: r3(e.at_s),
      from_s: r3(e.from_s),
      to_s: r3(e.to_s),
      ...(e.pause ? { pause: e.pause } : {}),
    })),
    ...clean.breaths
      .filter((b) => b.by !== 0)
      .map((b) => ({
        kind: 'breath' as const,
        at_s: r3(b.from / rate),
        from_s: r3(b.from / rate),
        to_s: r3(b.to / rate),
        ...(typeof b.by === 'number' ? { gain_db: r2(b.by) } : { room_tone: true }),
      })),
    ...clean.clicks.map((c) => ({
      kind: 'click' as const,
      at_s: r3(c.from / rate),
      from_s: r3(c.from / rate),
      to_s: r3(c.to / rate),
    })),
    ...(gainDb !== 0
      ? [{ kind: 'gain' as const, at_s: 0, from_s: 0, to_s: r3(p.after.length_s), gain_db: gainDb }]
      : []),
    // A phrase given back what the limiter took off it: its gain on top of the whole take's.
    ...(level.dynamics?.restored ?? []).map((g) => ({
      kind: 'gain' as const,
      at_s: r3(g.from / rate),
      from_s: r3(g.from / rate),
      to_s: r3(g.to / rate),
      gain_db: r2(g.db),
    })),
    ...level.limitedAt.map((l) => ({
      kind: 'limit' as const,
      at_s: r3(l.from / rate),
      from_s: r3(l.from / rate),
      to_s: r3(l.to / rate),
      gain_db: -r2(l.maxDb),
      held_s: r3(l.deepFrames / rate),
    })),
  ]
  // The same figures the version keeps (finishCounts over these edits).
  const limiting = finishCounts(edits).limiting ?? null
  return {
    out: p.out,
    length_s: p.after.length_s,
    tempo: Math.round(p.tempo * 10000) / 10000,
    gain_db: gainDb,
    level: level.plan.target,
    limited: limiting !== null,
    limiting,
    dynamics: dynamicsOf(level),
    noise_floor: noiseFloorOf(level),
    clicks_left: clean.clicksLeft.length,
    before: p.before,
    after: p.after,
    edits,
    time_map: p.timeMap,
  }
}
