/**
 * Pure parser of the ebur128 filter's closing summary:
 *   [Parsed_ebur128_2 @ 0x55..] Summary:
 *     Integrated loudness:
 *       I:         -23.8 LUFS
 *     ...
 *     Sample peak:
 *       Peak:      -20.0 dBFS
 * ffmpeg prints I: -70.0 LUFS when every block falls below the absolute gate (silence, or audio
 * shorter than one 400 ms block): BS.1770 leaves integrated loudness undefined then, so it is null here.
 */

export interface Ebur128Summary {
  /** Integrated loudness in LUFS; null when undefined (everything gated out). */
  integratedLufs: number | null
  /** Sample peak in dBFS (when run with peak=sample); -Infinity for digital silence; null if not printed. */
  samplePeakDbfs: number | null
  /** True peak in dBTP (when run with peak=true; ffmpeg labels it dBFS); null if not printed. */
  truePeakDbtp: number | null
}

/** The absolute gate of ITU-R BS.1770-4; ffmpeg reports this value when nothing passed it. */
export const EBUR128_ABSOLUTE_GATE_LUFS = -70

function value(section: string, heading: string, unit: string): number | null {
  const m = new RegExp(`${heading}:\\s*\\n\\s*\\w+:\\s+(-?inf|-?\\d+(?:\\.\\d+)?) ${unit}`).exec(section)
  if (!m?.[1]) return null
  return m[1] === '-inf' ? Number.NEGATIVE_INFINITY : Number(m[1])
}

export function parseEbur128Summary(stderr: string): Ebur128Summary | null {
  const at = stderr.search(/\[Parsed_ebur128_\d+ @ [^\]]+\] Summary:/)
  if (at < 0) return null
  const section = stderr.slice(at)
  const integrated = value(section, 'Integrated loudness', 'LUFS')
  return {
    integratedLufs: integrated === null || integrated <= EBUR128_ABSOLUTE_GATE_LUFS ? null : integrated,
    samplePeakDbfs: value(section, 'Sample peak', 'dBFS'),
    truePeakDbtp: value(section, 'True peak', 'dBFS'),
  }
}
