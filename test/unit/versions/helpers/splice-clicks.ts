/**
 * The click measure of a rendered version, as a held-out review measures it: around each splice, the
 * largest sample-to-sample step in the quiet parts of the result, against the take's own largest step in
 * its quiet parts. "Quiet" is the truth of each recording (where its voice alone is no louder than its
 * room tone: synth-reads.ts), carried into the result through the timeline: a sample of the result is
 * quiet when the recording (or, inside a crossfade, both recordings) it is made of is quiet there.
 */
import type { Timeline } from '../../../../main/versions/cuts/timeline'
import { sha256File } from '../../../../main/versions/store/recordings'
import type { SynthRead } from '../../../support/synth-reads'
import { cutSteps, samplesOf, type Side } from './spot'

export type Stretches = ReadonlyArray<readonly [number, number]>

const inside = (q: Stretches, s: number): boolean => q.some(([a, b]) => s >= a && s < b)

/** Largest step of channel 0 over consecutive frames in [a, b) that are both quiet. */
function quietStep(x: Side, a: number, b: number, quiet: (frame: number) => boolean): number {
  let m = 0
  const n = x.x.length / x.channels
  for (let i = Math.max(1, a); i < Math.min(n, b); i++) {
    if (!quiet(i) || !quiet(i - 1)) continue
    m = Math.max(m, Math.abs((x.x[i * x.channels] as number) - (x.x[(i - 1) * x.channels] as number)))
  }
  return m
}

/** A recording's own largest step in its quiet parts (the whole recording). */
export function ownQuietStep(side: Side, quiet: Stretches): number {
  return quietStep(side, 0, side.x.length / side.channels, (f) => inside(quiet, f / side.rate))
}

export interface SpliceStep {
  /** Where the splice is in the result (s). */
  atS: number
  /** The largest step in the quiet parts of the result within `aroundS` of it. */
  step: number
}

/** At every splice of `timeline`: the largest step in the result's quiet parts within `aroundS` (s) of it. */
export function spliceSteps(
  result: Side,
  timeline: Timeline,
  quietOf: ReadonlyMap<string, Stretches>,
  aroundS = 0.25,
): SpliceStep[] {
  const starts: number[] = []
  let t = 0
  for (const seg of timeline.segments) {
    starts.push(t)
    t += seg.toS - seg.fromS
  }
  /** Whether result time u is quiet in segment i (its source's truth at the matching time). */
  const quietIn = (i: number, u: number): boolean => {
    const seg = timeline.segments[i]
    if (!seg) return true
    const q = quietOf.get(seg.source)
    if (!q) throw new Error(`no quiet truth for ${seg.source.slice(0, 12)}`)
    return inside(q, seg.fromS + (u - (starts[i] as number)))
  }
  const quietAt = (frame: number): boolean => {
    const u = frame / result.rate
    let i = 0
    while (i + 1 < starts.length && (starts[i + 1] as number) <= u) i++
    if (!quietIn(i, u)) return false
    // Inside a crossfade both sides sound: the neighbour must be quiet too.
    const prevCut = starts[i] as number
    const nextCut = starts[i + 1]
    if (i > 0 && u - prevCut < (timeline.crossfadesS[i - 1] ?? 0) / 2 + 1 / result.rate && !quietIn(i - 1, u))
      return false
    if (
      nextCut !== undefined &&
      nextCut - u < (timeline.crossfadesS[i] ?? 0) / 2 + 1 / result.rate &&
      !quietIn(i + 1, u)
    )
      return false
    return true
  }
  return starts.slice(1).map((at) => ({
    atS: at,
    step: quietStep(result, Math.floor((at - aroundS) * result.rate), Math.ceil((at + aroundS) * result.rate), quietAt),
  }))
}

/** The click figures of a rendered version: the take's own quiet step, and the steps around its splices and across its crossfades. */
export interface Measured {
  own: number
  splices: SpliceStep[]
  cuts: Array<{ atS: number; result: number; own: number }>
}

/** The worst ratio of a version's steps to the take's own quiet step (around splices) or to its sides' (across crossfades). */
export function worstRatio(m: Measured): number {
  return Math.max(...m.splices.map((s) => s.step / m.own), ...m.cuts.map((c) => c.result / c.own))
}

/** The click figures of a rendered timeline (at `out`) whose recordings' truths are `reads` (by SHA-256); `take`: the take's. */
export async function measureClicks(
  out: string,
  timeline: Timeline,
  take: SynthRead,
  reads: SynthRead[],
): Promise<Measured> {
  const truth = new Map<string, Stretches>()
  const sides = new Map<string, Side>()
  for (const r of reads) {
    const hash = await sha256File(r.path)
    truth.set(hash, r.quiet)
    sides.set(hash, await samplesOf(r.path))
  }
  const result = await samplesOf(out)
  return {
    own: ownQuietStep(await samplesOf(take.path), take.quiet),
    splices: spliceSteps(result, timeline, truth),
    cuts: cutSteps(result, timeline, sides),
  }
}
