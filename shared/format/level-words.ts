/**
 * Levels in words, one way for every figure Booth shows of a take (the recorder's live meters, a take's
 * facts and findings): "−16.2 LUFS", "+0.4 dBTP", "−62.3 dBFS". A level with no sound behind it reads
 * "silence", never a number such as "−2908.7 LUFS" (what a filter ringing down into digital zeros gives)
 * or "−∞"; a level not measured (no reading yet) reads "—".
 *
 * - Loudness (LUFS) below BS.1770's absolute gate, -70 LUFS, is silence: such blocks never count as
 *   loudness at all.
 * - Peaks, true peaks, RMS and room tone (dBFS, dBTP) below -150 dB are digital silence (the same line
 *   the room-tone measurement draws, main/audio/thresholds.ts).
 */
export type LevelUnit = 'LUFS' | 'dBFS' | 'dBTP' | 'dB RMS'

/** BS.1770-4's absolute gate: quieter loudness is no sound. */
export const SILENT_BELOW_LUFS = -70
/** Digital silence for peaks, RMS and room tone. */
export const SILENT_BELOW_DB = -150

/** Whether a measured level is no sound at all (−Infinity, NaN and anything below the unit's line). */
export function isSilentLevel(value: number, unit: LevelUnit): boolean {
  if (Number.isNaN(value) || value === Number.NEGATIVE_INFINITY) return true
  return value < (unit === 'LUFS' ? SILENT_BELOW_LUFS : SILENT_BELOW_DB)
}

/** "−16.2 LUFS" (a true minus sign, "+" above zero, one decimal), "silence", or "—" when not measured. */
export function formatLevel(value: number | null | undefined, unit: LevelUnit): string {
  if (value === null || value === undefined || value === Number.POSITIVE_INFINITY) return '—'
  if (isSilentLevel(value, unit)) return 'silence'
  const text = Math.abs(value).toFixed(1)
  if (text === '0.0') return `0.0 ${unit}`
  return `${value < 0 ? '−' : value > 0 ? '+' : ''}${text} ${unit}`
}

/** A level sent to the window: silence as the unit's silent line (JSON has no −Infinity), else rounded to 0.1. */
export function levelForWire(value: number | null, unit: LevelUnit): number | null {
  if (value === null) return null
  if (isSilentLevel(value, unit)) return (unit === 'LUFS' ? SILENT_BELOW_LUFS : SILENT_BELOW_DB) - 1
  return Number.isFinite(value) ? Math.round(value * 10) / 10 : null
}
