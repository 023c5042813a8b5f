/**
 * The take's own noise floor, and what of the take is silence, from the high-passed 10 ms block
 * energies of take-facts.ts. Pure.
 *
 * - Noise floor: a low percentile of the RMS of 50 ms windows. Room tone fills the pauses, so the
 *   quietest tenth of a take is its room tone, whether that sits at -90 dBFS or at -50 dBFS; hum below
 *   100 Hz and DC were already removed by the high-pass.
 * - Silence: 10 ms blocks within a margin of that floor (never above an absolute ceiling, never required
 *   to be below an absolute minimum), in spans of at least `minSpanS`.
 */
export interface RoomToneRules {
  /** Window of the noise-floor estimate (s). */
  windowS: number
  /** Percentile (0–100) of window levels taken as the floor. */
  percentile: number
  /** A block within this many dB of the floor is silence. */
  marginDb: number
  /** Nothing louder than this (dBFS RMS) is ever silence, and a "floor" above it is voice, not room tone. */
  ceilingDbfs: number
  /** Anything quieter than this (dBFS RMS) is always silence (the floor of digital silence is -Infinity). */
  alwaysSilentDbfs: number
  /** A floor quieter than this (dBFS RMS) is digital silence (-Infinity): what the high-pass leaves of a sound
   * as it decays in exact zeros shrinks past any level (-300, -1000 dB…), and is no room tone. */
  digitalSilenceDbfs: number
  /** Shortest silence at the head or tail (s). */
  minSpanS: number
  /** A silence starting this close to the start of the take (while the high-pass settles) is its head. */
  settleS: number
  /** Shortest inner pause not counted as voiced (s). */
  pauseMinS: number
}

export interface RoomTone {
  /** RMS level of the room tone (dBFS, after the high-pass); -Infinity for digital silence; null when the take has no quiet part to measure. */
  noiseFloorDbfs: number | null
  /** The level at or below which a block counted as silence (dBFS RMS). */
  silenceBelowDbfs: number
  leadS: number
  tailS: number
  voicedS: number
  /** Silent spans (start, end) in seconds. */
  spans: Array<{ startS: number; endS: number }>
}

const db = (meanSquare: number): number => (meanSquare > 0 ? 10 * Math.log10(meanSquare) : Number.NEGATIVE_INFINITY)

function percentileOf(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN
  const i = Math.min(sorted.length - 1, Math.max(0, Math.floor((p / 100) * (sorted.length - 1))))
  return sorted[i] as number
}

export function noiseFloorDbfs(blocks: Float64Array, blockS: number, rules: RoomToneRules): number | null {
  const per = Math.max(1, Math.round(rules.windowS / blockS))
  const count = Math.floor(blocks.length / per)
  if (count === 0) return null
  const levels = new Float64Array(count)
  for (let w = 0; w < count; w++) {
    let sum = 0
    for (let i = w * per; i < (w + 1) * per; i++) sum += blocks[i] as number
    levels[w] = db(sum / per)
  }
  levels.sort()
  const floor = percentileOf(levels, rules.percentile)
  if (!(floor <= rules.ceilingDbfs)) return null
  return floor < rules.digitalSilenceDbfs ? Number.NEGATIVE_INFINITY : floor
}

export function roomTone(blocks: Float64Array, blockS: number, durationS: number, rules: RoomToneRules): RoomTone {
  const floor = noiseFloorDbfs(blocks, blockS, rules)
  const threshold =
    floor === null
      ? rules.alwaysSilentDbfs
      : Math.min(rules.ceilingDbfs, Math.max(rules.alwaysSilentDbfs, floor + rules.marginDb))
  const spans: Array<{ startS: number; endS: number }> = []
  let open: number | null = null
  for (let i = 0; i <= blocks.length; i++) {
    const silent = i < blocks.length && db(blocks[i] as number) <= threshold
    if (silent && open === null) open = i
    if (!silent && open !== null) {
      spans.push({ startS: open * blockS, endS: Math.min(durationS, i * blockS) })
      open = null
    }
  }
  const first = spans[0]
  const last = spans.at(-1)
  const edge = blockS / 2
  // The high-pass settles within its first few blocks after a take starts on hum or a step.
  const leadSpan = first && first.startS <= rules.settleS && first.endS - first.startS >= rules.minSpanS ? first : null
  if (leadSpan && leadSpan.endS >= durationS - edge) {
    return { noiseFloorDbfs: floor, silenceBelowDbfs: threshold, leadS: durationS, tailS: durationS, voicedS: 0, spans }
  }
  const tailSpan = last && last !== leadSpan && last.endS >= durationS - edge && last.endS - last.startS >= rules.minSpanS ? last : null
  const leadS = leadSpan ? leadSpan.endS : 0
  if (leadSpan) leadSpan.startS = 0
  const tailS = tailSpan ? durationS - tailSpan.startS : 0
  let unvoiced = leadS + tailS
  for (const s of spans) {
    if (s === leadSpan || s === tailSpan) continue
    if (s.endS - s.startS >= rules.pauseMinS) unvoiced += s.endS - s.startS
  }
  return { noiseFloorDbfs: floor, silenceBelowDbfs: threshold, leadS, tailS, voicedS: Math.max(0, durationS - unvoiced), spans }
}
