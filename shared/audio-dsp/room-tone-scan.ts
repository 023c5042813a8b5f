/**
 * Finding a take's room tone as its blocks arrive (see room-tone.ts for what is found and why). Pure.
 */
import { db, judgeSilence, percentileOf, type FloorLevels, type RoomTone, type RoomToneRules } from './room-tone-judge'
import { Series, SortedRuns } from './sorted-runs'

/** A steady stretch: its level (dB, high-passed) and how loud it is unweighted (dB). */
interface Stretch {
  level: number
  loud: number
}

/**
 * The room tone of a take found as its blocks arrive (the recording's running measurement), so that at
 * Stop only the judgement is left: each block's level, its window, the steady stretch it ends and how
 * loud that is unweighted are worked out when the block closes; the stretches near the quietest so far
 * and the back-to-back windows' levels are kept sorted in runs (sorted-runs.ts). `result` then costs a
 * merge and a few passes of comparisons, not the take's length in logarithms and sorts. The same
 * arithmetic in the same order as taking the whole take at once (`roomTone`), so both agree exactly.
 * `stretch(from, to)`: the unweighted energy of blocks [from, to) (unweighted-blocks.ts `stretchEnergy`).
 */
export class RoomToneScan {
  private readonly per: number
  private readonly count: number
  private readonly blocks = new Series()
  private readonly blockLevels = new Series()
  private readonly windows = new Series()
  private readonly levels = new Series()
  private steadyCount = 0
  private quietest = Number.POSITIVE_INFINITY
  /** The steady stretches within marginDb of the quietest so far (the floor's candidates): levels and unweighted levels, paired by position. */
  private readonly nearLevels = new SortedRuns()
  private readonly nearLoud = new SortedRuns()
  /** The levels of back-to-back windows (every `per`-th). */
  private readonly backToBack = new SortedRuns()
  /** A steady stretch ended by a block pushed for the moment (not kept): judged with, never stored. */
  private extra: Stretch | null = null

  constructor(
    readonly blockS: number,
    private readonly rules: RoomToneRules,
    private readonly stretch: (from: number, to: number) => number,
  ) {
    this.per = Math.max(1, Math.round(rules.windowS / blockS))
    this.count = Math.max(1, Math.round(rules.stretchS / rules.windowS))
  }

  /**
   * One block's high-passed mean square; `stretch` must know the unweighted stats of every block up to it.
   * `keep` false: the block is only judged with (a partial last block) and `rollback` takes it back.
   */
  push(energy: number, keep = true): void {
    const { per, count, rules } = this
    this.blocks.push(energy)
    this.blockLevels.push(db(energy))
    const w = this.blocks.length - per // the window that ends with this block
    if (w < 0) return
    let sum = 0
    for (let j = w; j < w + per; j++) sum += this.blocks.at(j)
    const window = sum / per
    const level = db(window)
    this.windows.push(window)
    // Below the digital-silence level all is one: exact zeros, and the high-pass's residue ringing down into them.
    this.levels.push(level < rules.digitalSilenceDbfs ? Number.NEGATIVE_INFINITY : level)
    if (w % per === 0) this.backToBack.push(this.levels.at(w), keep)
    // The stretch of `count` back-to-back windows whose last window this is: steady when their levels stay within steadyDb.
    const i = w - (count - 1) * per
    if (i < 0) return
    let lo = Number.POSITIVE_INFINITY
    let hi = Number.NEGATIVE_INFINITY
    let energies = 0
    for (let k = i; k < i + count * per; k += per) {
      const l = this.levels.at(k)
      if (l < lo) lo = l
      if (l > hi) hi = l
      energies += this.windows.at(k)
    }
    // Equal levels are steady too: digital silence is -Infinity throughout.
    if (!(hi === lo || hi - lo <= rules.steadyDb)) return
    const found = { level: db(energies / count), loud: db(this.stretch(i, i + count * per)) }
    if (keep) this.keepStretch(found)
    else this.extra = found
  }

  private keepStretch({ level, loud }: Stretch): void {
    this.steadyCount++
    if (level < this.quietest) {
      this.quietest = level
      // A quieter stretch: the candidates further than marginDb above it are no longer near.
      const limit = level + this.rules.marginDb
      const near = (j: number) => this.nearLevels.values.at(j) <= limit
      this.nearLoud.keepWhere(near)
      this.nearLevels.keepWhere(near)
    }
    if (level <= this.quietest + this.rules.marginDb) {
      this.nearLevels.push(level)
      this.nearLoud.push(loud)
    }
  }

  /** What the scan holds before blocks pushed for the moment (`keep` false), which `rollback` takes back. */
  mark(): number[] {
    return [this.blocks.length, this.windows.length, this.backToBack.values.length]
  }

  rollback(mark: number[]): void {
    const [blocks, windows, backToBack] = mark as [number, number, number]
    this.blocks.length = blocks
    this.blockLevels.length = blocks
    this.windows.length = windows
    this.levels.length = windows
    this.backToBack.truncate(backToBack)
    this.extra = null
  }

  /** The floor's candidates, sorted: levels and unweighted levels of the steady stretches within marginDb of the quietest. */
  private near(): { levels: Float64Array; loud: Float64Array } {
    const extra = this.extra
    if (extra && extra.level < this.quietest) {
      // The last block ended the quietest stretch: those still near it are among the candidates.
      const limit = extra.level + this.rules.marginDb
      const levels: number[] = [extra.level]
      const loud: number[] = [extra.loud]
      for (let j = 0; j < this.nearLevels.values.length; j++) {
        if (this.nearLevels.values.at(j) > limit) continue
        levels.push(this.nearLevels.values.at(j))
        loud.push(this.nearLoud.values.at(j))
      }
      return { levels: Float64Array.from(levels).sort(), loud: Float64Array.from(loud).sort() }
    }
    const withExtra = extra && extra.level <= this.quietest + this.rules.marginDb
    return {
      levels: this.nearLevels.all(withExtra ? [extra.level] : []),
      loud: this.nearLoud.all(withExtra ? [extra.loud] : []),
    }
  }

  /** The room tone's levels (null when unknown: no steady stretch, or nothing stands clear of it), as room-tone.ts says. */
  floor(): FloorLevels | null {
    const { rules } = this
    if (this.steadyCount === 0 && this.extra === null) return null
    const near = this.near()
    const measured = percentileOf(near.levels, 50)
    const floor = measured < rules.digitalSilenceDbfs ? Number.NEGATIVE_INFINITY : measured
    // The sound of the take, in back-to-back windows.
    const sorted = this.backToBack.all()
    const above = sorted.findIndex((l) => l > floor + rules.marginDb)
    const isRoomTone =
      above >= 0 && percentileOf(sorted.subarray(above), rules.voicePercentile) - floor >= rules.minSnrDb
    // Nothing stands clear of the floor: the whole take is one sound, room tone only when it is quiet.
    if (!isRoomTone && percentileOf(sorted, rules.voicePercentile) > rules.roomOnlyCeilingDbfs) return null
    // The same stretches, unweighted: how loud the room tone is with its hum and rumble.
    const loud = percentileOf(near.loud, 50)
    return { pauses: floor, reported: loud < rules.digitalSilenceDbfs ? Number.NEGATIVE_INFINITY : loud }
  }

  /** The take's room tone and silences from every block pushed so far. */
  result(durationS: number): RoomTone {
    return judgeSilence(
      this.blockLevels.data.subarray(0, this.blockLevels.length),
      this.blockS,
      durationS,
      this.floor(),
      this.rules,
    )
  }
}
