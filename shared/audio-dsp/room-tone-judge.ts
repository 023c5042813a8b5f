/**
 * The room tone's rules and results, and the judgement of silence once the floor is known (room-tone.ts
 * says how the floor is found and what silence is; room-tone-scan.ts finds the floor). Pure.
 */
export interface RoomToneRules {
  /** Window of the level measurements (s). */
  windowS: number
  /** Shortest steady stretch that is measured as room tone (s). */
  stretchS: number
  /** A stretch is steady when its windows' levels span no more than this (dB). */
  steadyDb: number
  /** A block within this many dB of the floor is silence; steady stretches this close to the quietest are the floor. */
  marginDb: number
  /** The sound of a take stands at least this far above room tone (dB). */
  minSnrDb: number
  /** Percentile (0–100) of the levels of the windows above floor plus margin taken as the sound's level. */
  voicePercentile: number
  /** A take with nothing standing minSnrDb above its floor is all room tone when no louder than this (dBFS RMS), else all voice. */
  roomOnlyCeilingDbfs: number
  /** Anything quieter than this (dBFS RMS) is always silence (the floor of digital silence is -Infinity). */
  alwaysSilentDbfs: number
  /** Shortest run above the threshold that is sound on its length alone (s). */
  minSoundS: number
  /** A shorter run is sound when a block of it rises this far above the threshold (dB). */
  soundRiseDb: number
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
  /**
   * Unweighted RMS level of the room tone (dBFS, hum included, DC offset out); -Infinity for digital silence; null when
   * unknown: the take has no steady quiet stretch to measure.
   */
  noiseFloorDbfs: number | null
  /** The level at or below which a block counted as silence (dBFS RMS). */
  silenceBelowDbfs: number
  leadS: number
  tailS: number
  voicedS: number
  /** Silent spans (start, end) in seconds. */
  spans: Array<{ startS: number; endS: number }>
}

export const db = (meanSquare: number): number =>
  meanSquare > 0 ? 10 * Math.log10(meanSquare) : Number.NEGATIVE_INFINITY

export function percentileOf(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN
  const i = Math.min(sorted.length - 1, Math.max(0, Math.floor((p / 100) * (sorted.length - 1))))
  return sorted[i] as number
}

/** The room tone's level: high-passed (`pauses`, what silence is judged against) and unweighted (`reported`). */
export interface FloorLevels {
  pauses: number
  reported: number
}

/**
 * The silent spans, in seconds: runs of blocks at or below the threshold, and the runs above it too short
 * and faint to be sound (shorter than minSoundS, never soundRiseDb above the threshold) inside them. One
 * pass over the levels, nothing made per block: at Stop it runs over every block of the take.
 */
export function silentSpans(
  levels: Float64Array,
  blockS: number,
  durationS: number,
  threshold: number,
  rules: RoomToneRules,
): Array<{ startS: number; endS: number }> {
  const spans: Array<{ startS: number; endS: number }> = []
  const minRun = Math.max(1, Math.round(rules.minSoundS / blockS))
  const faint = threshold + rules.soundRiseDb
  const n = levels.length
  let open = -1 // first block of the silent span under way
  let runStart = -1 // first block of the run above the threshold under way
  let runPeak = Number.NEGATIVE_INFINITY
  for (let i = 0; i <= n; i++) {
    const level = i < n ? (levels[i] as number) : Number.NEGATIVE_INFINITY
    if (level > threshold) {
      if (runStart < 0) runStart = i
      if (level > runPeak) runPeak = level
      continue
    }
    if (runStart >= 0) {
      if (i - runStart < minRun && runPeak <= faint) {
        if (open < 0) open = runStart // the room tone's own flicker: silence
      } else if (open >= 0) {
        spans.push({ startS: open * blockS, endS: Math.min(durationS, runStart * blockS) })
        open = -1
      }
      runStart = -1
      runPeak = Number.NEGATIVE_INFINITY
    }
    if (i < n && open < 0) open = i
  }
  if (open >= 0) spans.push({ startS: open * blockS, endS: Math.min(durationS, n * blockS) })
  return spans
}

/** Silence and voice from the blocks' levels (dB) and the floor found in them. */
export function judgeSilence(
  blockLevels: Float64Array,
  blockS: number,
  durationS: number,
  levels: FloorLevels | null,
  rules: RoomToneRules,
): RoomTone {
  const floor = levels ? levels.reported : null
  const threshold =
    levels === null ? rules.alwaysSilentDbfs : Math.max(rules.alwaysSilentDbfs, levels.pauses + rules.marginDb)
  const spans = silentSpans(blockLevels, blockS, durationS, threshold, rules)
  const first = spans[0]
  const last = spans.at(-1)
  const edge = blockS / 2
  // The high-pass settles within its first few blocks after a take starts on hum or a step.
  const leadSpan = first && first.startS <= rules.settleS && first.endS - first.startS >= rules.minSpanS ? first : null
  if (leadSpan && leadSpan.endS >= durationS - edge) {
    return { noiseFloorDbfs: floor, silenceBelowDbfs: threshold, leadS: durationS, tailS: durationS, voicedS: 0, spans }
  }
  const tailSpan =
    last && last !== leadSpan && last.endS >= durationS - edge && last.endS - last.startS >= rules.minSpanS
      ? last
      : null
  const leadS = leadSpan ? leadSpan.endS : 0
  if (leadSpan) leadSpan.startS = 0
  const tailS = tailSpan ? durationS - tailSpan.startS : 0
  let unvoiced = leadS + tailS
  for (const s of spans) {
    if (s === leadSpan || s === tailSpan) continue
    if (s.endS - s.startS >= rules.pauseMinS) unvoiced += s.endS - s.startS
  }
  return {
    noiseFloorDbfs: floor,
    silenceBelowDbfs: threshold,
    leadS,
    tailS,
    voicedS: Math.max(0, durationS - unvoiced),
    spans,
  }
}
