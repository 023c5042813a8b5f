/**
 * The noise floor as it was first written: the whole take at once, every window and stretch worked out and
 * sorted in one go. Kept as the definition the block-by-block scan (shared/audio-dsp/room-tone-scan.ts)
 * must agree with exactly.
 */
import { db, percentileOf, type FloorLevels, type RoomToneRules } from '../../../../shared/audio-dsp/room-tone-judge'
import { stretchEnergy, type UnweightedBlockStats } from '../../../../shared/audio-dsp/unweighted-blocks'

export function referenceFloor(
  blocks: Float64Array,
  unweighted: UnweightedBlockStats,
  blockS: number,
  rules: RoomToneRules,
): FloorLevels | null {
  const per = Math.max(1, Math.round(rules.windowS / blockS))
  const count = Math.max(1, Math.round(rules.stretchS / rules.windowS))
  const windows = new Float64Array(Math.max(0, blocks.length - per + 1))
  for (let i = 0; i < windows.length; i++) {
    let sum = 0
    for (let j = i; j < i + per; j++) sum += blocks[j] as number
    windows[i] = sum / per
  }
  const levels = windows.map((w) => (db(w) < rules.digitalSilenceDbfs ? Number.NEGATIVE_INFINITY : db(w)))
  const steadyLevels: number[] = []
  const starts: number[] = []
  for (let i = 0; i < windows.length - (count - 1) * per; i++) {
    let lo = Number.POSITIVE_INFINITY
    let hi = Number.NEGATIVE_INFINITY
    let sum = 0
    for (let k = i; k < i + count * per; k += per) {
      lo = Math.min(lo, levels[k] as number)
      hi = Math.max(hi, levels[k] as number)
      sum += windows[k] as number
    }
    if (hi === lo || hi - lo <= rules.steadyDb) {
      steadyLevels.push(db(sum / count))
      starts.push(i)
    }
  }
  if (steadyLevels.length === 0) return null
  const quietest = Math.min(...steadyLevels)
  const near = steadyLevels.map((l) => l <= quietest + rules.marginDb)
  const measured = percentileOf(Float64Array.from(steadyLevels.filter((_, j) => near[j])).sort(), 50)
  const floor = measured < rules.digitalSilenceDbfs ? Number.NEGATIVE_INFINITY : measured
  const sorted = levels.filter((_, i) => i % per === 0).sort()
  const above = sorted.findIndex((l) => l > floor + rules.marginDb)
  const isRoomTone = above >= 0 && percentileOf(sorted.subarray(above), rules.voicePercentile) - floor >= rules.minSnrDb
  if (!isRoomTone && percentileOf(sorted, rules.voicePercentile) > rules.roomOnlyCeilingDbfs) return null
  const chosen = starts.filter((_, j) => near[j])
  const loud = percentileOf(
    Float64Array.from(chosen, (i) => db(stretchEnergy(unweighted, i, i + count * per))).sort(),
    50,
  )
  return { pauses: floor, reported: loud < rules.digitalSilenceDbfs ? Number.NEGATIVE_INFINITY : loud }
}

/**
 * Silence as it was first written: which blocks are silent, in a first pass, then the spans of silent
 * blocks, in a second; kept as the definition room-tone-judge.ts's one pass must agree with exactly.
 */
export function referenceSpans(
  levels: Float64Array,
  blockS: number,
  durationS: number,
  threshold: number,
  rules: RoomToneRules,
): Array<{ startS: number; endS: number }> {
  const silent = new Uint8Array(levels.length)
  const minRun = Math.max(1, Math.round(rules.minSoundS / blockS))
  let runStart = -1
  let runPeak = Number.NEGATIVE_INFINITY
  for (let i = 0; i <= levels.length; i++) {
    const level = i < levels.length ? (levels[i] as number) : Number.NEGATIVE_INFINITY
    if (level > threshold) {
      if (runStart < 0) runStart = i
      runPeak = Math.max(runPeak, level)
      continue
    }
    if (i < levels.length) silent[i] = 1
    if (runStart >= 0 && i - runStart < minRun && runPeak <= threshold + rules.soundRiseDb) silent.fill(1, runStart, i)
    runStart = -1
    runPeak = Number.NEGATIVE_INFINITY
  }
  const spans: Array<{ startS: number; endS: number }> = []
  let open: number | null = null
  for (let i = 0; i <= levels.length; i++) {
    const isSilent = i < levels.length && silent[i] === 1
    if (isSilent && open === null) open = i
    if (!isSilent && open !== null) {
      spans.push({ startS: open * blockS, endS: Math.min(durationS, i * blockS) })
      open = null
    }
  }
  return spans
}
