/**
 * Pure parser of the astats filter's "Overall" summary (run with measure_perchannel=none):
 *   [Parsed_astats_1 @ 0x55..] Overall
 *   [Parsed_astats_1 @ 0x55..] Peak level dB: -19.999998
 *   [Parsed_astats_1 @ 0x55..] Peak count: 6000.000000
 *   [Parsed_astats_1 @ 0x55..] Number of samples: 355200
 * "Number of samples" is per channel, so samples / sample rate is the decoded duration.
 */

export interface AstatsOverall {
  peakDb: number | null
  /** How many samples reached the peak level (either polarity). */
  peakCount: number | null
  samplesPerChannel: number | null
  /** RMS level over every channel's samples (dBFS; -Infinity for digital silence), when measured. */
  rmsDb: number | null
}

function field(section: string, label: string): number | null {
  const m = new RegExp(`\\] ${label}: (-?inf|-?\\d+(?:\\.\\d+)?)\\s*$`, 'm').exec(section)
  if (!m?.[1]) return null
  if (m[1] === '-inf') return Number.NEGATIVE_INFINITY
  if (m[1] === 'inf') return Number.POSITIVE_INFINITY
  return Number(m[1])
}

export function parseAstatsOverall(stderr: string): AstatsOverall | null {
  const at = stderr.search(/\[Parsed_astats_\d+ @ [^\]]+\] Overall\s*$/m)
  if (at < 0) return null
  const section = stderr.slice(at)
  return {
    peakDb: field(section, 'Peak level dB'),
    peakCount: field(section, 'Peak count'),
    samplesPerChannel: field(section, 'Number of samples'),
    rmsDb: field(section, 'RMS level dB'),
  }
}
