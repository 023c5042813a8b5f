/**
 * The cutting rules, in one module: where a version may cut, how it crossfades, how a patch is levelled,
 * and when a patch's room tone is a finding. Every version operation (pickup, punch-and-roll, comp, cut
 * a false start) cuts through these functions.
 *
 * - A cut goes only in a pause, and the signal decides where the pause is: the recogniser's word times only
 *   say which sound is the word. A word's edges are where the sound touching the recogniser's edge (the
 *   signal standing above the recording's room tone) begins and ends: a decay or an early onset the
 *   recogniser missed is still speech, and room tone the recogniser gave to a word (its times often run
 *   a few hundred milliseconds into a pause) is pause. So any pause of 250 ms or more holds a cut.
 * - The crossfade (equal power: the two sides are uncorrelated room tone, 20 ms, shorter only where the
 *   pause is short, never under 5 ms) lies wholly in the pause, at least 30 ms from either word edge, and
 *   its centre is the quietest 20 ms window of what is allowed.
 * - Around a patch the take's pause lengths stay as they were and its pauses keep the take's room tone: a
 *   patch brings at most 50 ms of its own room tone on either side of its speech (the 30 ms a cut keeps
 *   from a word, and the crossfade).
 * - A patch is brought to the loudness of the sentence it replaces; a room tone louder than the take's by
 *   more than 3 dB (after that gain) is a finding when the patch has a pause of its own where it shows.
 */
import type { Envelope } from '../render/signal-envelope'
import { toDb, windowed } from '../render/signal-envelope'

export const CUT_RULES = {
  /** A cut and its crossfade stay at least this far from a word edge (s). */
  wordGapS: 0.03,
  /** The cut is at the centre of the quietest window of this length (s). */
  quietWindowS: 0.02,
  /** Crossfade lengths (s): the longest that fits, down to the shortest. */
  crossfadeMaxS: 0.02,
  crossfadeMinS: 0.005,
  /** A patch shows at most this much of its own room tone on either side of its speech (s). */
  patchRoomMaxS: 0.05,
  /** A millisecond whose 10 ms neighbourhood stands no more than this above the floor is quiet (dB). */
  quietAboveFloorDb: 10,
  /** How far beyond the recogniser's word edge (outward) sound touching it still counts as the word (s). */
  edgeSearchS: 0.25,
  /** A patch's loudness may differ from the sentence it replaces by at most this (LU). */
  levelToleranceLu: 1,
  /** A patch's room tone louder than the take's by more than this is a finding (dB). */
  noiseFloorToleranceDb: 3,
  /** A pause inside a patch this long shows its room tone (s). */
  innerPauseS: 0.15,
  /** A punch-and-roll pre-roll is at least this long (s). */
  prerollMinS: 2,
} as const

const quietCache = new WeakMap<Envelope, { floorDb: number; quiet: Uint8Array }>()

/** Per millisecond: 1 when its 10 ms neighbourhood is within quietAboveFloorDb of the floor. */
export function quietMask(env: Envelope, floorDb: number): Uint8Array {
  const hit = quietCache.get(env)
  if (hit && hit.floorDb === floorDb) return hit.quiet
  const w = windowed(env, 10)
  const limit = 10 ** ((floorDb + CUT_RULES.quietAboveFloorDb) / 10)
  const quiet = new Uint8Array(env.energy.length)
  for (let i = 0; i < quiet.length; i++) {
    const k = Math.min(w.length - 1, Math.max(0, i - 5))
    quiet[i] = w.length === 0 || (w[k] as number) <= limit ? 1 : 0
  }
  quietCache.set(env, { floorDb, quiet })
  return quiet
}

export interface SpeechEdges {
  /** The edges a cut keeps clear of: the sound's (the recogniser's only where it is inside sound). */
  startS: number
  endS: number
  /** Where the sound itself starts and ends (what a pause's length is measured from). */
  soundStartS: number
  soundEndS: number
  /** Whether the signal has any sound where the recogniser heard this word (else it is room tone). */
  heard: boolean
}

/**
 * A stretch of speech and its edges from the signal: where the sound (not quiet) that touches the
 * recogniser's start and end begins and ends, looked for up to edgeSearchS either side and never past
 * `minS` / `maxS`. A recogniser's edge in a quiet stretch moves to the sound next to it; one inside sound
 * moves out to where the sound ends. The edges a cut keeps clear of are the sound's: the recogniser's
 * edge lying in room tone beyond them is not speech.
 */
export function speechEdges(
  env: Envelope,
  floorDb: number,
  startS: number,
  endS: number,
  minS: number,
  maxS: number,
): SpeechEdges {
  const quiet = quietMask(env, floorDb)
  const reach = CUT_RULES.edgeSearchS * 1000
  const lo = Math.max(Math.ceil(minS * 1000), Math.round(startS * 1000) - reach, 0)
  const hi = Math.min(Math.floor(maxS * 1000), Math.round(endS * 1000) + reach, quiet.length)
  let a = Math.max(lo, Math.min(hi - 1, Math.round(startS * 1000)))
  // Through the room tone the recogniser gave the word, however long, up to its other edge.
  if (quiet[a] === 1) {
    const stop = Math.min(hi, Math.round(endS * 1000))
    while (a < stop && quiet[a] === 1) a++
  } else while (a - 1 >= lo && quiet[a - 1] === 0) a--
  let b = Math.max(lo + 1, Math.min(hi, Math.round(endS * 1000)))
  if (quiet[b - 1] === 1) {
    const stop = Math.max(lo, Math.round(startS * 1000))
    while (b > stop && quiet[b - 1] === 1) b--
  } else while (b < hi && quiet[b] === 0) b++
  const soundStartS = a / 1000
  const soundEndS = Math.max(soundStartS, b / 1000)
  let heard = false
  for (let i = a; i < b && !heard; i++) heard = quiet[i] === 0
  return { startS: soundStartS, endS: soundEndS, soundStartS, soundEndS, heard }
}

/** One side of a junction: its recording's envelope, the speech edge measured from, and the far end of the pause. */
export interface JunctionSide {
  env: Envelope
  /**
   * The sound's edge next to the junction (s): its onset after it ('before'), or its end before it
   * ('after'). Both sides cut at the same distance from theirs, so the pause keeps its length.
   */
  anchorS: number
  /** The edge the cut keeps wordGapS from (the recogniser's or the sound's, the wider); default anchorS. */
  guardS?: number
  /** The other end of the pause (s): the speech before it ('before') or after it ('after'), or the recording's edge. */
  limitS: number
  /** Whether limitS is a word edge (then the cut keeps wordGapS from it too) or the recording's start or end. */
  limitIsSpeech: boolean
  /** The most of this side's pause the junction may use (s); default: all of it. */
  maxOffsetS?: number
}

export interface Junction {
  /** How far from each anchor the cut is (s): both sides cut at the same distance from their speech. */
  offsetS: number
  aS: number
  bS: number
  crossfadeS: number
}

/** Why no junction fits, in figures, for the caller's sentence. */
export class NoPauseError extends Error {
  constructor(readonly roomS: number) {
    super(
      `a pause of ${Math.round(roomS * 1000)} ms is too short to cut in (a cut stays ${CUT_RULES.wordGapS * 1000} ms from every word)`,
    )
    this.name = 'NoPauseError'
  }
}

/**
 * Chooses where two recordings meet in a pause. 'before': the junction precedes both anchors (an onset),
 * at anchor − offset on each side; 'after': it follows them (a speech end), at anchor + offset. The offset
 * is the same on both sides, so the pause keeps the length it has on side `a` plus what `b` adds
 * (nothing, when both anchors are the same sentence's edges). Among the offsets that keep the crossfade in
 * both pauses, 30 ms from words and within each side's maxOffsetS, the one whose 20 ms windows are
 * quietest on both sides together wins; the crossfade is as long as fits, from 20 ms down to 5 ms.
 */
export function chooseJunction(a: JunctionSide, b: JunctionSide, direction: 'before' | 'after'): Junction {
  const sign = direction === 'before' ? -1 : 1
  const room = (s: JunctionSide) => Math.max(0, direction === 'before' ? s.anchorS - s.limitS : s.limitS - s.anchorS)
  /** How far past the anchor the guard lies, into the pause (the recogniser may hear a word longer than its sound). */
  const guardLead = (s: JunctionSide) => Math.max(0, sign * ((s.guardS ?? s.anchorS) - s.anchorS))
  const maxOffset = (s: JunctionSide, xf: number) =>
    Math.min(
      s.maxOffsetS === undefined ? Infinity : s.maxOffsetS + guardLead(s),
      room(s) - (s.limitIsSpeech ? CUT_RULES.wordGapS : 0) - xf / 2,
    )
  for (let xfMs = CUT_RULES.crossfadeMaxS * 1000; xfMs >= CUT_RULES.crossfadeMinS * 1000; xfMs -= 5) {
    const xf = xfMs / 1000
    const lo = Math.ceil((Math.max(guardLead(a), guardLead(b)) + CUT_RULES.wordGapS + xf / 2) * 1000)
    const hi = Math.floor(Math.min(maxOffset(a, xf), maxOffset(b, xf)) * 1000)
    if (hi < lo) continue
    let best = lo
    let bestScore = Infinity
    for (let d = lo; d <= hi; d++) {
      const score =
        windowEnergyAt(a.env, a.anchorS * 1000 + sign * d) + windowEnergyAt(b.env, b.anchorS * 1000 + sign * d)
      if (score < bestScore) {
        bestScore = score
        best = d
      }
    }
    const offsetS = best / 1000
    return { offsetS, aS: a.anchorS + sign * offsetS, bS: b.anchorS + sign * offsetS, crossfadeS: xf }
  }
  throw new NoPauseError(Math.min(room(a), room(b)))
}

/** Mean energy of the quietWindowS window centred at millisecond `centreMs`. */
function windowEnergyAt(env: Envelope, centreMs: number): number {
  const half = (CUT_RULES.quietWindowS * 1000) / 2
  const a = Math.max(0, Math.round(centreMs - half))
  const b = Math.min(env.energy.length, Math.round(centreMs + half))
  let s = 0
  for (let i = a; i < b; i++) s += env.energy[i] as number
  return b > a ? s / (b - a) : Infinity
}

/**
 * A cut point in one recording's pause [afterS, beforeS] between two words (punch-and-roll): the centre of
 * the quietest 20 ms window whose crossfade stays 30 ms from both words; the crossfade as long as fits.
 */
export function cutPointInPause(
  env: Envelope,
  afterS: number,
  beforeS: number,
  afterIsSpeech = true,
): { atS: number; crossfadeS: number } {
  const side = { env, anchorS: beforeS, limitS: afterS, limitIsSpeech: afterIsSpeech }
  const j = chooseJunction(side, side, 'before')
  return { atS: j.aS, crossfadeS: j.crossfadeS }
}

/** The gain (dB) that brings a patch of loudness `patchLufs` to `targetLufs`; 0 when either is unknown. */
export function levelMatchGainDb(targetLufs: number | null, patchLufs: number | null): number {
  if (targetLufs === null || patchLufs === null) return 0
  return Math.round((targetLufs - patchLufs) * 100) / 100
}

/** The level (dB) of a pause's room tone: the stretch without its outer 20 % (s). */
export function roomToneDb(env: Envelope, fromS: number, toS: number): number {
  const trim = (toS - fromS) * 0.2
  const a = Math.round((fromS + trim) * 1000)
  const b = Math.round((toS - trim) * 1000)
  let s = 0
  for (let i = Math.max(0, a); i < Math.min(env.energy.length, b); i++) s += env.energy[i] as number
  return b > a ? toDb(s / (b - a)) : -200
}

export interface NoiseFloorComparison {
  /** The patch's room tone after its gain, minus the take's (dB). */
  differenceDb: number
  /** True when the difference is over the tolerance and the patch has a pause of its own where it shows. */
  finding: boolean
}

/** Compares a patch's room tone (after its gain) with the take's. `innerPauseS`: the patch's longest pause inside its speech. */
export function compareNoiseFloors(
  takeFloorDb: number,
  patchFloorDb: number,
  gainDb: number,
  innerPauseS: number,
): NoiseFloorComparison {
  const differenceDb = Math.round((patchFloorDb + gainDb - takeFloorDb) * 10) / 10
  return {
    differenceDb,
    finding: differenceDb > CUT_RULES.noiseFloorToleranceDb && innerPauseS >= CUT_RULES.innerPauseS,
  }
}
