/**
 * The clean step's repairs kept as patches over the rendered take instead of a changed copy of it (issue 42,
 * point 8): a click's repair (the samples that replace a few ms), a breath lowered (a gain with its ramps: no
 * samples), a breath cut to room tone (a crossfade to another stretch of the take: no samples either). The
 * level step and the writer read the take a block at a time with the patches laid over each block, in the
 * order they were made, by the very arithmetic the whole-array steps use (breaths.ts's breathGain,
 * breath-cut.ts's crossfadeInto), so every sample is what the whole-array clean step gives, to the bit.
 * What is held: a click's few samples, and a few numbers a breath.
 */
import { breathGain, type GainRegion } from './breaths'
import { crossfadeInto, type RoomToneCut } from './breath-cut'

export type PatchOp =
  /** These samples (one array a channel) in place of frames [from, from + length). */
  | { kind: 'replace'; from: number; to: number; samples: Float32Array[] }
  /** A breath lowered: [from, to) is the region with its ramps, clipped to the take. */
  | { kind: 'gain'; from: number; to: number; region: GainRegion; gain: number; ramp: number }
  /** A breath cut to room tone: [from, to) crossfaded to the take's own frames from `cut.donor` on. */
  | { kind: 'cut'; from: number; to: number; cut: RoomToneCut }

/** Reads the take's own frames [from, to) (no patch over them). */
export type RawRead = (from: number, to: number) => Float32Array[]

export class TakePatches {
  readonly ops: PatchOp[] = []
  private byFrom: number[] | null = null
  private longest = 0

  add(op: PatchOp): void {
    if (op.to <= op.from) return
    this.ops.push(op)
    this.longest = Math.max(this.longest, op.to - op.from)
    this.byFrom = null
  }

  /** Samples held by the patches (a click's repair and its undo). */
  get heldFrames(): number {
    return this.ops.reduce((n, op) => n + (op.kind === 'replace' ? op.to - op.from : 0), 0)
  }

  /** The indices of the ops touching [from, to), in the order they were made. */
  private touching(from: number, to: number, before = this.ops.length): number[] {
    if (!this.byFrom) {
      this.byFrom = this.ops
        .map((_, i) => i)
        .sort((a, b) => (this.ops[a] as PatchOp).from - (this.ops[b] as PatchOp).from)
    }
    const order = this.byFrom
    // The first op that may reach `from`: none starts more than `longest` before it.
    let lo = 0
    let hi = order.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if ((this.ops[order[mid] as number] as PatchOp).from < from - this.longest) lo = mid + 1
      else hi = mid
    }
    const out: number[] = []
    for (let k = lo; k < order.length; k++) {
      const i = order[k] as number
      const op = this.ops[i] as PatchOp
      if (op.from >= to) break
      if (op.to > from && i < before) out.push(i)
    }
    return out.sort((a, b) => a - b)
  }

  /**
   * Lays the patches made before op `before` (all by default) over `y`, the take's frames [at, at + n) as
   * read, in place. `raw` reads the take where a cut takes its room tone from.
   */
  overlay(y: Float32Array[], at: number, raw: RawRead, before = this.ops.length): void {
    const n = y[0]?.length ?? 0
    if (n === 0 || this.ops.length === 0) return
    for (const i of this.touching(at, at + n, before)) {
      const op = this.ops[i] as PatchOp
      const a = Math.max(op.from, at)
      const b = Math.min(op.to, at + n)
      if (op.kind === 'replace') {
        y.forEach((x, c) => x.set((op.samples[c] as Float32Array).subarray(a - op.from, b - op.from), a - at))
      } else if (op.kind === 'gain') {
        for (let f = a; f < b; f++) {
          const g = breathGain(f, op.region, op.gain, op.ramp)
          for (const x of y) x[f - at] = (x[f - at] as number) * g
        }
      } else {
        // The room tone as it stood when the cut was made: the take with the patches made before it.
        const d = op.cut.donor + (a - op.cut.from)
        const src = raw(d, d + (b - a))
        this.overlay(src, d, raw, i)
        y.forEach((x, c) => crossfadeInto(x, at, src[c] as Float32Array, a, a, b, op.cut))
      }
    }
  }
}
