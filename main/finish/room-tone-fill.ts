/**
 * Added pause time made of the take's own room tone: pieces of several different stretches of its pauses,
 * at offsets drawn from a seeded generator (so the same take and pause give the same fill every time),
 * each 0.25–0.7 s, the same stretch never twice in a row when there is another, joined by equal-power
 * crossfades (the sides are uncorrelated noise). Not digital silence, and no short loop one can hear. Pure.
 *
 * Lengths are counted centre to centre of the crossfades: a piece [from, to) is played widened by half a
 * crossfade on each joined side, so the stretches it is taken from are narrowed by that much first.
 */
import type { Span } from './analyse-pauses'
import { seededRandom } from '../../shared/seeded-random'

export const FILL_RULES = {
  pieceMinS: 0.25,
  pieceMaxS: 0.7,
} as const

/** A 32-bit seed from text (FNV-1a): the source's hash and the pause's place. */
export function seedOf(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193)
  return h >>> 0
}

/** The stretches a fill may use, narrowed by half a crossfade each side, long enough for the shortest piece. */
export function usableStretches(stretches: readonly Span[], crossfadeFrames: number, minPieceFrames: number): Span[] {
  const half = Math.ceil(crossfadeFrames / 2)
  return stretches.map((s) => ({ from: s.from + half, to: s.to - half })).filter((s) => s.to - s.from >= minPieceFrames)
}

/**
 * Pieces of room tone adding up to `frames` (centre to centre), from `stretches` (already narrowed:
 * usableStretches). A piece is at least `minPieceFrames` long where the stretches allow, and never shorter
 * than `floorFrames` (a crossfade: its fades must fit) unless the whole fill is. Empty when `frames` is 0;
 * throws when there is no stretch to take from.
 */
export function roomToneFill(
  stretches: readonly Span[],
  frames: number,
  sampleRate: number,
  minPieceFrames: number,
  floorFrames: number,
  seed: number,
): Span[] {
  if (frames <= 0) return []
  if (stretches.length === 0) throw new Error('The take has no room tone of its own to lengthen a pause with.')
  const random = seededRandom(seed)
  const lo = Math.round(FILL_RULES.pieceMinS * sampleRate)
  const hi = Math.round(FILL_RULES.pieceMaxS * sampleRate)
  const out: Span[] = []
  let left = frames
  let previous = -1
  while (left > 0) {
    let pick = Math.floor(random() * stretches.length)
    if (stretches.length > 1 && pick === previous)
      pick = (pick + 1 + Math.floor(random() * (stretches.length - 1))) % stretches.length
    previous = pick
    const s = stretches[pick] as Span
    const room = s.to - s.from
    let length = Math.min(room, lo + Math.floor(random() * (hi - lo + 1)))
    // What is left after this piece must be a piece of its own (minPieceFrames) or nothing.
    if (left - length < minPieceFrames)
      length = left <= room ? left : Math.max(floorFrames, Math.min(room, left - minPieceFrames))
    const offset = s.from + Math.floor(random() * (room - length + 1))
    out.push({ from: offset, to: offset + length })
    left -= length
  }
  return out
}
