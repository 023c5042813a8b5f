/**
 * The take's own noise floor, and what of the take is silence, from the 10 ms block energies of
 * take-facts.ts: high-passed at 100 Hz to find the pauses, unweighted to say how loud their room tone is.
 * Pure.
 *
 * - Where the room tone is: room tone is what fills the pauses, and a pause is steady: over 300 ms its
 *   50 ms windows stay within a few dB of each other (hiss within ±1 dB, hum and buzz too, rumble within
 *   a few dB), while speech swings by tens of dB between syllables within that time. So the floor is
 *   found on the steady stretches of at least `stretchS` of the high-passed take (mains hum below 100 Hz
 *   and DC cannot fill a pause there or hide one): the quietest of them, and every other within
 *   `marginDb` of it. A take with no steady stretch (a dense read trimmed tight: no pause as long as
 *   `stretchS`) has no quiet to measure, so its floor is unknown (null), never a guess from the dips of
 *   its speech.
 * - How loud it is (`noiseFloorDbfs`, the figure reported): the median UNWEIGHTED RMS of those same
 *   stretches, hum and rumble included, only a DC offset taken out (it is reported on its own),
 *   as ACX-style checks measure a room tone. A take under 50 Hz hum therefore reads the hum's level, not
 *   what the high-pass leaves of it; the pauses and silences are still judged on the high-passed level.
 * - Room tone or voice: a steady stretch is room tone when the sound of the take (the windows above
 *   floor plus margin, at their `voicePercentile`) stands at least `minSnrDb` above it, however loud the
 *   floor is: a take under a -40 dBFS buzz still has its silences, and a sustained vowel is no floor.
 *   Only a take with nothing standing that far above its floor is judged by absolute level: no louder
 *   than `roomOnlyCeilingDbfs` it is all room tone (a silent take), louder it is all voice (a tone, a
 *   read with no pauses) and has no floor.
 * - Silence: 10 ms blocks within a margin of that floor (never required to be below an absolute minimum),
 *   in spans of at least `minSpanS`. A run of louder blocks is sound when it lasts `minSoundS` or rises
 *   `soundRiseDb` above the threshold; a shorter, fainter run is the room tone's own flicker (rumble
 *   below 150 Hz comes through the high-pass in swells and single blocks) and stays silence, so one
 *   block cannot split a head or tail.
 */
import { stretchEnergy, type UnweightedBlockStats } from './unweighted-blocks'

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
  /** Unweighted RMS level of the room tone (dBFS, hum included, DC offset out); -Infinity for digital silence; null when unknown: the take has no steady quiet stretch to measure. */
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

/** Mean energy of the window of `per` blocks starting at each block. */
function windowEnergies(blocks: Float64Array, per: number): Float64Array {
  const out = new Float64Array(Math.max(0, blocks.length - per + 1))
  for (let i = 0; i < out.length; i++) {
    let sum = 0
    for (let j = i; j < i + per; j++) sum += blocks[j] as number
    out[i] = sum / per
  }
  return out
}

/**
 * The steady stretches: `count` back-to-back windows from each block on whose levels stay within
 * steadyDb; their levels (dB) and first blocks, unsorted.
 */
function steadyStretches(windows: Float64Array, levels: Float64Array, per: number, count: number, steadyDb: number): { levels: Float64Array; starts: Int32Array } {
  const out = new Float64Array(Math.max(0, windows.length - (count - 1) * per))
  const starts = new Int32Array(out.length)
  let found = 0
  for (let i = 0; i < out.length; i++) {
    let lo = Number.POSITIVE_INFINITY
    let hi = Number.NEGATIVE_INFINITY
    let sum = 0
    for (let k = i; k < i + count * per; k += per) {
      const level = levels[k] as number
      if (level < lo) lo = level
      if (level > hi) hi = level
      sum += windows[k] as number
    }
    // Equal levels are steady too: digital silence is -Infinity throughout.
    if (hi === lo || hi - lo <= steadyDb) {
      starts[found] = i
      out[found++] = db(sum / count)
    }
  }
  return { levels: out.subarray(0, found), starts: starts.subarray(0, found) }
}

/** The room tone's level: high-passed (`pauses`, what silence is judged against) and unweighted (`reported`). */
export interface FloorLevels {
  pauses: number
  reported: number
}

/**
 * The noise floor of a take from its high-passed block energies (`blocks`, where the steady quiet
 * stretches are) and its unweighted ones (`unweighted`, how loud those stretches are); null when unknown.
 */
export function noiseFloor(blocks: Float64Array, unweighted: UnweightedBlockStats, blockS: number, rules: RoomToneRules): FloorLevels | null {
  const per = Math.max(1, Math.round(rules.windowS / blockS))
  const count = Math.max(1, Math.round(rules.stretchS / rules.windowS))
  const windows = windowEnergies(blocks, per)
  const levels = new Float64Array(windows.length)
  // Below the digital-silence level all is one: exact zeros, and the high-pass's residue ringing down into them.
  for (let i = 0; i < windows.length; i++) {
    const level = db(windows[i] as number)
    levels[i] = level < rules.digitalSilenceDbfs ? Number.NEGATIVE_INFINITY : level
  }
  const steady = steadyStretches(windows, levels, per, count, rules.steadyDb)
  if (steady.levels.length === 0) return null
  let quietest = Number.POSITIVE_INFINITY
  for (const l of steady.levels) quietest = Math.min(quietest, l)
  const near = (_: number, j: number): boolean => (steady.levels[j] as number) <= quietest + rules.marginDb
  const chosen = steady.starts.filter(near)
  const measured = percentileOf(steady.levels.filter(near).sort(), 50)
  const floor = measured < rules.digitalSilenceDbfs ? Number.NEGATIVE_INFINITY : measured
  // The sound of the take, in back-to-back windows.
  const sorted = levels.filter((_, i) => i % per === 0).sort()
  const above = sorted.findIndex((l) => l > floor + rules.marginDb)
  const isRoomTone = above >= 0 && percentileOf(sorted.subarray(above), rules.voicePercentile) - floor >= rules.minSnrDb
  // Nothing stands clear of the floor: the whole take is one sound, room tone only when it is quiet.
  if (!isRoomTone && percentileOf(sorted, rules.voicePercentile) > rules.roomOnlyCeilingDbfs) return null
  // The same stretches, unweighted: how loud the room tone is with its hum and rumble.
  const loud = percentileOf(Float64Array.from(chosen, (i) => db(stretchEnergy(unweighted, i, i + count * per))).sort(), 50)
  return { pauses: floor, reported: loud < rules.digitalSilenceDbfs ? Number.NEGATIVE_INFINITY : loud }
}

/** Which blocks are silent: at or below the threshold, or in a run above it too short and faint to be sound. */
function silentBlocks(blocks: Float64Array, blockS: number, threshold: number, rules: RoomToneRules): Uint8Array {
  const silent = new Uint8Array(blocks.length)
  const minRun = Math.max(1, Math.round(rules.minSoundS / blockS))
  let runStart = -1
  let runPeak = Number.NEGATIVE_INFINITY
  for (let i = 0; i <= blocks.length; i++) {
    const level = i < blocks.length ? db(blocks[i] as number) : Number.NEGATIVE_INFINITY
    if (level > threshold) {
      if (runStart < 0) runStart = i
      runPeak = Math.max(runPeak, level)
      continue
    }
    if (i < blocks.length) silent[i] = 1
    if (runStart >= 0 && i - runStart < minRun && runPeak <= threshold + rules.soundRiseDb) silent.fill(1, runStart, i)
    runStart = -1
    runPeak = Number.NEGATIVE_INFINITY
  }
  return silent
}

/** `blocks`: high-passed block energies (silence is judged on them); `unweighted`: the same blocks unweighted (the floor's reported level; `withoutOffsets(energies)` for plain energies). */
export function roomTone(blocks: Float64Array, unweighted: UnweightedBlockStats, blockS: number, durationS: number, rules: RoomToneRules): RoomTone {
  const levels = noiseFloor(blocks, unweighted, blockS, rules)
  const floor = levels ? levels.reported : null
  const threshold = levels === null ? rules.alwaysSilentDbfs : Math.max(rules.alwaysSilentDbfs, levels.pauses + rules.marginDb)
  const silentAt = silentBlocks(blocks, blockS, threshold, rules)
  const spans: Array<{ startS: number; endS: number }> = []
  let open: number | null = null
  for (let i = 0; i <= blocks.length; i++) {
    const silent = i < blocks.length && silentAt[i] === 1
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
