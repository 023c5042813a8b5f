/**
 * The room tone against the profile's noise-floor ceiling (ACX: −60 dBFS RMS) when the level's gain lifts
 * it (issue 42, point 6): a dry voice recorded quietly gets its gain, and its room tone rises with it. The
 * finish says so with the figures (the room tone before and after the gain, the ceiling); it does not
 * lower the gain, since the level is what the profile asks for first, and a noisy room is the talent's to
 * know about, not Booth's to hide.
 *
 * The room tone's level is measured as Booth's preflight measures a take's noise floor
 * (shared/audio-dsp/room-tone.ts): unweighted RMS of the steady quiet, here the median of the 50 ms windows
 * inside the fitted take's pauses (kept `guardS` clear of the speech either side), so a breath or a click
 * left in a pause does not count as room tone. Pure.
 */
import type { DeliveryProfile } from '../audio/delivery-profiles'

export interface NoiseFloor {
  /** The room tone's RMS before the gain and after it (dBFS). */
  before_dbfs: number
  after_dbfs: number
  /** The profile's ceiling (dBFS RMS). */
  max_dbfs: number
  /** Whether the gain lifts it above the ceiling. */
  above: boolean
}

const WINDOW_S = 0.05
const GUARD_S = 0.06

/** The room tone's RMS (dBFS) in the pauses (frames of the result), or null when they hold no full window. */
export function roomToneRmsDbfs(
  ch: readonly Float32Array[],
  sampleRate: number,
  pauses: ReadonlyArray<{ from: number; to: number }>,
): number | null {
  return medianDbfs(roomToneMeanSquares(ch, sampleRate, pauses))
}

/** The mean square of each WINDOW_S window in the pauses (kept GUARD_S clear of the speech), in order. */
export function roomToneMeanSquares(
  ch: readonly Float32Array[],
  sampleRate: number,
  pauses: ReadonlyArray<{ from: number; to: number }>,
): number[] {
  const w = Math.round(WINDOW_S * sampleRate)
  const guard = Math.round(GUARD_S * sampleRate)
  const levels: number[] = []
  for (const p of pauses) {
    for (let a = p.from + guard; a + w <= p.to - guard; a += w) {
      let sum = 0
      for (const x of ch) for (let i = a; i < a + w; i++) sum += (x[i] as number) ** 2
      levels.push(sum / (w * ch.length))
    }
  }
  return levels
}

/** The median of the windows' mean squares (dBFS), or null when there are none. */
export function medianDbfs(levels: number[]): number | null {
  if (levels.length === 0) return null
  levels.sort((x, y) => x - y)
  const median = levels[Math.floor(levels.length / 2)] as number
  return median > 0 ? 10 * Math.log10(median) : -200
}

/** The room tone after `gainDb` against the profile's ceiling; null when the profile has none or the room tone is unknown. */
export function noiseFloorOf(profile: DeliveryProfile, roomToneDbfs: number | null, gainDb: number): NoiseFloor | null {
  const ceiling = profile.noiseFloorMaxDbfs
  if (!ceiling || roomToneDbfs === null || !Number.isFinite(roomToneDbfs)) return null
  const after = roomToneDbfs + gainDb
  return { before_dbfs: roomToneDbfs, after_dbfs: after, max_dbfs: ceiling.max, above: after > ceiling.max }
}

/** "the +12.0 dB gain lifts the room tone from -66.3 to -54.3 dBFS RMS, above the -60.0 dBFS Dry voice allows". */
export function noiseFloorWords(n: NoiseFloor, profileLabel?: string): string {
  const f1 = (x: number) => x.toFixed(1)
  const gain = n.after_dbfs - n.before_dbfs
  return (
    `the ${gain >= 0 ? '+' : ''}${f1(gain)} dB gain lifts the room tone from ` +
    `${f1(n.before_dbfs)} to ${f1(n.after_dbfs)} dBFS RMS, above the ${f1(n.max_dbfs)} dBFS ` +
    `${profileLabel ?? 'the profile'} allows`
  )
}
