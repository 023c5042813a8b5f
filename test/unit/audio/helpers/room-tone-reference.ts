/**
 * The noise floor as it was first written: the whole take at once, every window and stretch worked out and
 * sorted in one go. Kept as the definition the block-by-block scan (shared/audio-dsp/room-tone-scan.ts)
 * must agree with exactly.
 */
import { db, percentileOf, type FloorLevels, type RoomToneRules } from '../../../../shared/audio-dsp/room-tone-judge'
import { stretchEnergy, type UnweightedBlockStats } from '../../../../shared/audio-dsp/unweighted-blocks'

export function referenceFloor(blocks: Float64Array, unweighted: UnweightedBlockStats, blockS: number, rules: RoomToneRules): FloorLevels | null {
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
  const loud = percentileOf(Float64Array.from(chosen, (i) => db(stretchEnergy(unweighted, i, i + count * per))).sort(), 50)
  return { pauses: floor, reported: loud < rules.digitalSilenceDbfs ? Number.NEGATIVE_INFINITY : loud }
}
