/**
 * The clean step (finish-steps.ts) over the rendered file, never holding the take (issue 42, point 8): each
 * stretch outside the words is read on its own (with a margin the searches reach into), searched and
 * repaired there, and its repairs kept as patches (take-patches.ts) that every later read lays over the
 * file; the voice's level that breaths are judged against (and, for a cut, the room tone's energy index) is
 * measured in one pass over the file in blocks. The same steps in the same order as cleanStep over arrays,
 * on the same samples, so the same breaths, clicks and samples to the bit (tested against it):
 *  1. clicks found and repaired stretch by stretch, in order (a patch's room-tone reference may reach across
 *     a short word into the stretch before, already repaired, as in the whole take);
 *  2. each stretch searched again, its repairs over which a click is still found undone (the samples as read);
 *  3. the voice's level over the repaired take, then breaths found stretch by stretch and lowered (a gain
 *     patch), kept, or cut to room tone (a crossfade patch to a clean stretch of the take).
 */
import {
  findBreaths,
  breathGainDb,
  breathRampOf,
  eachLevelBlock,
  rampedSpan,
  voiceLevelOf,
  levelBlockOf,
  type BreathChoice,
} from './breaths'
import { energyBlockOf, planCuts } from './breath-cut'
import { findClicks, frames, REFERENCE_MS, REPAIR_FADE_MS, repairClicksDone, type FrameSpan } from './clicks'
import type { CleanFound, FramePause } from './finish-steps'
import { medianDbfs, roomToneMeanSquares } from './level-noise-floor'
import { eachBlock } from './level-stream'
import { RenderFile } from './render-file'
import type { FitBuild } from './fit-edit-list'

interface Stretch {
  /** The frame the window starts at; its samples, patches laid over; the stretch in the window's frames. */
  at: number
  ch: Float32Array[]
  pause: FrameSpan
}

/**
 * A stretch read with `margin` frames either side (clipped to the take). The searches take a stretch's edge at
 * 0 or at the window's end for the file's: with a margin of at least one frame, only the file's edges are.
 */
function stretchOf(file: RenderFile, p: FrameSpan, margin: number): Stretch {
  const at = Math.max(0, p.from - margin)
  const to = Math.min(file.frames, p.to + margin)
  return { at, ch: file.read(at, to), pause: { from: p.from - at, to: p.to - at } }
}

const shifted = <T extends FrameSpan>(s: T, by: number): T => ({ ...s, from: s.from + by, to: s.to + by })
const overlaps = (a: FrameSpan, b: FrameSpan): boolean => a.from < b.to && b.from < a.to

/** Spans merged where they overlap or touch (sorted by start). */
function merged(spans: FrameSpan[]): FrameSpan[] {
  const out: FrameSpan[] = []
  for (const s of spans.slice().sort((a, b) => a.from - b.from)) {
    const prev = out[out.length - 1]
    if (prev && s.from <= prev.to) prev.to = Math.max(prev.to, s.to)
    else out.push({ ...s })
  }
  return out
}

/** Steps 1 and 2: the clicks removed (patched) and left (as read). */
function cleanClicks(file: RenderFile, pauses: readonly FramePause[]): { removed: FrameSpan[]; left: FrameSpan[] } {
  const rate = file.sampleRate
  const fade = frames(REPAIR_FADE_MS, rate)
  // A repair's room-tone reference reaches REFERENCE_MS beyond its click, a click's padded span a fade beyond it.
  const margin = frames(REFERENCE_MS, rate) + fade + 1
  const repairedIn: Array<Array<{ span: FrameSpan; was: Float32Array[] }>> = []
  const left: FrameSpan[] = []
  pauses.forEach((p, k) => {
    const w = stretchOf(file, p, margin)
    const found = findClicks(w.ch, rate, [w.pause])
    if (found.length === 0) return
    const { repaired, was } = repairClicksDone(w.ch, rate, found, [w.pause], true)
    for (const c of found) if (!repaired.some((r) => r.from === c.from && r.to === c.to)) left.push(shifted(c, w.at))
    for (const s of merged(repaired.map((r) => ({ from: r.from - fade, to: r.to + fade })))) {
      const samples = w.ch.map((x) => x.slice(s.from, s.to))
      file.patches.add({ kind: 'replace', from: s.from + w.at, to: s.to + w.at, samples })
    }
    repairedIn[k] = repaired.map((r, j) => ({ span: shifted(r, w.at), was: was[j] as Float32Array[] }))
  })
  const removed: FrameSpan[] = []
  pauses.forEach((p, k) => {
    const mine = repairedIn[k]
    if (!mine) return
    const w = stretchOf(file, p, 1)
    const again = findClicks(w.ch, rate, [w.pause]).map((c) => shifted(c, w.at))
    for (const { span, was } of mine) {
      if (!again.some((c) => overlaps(c, span))) {
        removed.push(span)
        continue
      }
      // Still a click after the patch: the samples as read again.
      const from = span.from - fade
      file.patches.add({ kind: 'replace', from, to: from + (was[0]?.length ?? 0), samples: was })
      left.push(span)
    }
  })
  return { removed: removed.sort((a, b) => a.from - b.from), left: left.sort((a, b) => a.from - b.from) }
}

/** cleanStep over `file` (its patches made here): what was found and done; the samples are the file's passes. */
export function cleanRender(
  file: RenderFile,
  pauses: readonly FramePause[],
  roomToneDb: number,
  choice: BreathChoice = 'lower',
): CleanFound {
  const rate = file.sampleRate
  const { removed: clicks, left: clicksLeft } = cleanClicks(file, pauses)
  // The whole take's voice level (and a cut's energy index), measured over the repaired take in blocks.
  const block = levelBlockOf(rate)
  const levels = new Float64Array(Math.ceil(file.frames / block))
  const energy = choice === 'cut' ? new EnergyIndex(energyBlockOf(rate), file.frames) : null
  const levelBlocks = eachLevelBlock(block, file.frames, levels)
  eachBlock(file.passes, (y) => {
    levelBlocks(y)
    energy?.push(y[0] as Float32Array)
  })
  const voiceDb = voiceLevelOf(levels, block, pauses)
  const found = pauses.flatMap((p) => {
    const w = stretchOf(file, p, 1)
    return findBreaths(w.ch, rate, [w.pause], roomToneDb, voiceDb).map((b) => shifted(b, w.at))
  })
  if (choice === 'cut') {
    const busy = [...clicks, ...clicksLeft]
    const plan = planCuts((energy as EnergyIndex).sums, rate, file.frames, found, pauses, busy, roomToneDb)
    for (const cut of plan.roomTone) file.patches.add({ kind: 'cut', from: cut.from, to: cut.to, cut })
    lowerIn(file, plan.lowered)
    return { clicks, clicksLeft, breaths: found.map((b, i) => ({ ...b, by: plan.cuts[i]?.by ?? 0 })) }
  }
  const gains = found.map((b) => breathGainDb(choice, b, roomToneDb) as number)
  lowerIn(
    file,
    found.map((b, i) => ({ from: b.from, to: b.to, gainDb: gains[i] as number })).filter((r) => r.gainDb !== 0),
  )
  return { clicks, clicksLeft, breaths: found.map((b, i) => ({ ...b, by: gains[i] as number })) }
}

/** Breaths lowered (breaths.ts's lowerBreaths) as gain patches, in order. */
function lowerIn(file: RenderFile, regions: ReadonlyArray<FrameSpan & { gainDb: number }>): void {
  const ramp = breathRampOf(file.sampleRate)
  for (const region of regions) {
    const [from, to] = rampedSpan(region, ramp, file.frames)
    file.patches.add({ kind: 'gain', from, to, region, gain: 10 ** (region.gainDb / 20), ramp })
  }
}

/** breath-cut.ts's energyIndex of a channel given a block at a time (the same sums in the same order). */
class EnergyIndex {
  readonly sums: Float64Array
  private k = 0
  private inBlock = 0
  private s = 0

  constructor(
    private readonly block: number,
    frames: number,
  ) {
    this.sums = new Float64Array(Math.floor(frames / block) + 1)
  }

  push(x: Float32Array): void {
    for (let i = 0; i < x.length && this.k + 1 < this.sums.length; i++) {
      this.s += (x[i] as number) ** 2
      if (++this.inBlock === this.block) {
        this.sums[this.k + 1] = (this.sums[this.k] as number) + this.s
        this.k++
        this.inBlock = 0
        this.s = 0
      }
    }
  }
}

/** level-noise-floor.ts's roomToneRmsDbfs over the cleaned render: its pauses read one at a time. */
export function roomToneOfRender(file: RenderFile, pauses: readonly FrameSpan[]): number | null {
  return medianDbfs(
    pauses.flatMap((p) =>
      p.to > p.from
        ? roomToneMeanSquares(file.read(p.from, p.to), file.sampleRate, [{ from: 0, to: p.to - p.from }])
        : [],
    ),
  )
}

/** The fitted result's stretches outside speech, in its own frames: the head, the pauses as placed, the tail. */
function placedPauses(build: FitBuild, frames: number): FramePause[] {
  const first = build.placed[0]
  const last = build.placed[build.placed.length - 1]
  const inner = build.placed.slice(1).map((s, i) => {
    const prev = build.placed[i] as FitBuild['placed'][number]
    return { from: prev.at + (prev.to - prev.from), to: s.at }
  })
  const head = first && first.at > 0 ? [{ from: 0, to: first.at }] : []
  const tailFrom = last ? last.at + (last.to - last.from) : frames
  return [...head, ...inner, ...(tailFrom < frames ? [{ from: tailFrom, to: frames }] : [])]
}

/**
 * The render at `path` cleaned (breaths and clicks in the stretches outside the words), its repairs patches
 * over the file, and those stretches. The caller closes the file.
 */
export async function cleanRendered(
  path: string,
  build: FitBuild,
  roomToneDb: number,
  breaths: BreathChoice | undefined,
): Promise<{ file: RenderFile; clean: CleanFound; pauses: FramePause[] }> {
  const file = await RenderFile.open(path)
  try {
    const pauses = placedPauses(build, file.frames)
    return { file, clean: cleanRender(file, pauses, roomToneDb, breaths ?? 'lower'), pauses }
  } catch (err) {
    await file.close()
    throw err
  }
}
