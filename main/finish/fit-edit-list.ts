/**
 * A fit plan (fit-plan.ts) as a version: an edit list (shared/versions/edit-list.ts) of pieces of the one
 * source recording, rendered by the version renderer like every other version. Pure.
 *
 * - Speech is never cut: every cut lies in a pause, at least the cutting rules' word gap plus half a
 *   crossfade from the speech either side (main/versions/cuts/cut-rules.ts), where the 20 ms windows are
 *   quietest. Every join is an equal-power crossfade (20 ms) over room tone.
 * - A pause is shortened (or lengthened by less than fillMinS) with two cuts in it, a + b = its new length
 *   (a kept after the speech before, b before the speech after); it is lengthened by more with one cut at
 *   its quietest point and the take's own room tone put in there (room-tone-fill.ts).
 * - The head and tail are trimmed from the outside (the file starts or ends in room tone, as a recording
 *   does); lengthened like a pause, the added room tone at the outer end.
 * - A take whose pauses are silence (gated) keeps it: its "room tone" is silence, so a lengthened pause is
 *   too. Or, as the talent chooses, a bed of another take's room tone goes under the whole result
 *   (roomToneBed, issue 42 point 3).
 * Lengths are in frames; the tail takes the rounding, so the result is exactly `targetFrames` long.
 */
import type { AudioFormat, EditList, EditPiece } from '../../shared/versions/edit-list'
import { CUT_RULES, windowed, type Envelope } from '../versions/index'
import type { Span, TakeLayout } from './analyse-pauses'
import type { InnerPauseKind } from './fit-plan'
import { roomToneFill, seedOf, usableStretches } from './room-tone-fill'

export const JOIN_RULES = {
  /** A pause lengthened by less than this repeats a little of its own room tone instead (s). */
  fillMinS: 0.06,
} as const

export interface FitEdit {
  kind: 'head' | 'tail' | 'pause'
  /** Where the stretch starts in the result (s). */
  at_s: number
  /** Its length before and after (s). */
  from_s: number
  to_s: number
  /** A pause's kind: between sentences (sentence, paragraph) or inside one (comma). */
  pause?: InnerPauseKind
}

export interface FitLengths {
  headS: number
  tailS: number
  pausesS: readonly number[]
}

export interface FitBuild {
  list: EditList
  edits: FitEdit[]
  /** Each speech span of the source and the frame of the result it is placed at. */
  placed: Array<Span & { at: number }>
}

export class FitBuildError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'FitBuildError'
  }
}

/** The crossfade of every join, in frames (even, so its centre is a whole frame). */
export function crossfadeFrames(sampleRate: number): number {
  return 2 * Math.round((CUT_RULES.crossfadeMaxS * sampleRate) / 2)
}

/** What the builder keeps clear of speech for one cut: the word gap and half a crossfade (frames). */
export function cutGuardFrames(sampleRate: number): number {
  return Math.ceil(CUT_RULES.wordGapS * sampleRate) + crossfadeFrames(sampleRate) / 2
}

/** The shortest room-tone piece a fill is made of (frames). */
export function fillMinFrames(sampleRate: number): number {
  return Math.round(JOIN_RULES.fillMinS * sampleRate)
}

/** Whether the layout has room tone to lengthen pauses with. */
export function canFill(layout: TakeLayout): boolean {
  return (
    usableStretches(layout.roomTone, crossfadeFrames(layout.sampleRate), fillMinFrames(layout.sampleRate)).length > 0
  )
}

/** Builds the edit list of a plan over the layout of source `source`. */
export function fitEditList(
  layout: TakeLayout,
  env: Envelope,
  lengths: FitLengths,
  source: string,
  format: AudioFormat,
  targetFrames: number,
): FitBuild {
  const rate = layout.sampleRate
  const { speech, pauses } = layout
  if (speech.length === 0) throw new FitBuildError('The take has no speech to fit.')
  if (lengths.pausesS.length !== pauses.length) throw new FitBuildError('The plan does not match the take’s pauses.')
  const xf = crossfadeFrames(rate)
  const g = cutGuardFrames(rate)
  const minFill = fillMinFrames(rate)
  const stretches = usableStretches(layout.roomTone, xf, minFill)
  const win = windowed(env, Math.round(CUT_RULES.quietWindowS * 1000))
  /** Mean energy of the 20 ms window centred at frame f (lower is quieter). */
  const energyAt = (f: number) => win[Math.min(win.length - 1, Math.max(0, Math.round(f / env.blockFrames) - 10))] ?? 0
  /** The quietest frame in [lo, hi] on a millisecond grid (plus `also` for a second cut moving with it). */
  const quietest = (lo: number, hi: number, also: (f: number) => number | null = () => null): number => {
    if (hi < lo) throw new FitBuildError('A pause is too short to cut in.')
    const step = env.blockFrames
    let best = lo
    let bestScore = Infinity
    for (let f = lo; f <= hi; f += step) {
      const other = also(f)
      const score = energyAt(f) + (other === null ? 0 : energyAt(other))
      if (score < bestScore) {
        bestScore = score
        best = f
      }
    }
    return best
  }
  const fill = (frames: number, key: string): Span[] =>
    roomToneFill(stretches, frames, rate, minFill, xf, seedOf(`${source}:${key}`))

  const segs: Span[] = []
  const edits: FitEdit[] = []
  const placed: FitBuild['placed'] = []
  let pos = 0
  const push = (s: Span) => {
    segs.push(s)
    pos += s.to - s.from
  }
  const round = (s: number) => Math.round(s * rate)
  const pauseFrames = lengths.pausesS.map(round)
  const headFrames = round(lengths.headS)
  const speechFrames = speech.reduce((a, s) => a + s.to - s.from, 0)
  const tailFrames = targetFrames - speechFrames - headFrames - pauseFrames.reduce((a, b) => a + b, 0)
  if (headFrames < 0 || tailFrames < 0) throw new FitBuildError('The plan leaves no room for the head or tail.')
  const note = (kind: FitEdit['kind'], at: number, from: number, to: number, pause?: InnerPauseKind) => {
    if (from !== to)
      edits.push({ kind, at_s: at / rate, from_s: from / rate, to_s: to / rate, ...(pause ? { pause } : {}) })
  }

  // Head.
  const s0 = (speech[0] as Span).from
  let start: number
  if (headFrames <= s0) start = s0 - headFrames
  else {
    const lo = Math.max(xf / 2, s0 - headFrames + minFill)
    const c = lo <= s0 - g ? quietest(lo, s0 - g) : Math.max(xf / 2, s0 - g)
    for (const p of fill(headFrames - (s0 - c), 'head')) push(p)
    start = c
  }
  note('head', 0, s0, headFrames)

  for (let i = 0; i < speech.length; i++) {
    const sp = speech[i] as Span
    placed.push({ ...sp, at: pos + (sp.from - start) })
    if (i === speech.length - 1) break
    const e = sp.to
    const s = (speech[i + 1] as Span).from
    const L = s - e
    const Lp = pauseFrames[i] as number
    const at = pos + (e - start)
    note('pause', at, L, Lp, pauses[i]?.kind)
    if (Lp === L) continue
    if (Lp < L || Lp - L < minFill) {
      // Two cuts: a after the speech before, Lp - a before the speech after.
      const lo = Math.max(g, Lp - L + g)
      const hi = Math.min(Lp - g, L - g)
      const a = quietest(e + lo, e + hi, (c1) => s - (Lp - (c1 - e))) - e
      push({ from: start, to: e + a })
      start = s - (Lp - a)
    } else {
      const c = quietest(e + g, s - g)
      push({ from: start, to: c })
      for (const p of fill(Lp - L, `pause-${i}`)) push(p)
      start = c
    }
  }

  // Tail.
  const e = (speech[speech.length - 1] as Span).to
  const T = layout.frames - e
  note('tail', pos + (e - start), T, tailFrames)
  if (tailFrames <= T) push({ from: start, to: e + tailFrames })
  else {
    const hi = Math.min(layout.frames - xf / 2, e + tailFrames - minFill)
    // A take that ends in its last word (the recording stopped early) joins the room tone over the last
    // half crossfade: the word the recording already cut off fades out there instead of stopping dead.
    const c = e + g <= hi ? quietest(e + g, hi) : Math.min(layout.frames - xf / 2, e + g)
    push({ from: start, to: c })
    for (const p of fill(tailFrames - (c - e), 'tail')) push(p)
  }
  return { list: { format, frames: pos, pieces: piecesOf(merged(segs), source, xf) }, edits, placed }
}

/** Neighbouring segments that continue each other are one. */
function merged(segs: readonly Span[]): Span[] {
  const out: Span[] = []
  for (const s of segs) {
    if (s.to <= s.from) continue
    const last = out[out.length - 1]
    if (last && last.to === s.from) last.to = s.to
    else out.push({ ...s })
  }
  return out
}

/** Segments (centre to centre of their joins) as pieces widened by half a crossfade at each join. */
function piecesOf(segs: readonly Span[], source: string, xf: number): EditPiece[] {
  const half = xf / 2
  let pos = 0
  return segs.map((s, k) => {
    const before = k > 0 ? half : 0
    const after = k < segs.length - 1 ? half : 0
    const piece: EditPiece = {
      source,
      from: s.from - before,
      to: s.to + after,
      at: pos - before,
      gain_db: 0,
      fade_in: { frames: before ? xf : 0, shape: 'equal_power' },
      fade_out: { frames: after ? xf : 0, shape: 'equal_power' },
    }
    pos += s.to - s.from
    return piece
  })
}

/**
 * A bed of room tone `frames` long from `stretches` of recording `source` (its room tone, already in the
 * take's format), to lay under a take whose pauses are silence: pieces of several stretches joined by
 * equal-power crossfades (room-tone-fill.ts), at its own level. Throws when it has no room tone to give.
 */
export function roomToneBed(stretches: readonly Span[], frames: number, rate: number, source: string): EditPiece[] {
  const xf = crossfadeFrames(rate)
  const usable = usableStretches(stretches, xf, fillMinFrames(rate))
  if (usable.length === 0) throw new FitBuildError('That take has no room tone of its own to fill the pauses with.')
  return piecesOf(roomToneFill(usable, frames, rate, fillMinFrames(rate), xf, seedOf(`${source}:bed`)), source, xf)
}
