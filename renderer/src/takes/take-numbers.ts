/** A take's measured numbers as short text: length, loudness, peak, and the clock of a recording. */
import { takeName } from '../../../shared/take-name'
import { formatLevel } from '../../../shared/format/level-words'

/** A take's one name (shared/take-name.ts), the same in main's messages and the window's. */
export { takeName }

/** "12.3 s"; "1:02.5" from a minute up; "—" when unknown. */
export function formatTakeLength(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return '—'
  const tenths = Math.round(seconds * 10)
  if (tenths < 600) return `${(tenths / 10).toFixed(1)} s`
  return clockOfTenths(tenths)
}

/** "1:02.5" from a count of tenths of a second: the one m:ss.s of the take lists, the recorder and the read-back. */
export function clockOfTenths(tenths: number): string {
  const minutes = Math.floor(tenths / 600)
  const rest = (tenths - minutes * 600) / 10
  return `${minutes}:${rest.toFixed(1).padStart(4, '0')}`
}

/** "−16.2 LUFS"; "silence" below −70 LUFS; "—" when not measured. */
export function formatLoudness(lufs: number | null): string {
  return formatLevel(lufs, 'LUFS')
}

/** "−1.3 dBFS" peak; digital silence is "silence"; "—" when not measured. */
export function formatPeak(dbfs: number | null): string {
  return formatLevel(dbfs, 'dBFS')
}

/** Loudness and peak of a measured take as shown: a take measured with nothing loud enough reads "silence". */
export function takeLevels(p: {
  measured: boolean
  lufs: number | null
  peak_dbfs: number | null
  duration_s: number | null
}): { loudness: string; peak: string } {
  if (!p.measured) return { loudness: '—', peak: '—' }
  // Measured, yet no loudness: nothing passed the −70 LUFS gate (a take shorter than one 400 ms block has none to give).
  const loudness =
    p.lufs === null ? (p.duration_s !== null && p.duration_s >= 0.4 ? 'silence' : '—') : formatLoudness(p.lufs)
  // Measured, yet no peak: every sample was zero (the API's number cannot carry −∞).
  const peak = p.peak_dbfs === null ? (p.duration_s ? 'silence' : '—') : formatPeak(p.peak_dbfs)
  return { loudness, peak }
}

/** The recording clock: "0:07.4". */
export function formatElapsed(seconds: number): string {
  const safe = Number.isFinite(seconds) && seconds > 0 ? seconds : 0
  return clockOfTenths(Math.floor(safe * 10))
}

/** Where the recording stands against the spot: under, near the end (last 10 %), or over. */
export function elapsedState(elapsedS: number, spotLengthS: number | null): 'under' | 'near' | 'over' | 'no_spot' {
  if (!spotLengthS || spotLengthS <= 0) return 'no_spot'
  if (elapsedS > spotLengthS) return 'over'
  if (elapsedS >= spotLengthS * 0.9) return 'near'
  return 'under'
}

/** The name a take gets if delivered with another label: the label part of its name swapped. */
export function takeNameWithLabel(
  take: { file_name: string; take_number: number; label: string },
  label: string,
): string {
  const name = takeName(take)
  const part = `_${take.label}_`
  const at = name.lastIndexOf(part)
  return at < 0 ? name : `${name.slice(0, at)}_${label}_${name.slice(at + part.length)}`
}

/** The measurement to show and judge: the trimmed take's (what is delivered) while a trim is set. */
export function deliveredPreflight<P>(take: {
  preflight: P | null
  trimmed_preflight?: P | null
  trim: { head_s: number; tail_s: number }
}): P | null {
  const trimmed = take.trim.head_s > 0 || take.trim.tail_s > 0
  return trimmed && take.trimmed_preflight ? take.trimmed_preflight : take.preflight
}
