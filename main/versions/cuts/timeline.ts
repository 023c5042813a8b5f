/**
 * A version as the operations build it: segments of recordings played one after another (in seconds),
 * each joined to the next by a crossfade centred on the cut. toEditList turns it into the edit list the
 * renderer takes (shared/versions/edit-list.ts): each crossfade is split around its cut (the outgoing
 * piece runs on past it, the incoming one starts before it), so the result's length is the sum of the
 * segments and every sample of a segment outside its crossfades is its recording's own.
 */
import type { AudioFormat, EditList, EditPiece } from '../../../shared/versions/edit-list'

export interface TimelineSegment {
  /** SHA-256 of the recording. */
  source: string
  fromS: number
  toS: number
  gainDb: number
  /** 'base': the take being fixed; 'patch': a new reading (a pickup, a punch recording, another take). */
  role: 'base' | 'patch'
  /** The script sentence a patch reads (0-based); null for base audio. */
  sentence: number | null
  /** A patch's margins gated to digital silence (fixes/patch-gate.ts); absent: it plays from cut to cut. */
  gate?: SegmentGate
}

/**
 * Where a patch's own room tone is kept out (in its recording's time, s): it is silent up to `fadeS` before
 * `openS`, fades in to openS, and fades out from `closeS` to silence `fadeS` later; null: not gated on that side.
 */
export interface SegmentGate {
  openS: number | null
  closeS: number | null
  fadeS: number
}

export interface Timeline {
  segments: TimelineSegment[]
  /** Crossfade length at each cut: crossfadesS[i] joins segments i and i + 1. */
  crossfadesS: number[]
}

/** Segment boundaries in frames, merging neighbours that continue one another in the same recording. */
function framed(t: Timeline, rate: number): { segs: Array<TimelineSegment & { a: number; b: number }>; xf: number[] } {
  const segs: Array<TimelineSegment & { a: number; b: number }> = []
  const xf: number[] = []
  t.segments.forEach((s, i) => {
    const a = Math.round(s.fromS * rate)
    const b = Math.round(s.toS * rate)
    const prev = segs[segs.length - 1]
    if (prev && prev.source === s.source && prev.gainDb === s.gainDb && prev.b === a && !prev.gate && !s.gate) {
      prev.b = b
      prev.toS = s.toS
      return
    }
    if (prev) xf.push(Math.round((t.crossfadesS[i - 1] ?? 0) * rate))
    segs.push({ ...s, a, b })
  })
  return { segs, xf }
}

export function toEditList(t: Timeline, format: AudioFormat): EditList {
  const rate = format.sample_rate
  const { segs, xf } = framed(t, rate)
  const pieces: EditPiece[] = []
  let out = 0
  segs.forEach((s, i) => {
    const xIn = i > 0 ? (xf[i - 1] as number) : 0
    const xOut = i < segs.length - 1 ? (xf[i] as number) : 0
    const lead = Math.floor(xIn / 2)
    const tail = xOut - Math.floor(xOut / 2)
    const piece: EditPiece = {
      source: s.source,
      from: s.a - lead,
      to: s.b + tail,
      at: out - lead,
      gain_db: s.gainDb,
      fade_in: { frames: xIn, shape: 'equal_power' },
      fade_out: { frames: xOut, shape: 'equal_power' },
    }
    pieces.push(s.gate ? gated(piece, s.gate, rate) : piece)
    out += s.b - s.a
  })
  return { format, frames: out, pieces }
}

/**
 * A piece with its margins gated: it starts where the gate begins to open (after its crossfade in, which
 * then fades the other side out over silence) and ends where it has closed; linear fades (one signal's gain).
 */
function gated(p: EditPiece, gate: SegmentGate, rate: number): EditPiece {
  const fade = Math.max(1, Math.round(gate.fadeS * rate))
  const out = { ...p }
  if (gate.openS !== null) {
    const from = Math.min(Math.max(p.from + p.fade_in.frames, Math.round(gate.openS * rate) - fade), p.to - 2 * fade)
    out.at = p.at + (from - p.from)
    out.from = from
    out.fade_in = { frames: fade, shape: 'linear' }
  }
  if (gate.closeS !== null) {
    const to = Math.max(Math.min(p.to - p.fade_out.frames, Math.round(gate.closeS * rate) + fade), out.from + 2 * fade)
    out.to = to
    out.fade_out = { frames: fade, shape: 'linear' }
  }
  return out
}

/** The result's time of a point `s` seconds into segment `index`. */
export function resultTimeOf(t: Timeline, index: number, s: number): number {
  let out = 0
  for (let i = 0; i < index; i++)
    out += (t.segments[i] as TimelineSegment).toS - (t.segments[i] as TimelineSegment).fromS
  return out + (s - (t.segments[index] as TimelineSegment).fromS)
}
