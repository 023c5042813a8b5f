/**
 * The live loudness meter's state, pure so it can be tested with a fake clock: the latest momentary and
 * short-term loudness from main's running measurement, and a true-peak mark that holds, then falls (as
 * the input meter's peak mark does), plus the take's highest true peak, which never falls.
 */
import type { LiveLoudness } from '../../../../shared/bridge-takes'
import { PEAK_FALL_DB_PER_S, PEAK_HOLD_MS } from './meter-ballistics'
import { formatLevel } from '../../../../shared/format/level-words'

/** The loudness scale of the meter: quieter reads as an empty bar. */
export const LOUDNESS_FLOOR_LUFS = -50
export const LOUDNESS_TOP_LUFS = -5
/** The true-peak scale. */
export const TRUE_PEAK_FLOOR_DBTP = -40
export const TRUE_PEAK_TOP_DBTP = 3

export interface LiveState {
  momentaryLufs: number | null
  shortTermLufs: number | null
  /** The held true-peak mark (dBTP), null before any reading. */
  holdDbtp: number | null
  heldAt: number
  maxDbtp: number | null
  at: number
}

export const initialLive = (now: number): LiveState => ({
  momentaryLufs: null,
  shortTermLufs: null,
  holdDbtp: null,
  heldAt: now,
  maxDbtp: null,
  at: now,
})

/** The state after time passes (`now`) and, if given, a new reading. */
export function stepLive(state: LiveState, now: number, reading: LiveLoudness | null): LiveState {
  let hold = state.holdDbtp
  let heldAt = state.heldAt
  const holdOver = now - heldAt - PEAK_HOLD_MS
  if (hold !== null && holdOver > 0) {
    const fallS = Math.min(Math.max(0, now - state.at), holdOver) / 1000
    // It falls to the meter's floor; a mark already below it (silence) is never raised to it.
    hold = Math.max(Math.min(hold, TRUE_PEAK_FLOOR_DBTP), hold - PEAK_FALL_DB_PER_S * fallS)
  }
  if (!reading) return { ...state, holdDbtp: hold, at: now }
  const tp = reading.truePeakDbtp
  if (tp !== null && (hold === null || tp >= hold)) {
    hold = tp
    heldAt = now
  }
  return {
    momentaryLufs: reading.momentaryLufs,
    shortTermLufs: reading.shortTermLufs,
    holdDbtp: hold,
    heldAt,
    maxDbtp: reading.truePeakMaxDbtp ?? state.maxDbtp,
    at: now,
  }
}

/** A value as a fraction of a scale (0 at the floor, 1 at the top), linear in dB; null reads as empty. */
export function scaleFraction(db: number | null, floor: number, top: number): number {
  if (db === null || !Number.isFinite(db)) return 0
  return Math.min(1, Math.max(0, (db - floor) / (top - floor)))
}

/** The running measurement's readings carried by an append answer, if main sent them. */
export function liveOf(level: object): LiveLoudness | null {
  const live = (level as { live?: unknown }).live
  return typeof live === 'object' && live !== null ? (live as LiveLoudness) : null
}

/** A meter's reading in words: "−16.2 LUFS", "silence" (no sound: below −70 LUFS, or digital silence), "—" before any reading. */
export const formatLu = (db: number | null, unit: 'LUFS' | 'dBTP'): string => formatLevel(db, unit)

/** A reading for a meter's aria-valuenow: inside the meter's own scale, whatever came in. */
export function meterValue(db: number | null, floor: number, top: number): number {
  return db === null || !Number.isFinite(db) ? floor : Math.min(top, Math.max(floor, Math.round(db * 10) / 10))
}
