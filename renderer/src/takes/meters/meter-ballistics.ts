/**
 * The input meter's behaviour, pure so it can be tested with a fake clock: the bar rises at once and
 * falls at a steady rate (so a level is readable), the peak mark holds, then falls, and the clip light
 * stays lit long enough to be seen (or until the person clears it).
 */

/** The meter's floor: anything quieter shows as an empty bar. */
export const METER_FLOOR_DBFS = -60
/** How fast the bar falls after a loud moment (dB per second). */
export const BAR_FALL_DB_PER_S = 24
/** How long the peak mark stays put before it falls. */
export const PEAK_HOLD_MS = 1500
/** How fast the peak mark falls once its hold is over (dB per second). */
export const PEAK_FALL_DB_PER_S = 12
/** How long the clip light stays lit after the last clipped block. */
export const CLIP_HOLD_MS = 3000

export interface MeterInput {
  peakDbfs: number
  rmsDbfs: number
  clipped: boolean
}

export interface MeterState {
  /** Level the bar shows (dBFS). */
  barDbfs: number
  /** Loudness-ish level (RMS, dBFS) shown as the bar's inner fill. */
  rmsDbfs: number
  peakHoldDbfs: number
  peakHeldAt: number
  clipUntil: number
  at: number
}

export function initialMeter(now: number): MeterState {
  return {
    barDbfs: METER_FLOOR_DBFS,
    rmsDbfs: METER_FLOOR_DBFS,
    peakHoldDbfs: METER_FLOOR_DBFS,
    peakHeldAt: now,
    clipUntil: 0,
    at: now,
  }
}

const floorOf = (db: number): number =>
  Number.isFinite(db) ? Math.max(METER_FLOOR_DBFS, Math.min(0, db)) : METER_FLOOR_DBFS

/** The meter after `now - state.at` ms of falling, and (if given) a new block's level. */
export function stepMeter(state: MeterState, now: number, input: MeterInput | null): MeterState {
  const dt = Math.max(0, now - state.at) / 1000
  let bar = Math.max(METER_FLOOR_DBFS, state.barDbfs - BAR_FALL_DB_PER_S * dt)
  let rms = Math.max(METER_FLOOR_DBFS, state.rmsDbfs - BAR_FALL_DB_PER_S * dt)
  let peak = state.peakHoldDbfs
  let heldAt = state.peakHeldAt
  const holdOver = now - heldAt - PEAK_HOLD_MS
  if (holdOver > 0) {
    // Fall only for the part of this step that lies after the hold ended.
    const fallS = Math.min(dt, holdOver / 1000)
    peak = Math.max(METER_FLOOR_DBFS, peak - PEAK_FALL_DB_PER_S * fallS)
  }
  let clipUntil = state.clipUntil
  if (input) {
    const p = floorOf(input.peakDbfs)
    bar = Math.max(bar, p)
    rms = Math.max(rms, floorOf(input.rmsDbfs))
    if (p >= peak) {
      peak = p
      heldAt = now
    }
    if (input.clipped) clipUntil = now + CLIP_HOLD_MS
  }
  return { barDbfs: bar, rmsDbfs: rms, peakHoldDbfs: peak, peakHeldAt: heldAt, clipUntil, at: now }
}

export function clipLit(state: MeterState, now: number): boolean {
  return now < state.clipUntil
}

export function clearClip(state: MeterState): MeterState {
  return { ...state, clipUntil: 0 }
}

/** A level as a fraction of the meter's height (0 at the floor, 1 at 0 dBFS), linear in dB. */
export function meterFraction(dbfs: number): number {
  return (floorOf(dbfs) - METER_FLOOR_DBFS) / -METER_FLOOR_DBFS
}
