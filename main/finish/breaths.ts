/**
 * Breaths outside the words of a take (pauses, head, tail): found, and how much to lower each. Pure.
 *
 * A breath is 120–700 ms of noise: above the room tone (BREATH_ABOVE_ROOM_DB) and up to BREATH_UNDER_VOICE_DB
 * under the take's loud speech (close-miked breaths come within 14 dB of it), not voiced in any window of a
 * dense scan (no pitch: a word's vowel or voiced consonant has one), a zero-crossing rate above a vowel's,
 * less of its energy above 4 kHz than a sibilant has, rising and falling (breath-features.ts). Only the
 * stretches given are searched, WORD_GUARD_MS clear of a word, and a sound that runs on into a word (an s,
 * f, h, sh or p onset) is the word's: speech is never touched.
 *
 * How a breath is treated is the talent's choice (BreathChoice): lowered (by default 15 dB, never below
 * the room tone, since a pause keeps its room tone), kept, or cut to room tone (left to the room-tone fill
 * of the finishing chain). The lowering is a gain the finishing edit list can carry as a piece gain;
 * lowerBreaths applies it directly, with short ramps, for a render without one.
 */
import { blockLevelsDb, highBandShare, risesAndFalls, voicedWindows, zeroCrossingRate } from './breath-features'
import type { FrameSpan } from './clicks'

export type { FrameSpan } from './clicks'

export interface Breath extends FrameSpan {
  /** RMS of the breath, dBFS. */
  levelDb: number
}

export type BreathChoice = 'lower' | 'keep' | 'cut'

export const BREATH_MIN_MS = 120
export const BREATH_MAX_MS = 700
export const BREATH_ABOVE_ROOM_DB = 8
/** A breath reaches out, from where it passes BREATH_ABOVE_ROOM_DB, as far as it stays this far over the room tone. */
export const BREATH_EDGE_DB = 3
export const BREATH_UNDER_VOICE_DB = 10
/** A breath's loudest 10 ms stands this far over its first and last 20 ms: it rises and falls. */
export const BREATH_RISE_DB = 4
/** A breath keeps this clear of a word's edge (ms): a breath that runs into a word is its onset, left alone. */
export const WORD_GUARD_MS = 20
/** A stretch cut short by the file's edge (the fit's head or tail) is a breath from this long (ms). */
export const EDGE_BREATH_MIN_MS = 60
/** A breath's zero-crossing rate is at least this (per second): a voice's vowels and a hum cross less. */
export const BREATH_MIN_ZCR = 700
/** A breath has at most this share of its energy above a sibilant's corner; an s or sh has more. */
export const BREATH_MAX_HIGH_SHARE = 0.5
export const DEFAULT_BREATH_LOWER_DB = -15
export const BREATH_RAMP_MS = 10
export const LEVEL_BLOCK_MS = 10
/** Blocks under the threshold that a breath may span (its own flutter), in blocks. */
const GAP_BLOCKS = 2

/** The voice's loud level: the 95th percentile of the take's 10 ms block levels outside the pauses (or of all). */
function voiceLevelDb(mono: Float32Array, block: number, pauses: readonly FrameSpan[]): number {
  return voiceLevelOf(blockLevelsDb(mono, 0, mono.length, block), block, pauses)
}

/** voiceLevelDb from the take's 10 ms block levels (blockLevelsDb from 0, or measured a block at a time). */
export function voiceLevelOf(levels: Float64Array, block: number, pauses: readonly FrameSpan[]): number {
  // Which blocks lie inside a pause, by one sweep over the pauses in order.
  const inPause = new Uint8Array(levels.length)
  for (const p of pauses) {
    for (let b = Math.max(0, Math.ceil(p.from / block)); (b + 1) * block <= p.to && b < levels.length; b++)
      inPause[b] = 1
  }
  const outside = levels.filter((_, b) => inPause[b] === 0)
  const pool = (outside.length >= 10 ? outside : levels.slice()).sort()
  return pool[Math.floor(pool.length * 0.95)] ?? Number.NEGATIVE_INFINITY
}

/**
 * blockLevelsDb of the take's mono mix from frame 0 (`frames` long) into `levels`, given a block of frames at
 * a time (each block's channels): the same sums in the same order, so the same levels.
 */
export function eachLevelBlock(block: number, frames: number, levels: Float64Array): (y: Float32Array[]) => void {
  let b = 0
  let inBlock = 0
  let s = 0
  let seen = 0
  return (y) => {
    const mono = mixDown(y)
    for (let i = 0; i < mono.length; i++) {
      s += (mono[i] as number) ** 2
      seen++
      if (++inBlock === block || seen === frames) {
        levels[b++] = s > 0 ? 10 * Math.log10(s / inBlock) : Number.NEGATIVE_INFINITY
        inBlock = 0
        s = 0
      }
    }
  }
}

/** The frames of a breath's level block (LEVEL_BLOCK_MS). */
export const levelBlockOf = (sampleRate: number): number => Math.round((LEVEL_BLOCK_MS / 1000) * sampleRate)

export function mixDown(ch: readonly Float32Array[]): Float32Array {
  const first = ch[0] as Float32Array
  if (ch.length === 1) return first
  const mono = new Float32Array(first.length)
  for (const x of ch) for (let i = 0; i < x.length; i++) mono[i] = (mono[i] as number) + (x[i] as number) / ch.length
  return mono
}

/**
 * Whether mono[from, to) sounds like a breath rather than any part of a word: noise (a zero-crossing rate
 * above a vowel's), not a sibilant (at most BREATH_MAX_HIGH_SHARE of its energy above 4 kHz), no pitch in
 * any window of a dense scan (a word's vowel or voiced consonant has one), rising and falling (a side cut
 * by the file's edge is not asked). Pure.
 */
export function soundsLikeBreath(
  mono: Float32Array,
  from: number,
  to: number,
  sampleRate: number,
  open: { start?: boolean; end?: boolean } = {},
): boolean {
  if (zeroCrossingRate(mono, from, to, sampleRate) < BREATH_MIN_ZCR) return false
  if (highBandShare(mono, from, to, sampleRate) > BREATH_MAX_HIGH_SHARE) return false
  if (!risesAndFalls(mono, from, to, sampleRate, BREATH_RISE_DB, open)) return false
  return voicedWindows(mono, from, to, sampleRate) === 0
}

function rmsDb(x: Float32Array, from: number, to: number): number {
  let s = 0
  for (let i = from; i < to; i++) s += (x[i] as number) ** 2
  return 10 * Math.log10(s / Math.max(1, to - from) || 1e-30)
}

/**
 * Breaths inside the given stretches outside the words (frames: the pauses, the head and the tail), against
 * the take's room tone (RMS, dBFS). A stretch's edge is a word's unless it is the file's (0 or its end): a
 * breath keeps WORD_GUARD_MS from a word, and one whose sound runs on into the word is left to it.
 */
export function findBreaths(
  ch: Float32Array[],
  sampleRate: number,
  pauses: FrameSpan[],
  roomToneDb: number,
  voiceLevel?: number,
): Breath[] {
  if (ch.length === 0) return []
  const mono = mixDown(ch)
  const block = levelBlockOf(sampleRate)
  // `voiceLevel`: the whole take's (voiceLevelOf), where `ch` is a stretch of it (the stretches outside the
  // words read on their own, clean-stream.ts).
  const voiceDb = voiceLevel ?? voiceLevelDb(mono, block, pauses)
  const threshold = roomToneDb + BREATH_ABOVE_ROOM_DB
  const longest = (BREATH_MAX_MS / LEVEL_BLOCK_MS) | 0
  const guard = Math.round((WORD_GUARD_MS / 1000) * sampleRate)
  const breaths: Breath[] = []
  for (const pause of pauses) {
    const fileStart = pause.from <= 0
    const fileEnd = pause.to >= mono.length
    const from = Math.max(0, pause.from + (fileStart ? 0 : guard))
    const to = Math.min(mono.length, pause.to - (fileEnd ? 0 : guard))
    if (to - from < block) continue
    const levels = blockLevelsDb(mono, from, to, block)
    let start = -1
    let lastLoud = -1
    const judge = (): void => {
      if (start < 0) return
      // The breath's own fade in and out, down to BREATH_EDGE_DB over the room tone, belongs to it.
      let first = start
      let last = lastLoud
      while (first > 0 && (levels[first - 1] as number) >= roomToneDb + BREATH_EDGE_DB) first--
      while (last + 1 < levels.length && (levels[last + 1] as number) >= roomToneDb + BREATH_EDGE_DB) last++
      // Sound that reaches the guard before a word runs on into it: the word's onset or release.
      const open = { start: first === 0 && fileStart, end: last === levels.length - 1 && fileEnd }
      if ((first === 0 && !fileStart) || (last === levels.length - 1 && !fileEnd)) return
      const blocks = last - first + 1
      const shortest = Math.round((open.start || open.end ? EDGE_BREATH_MIN_MS : BREATH_MIN_MS) / LEVEL_BLOCK_MS)
      if (blocks < shortest || blocks > longest) return
      const a = from + first * block
      const b = Math.min(to, from + (last + 1) * block)
      const levelDb = rmsDb(mono, a, b)
      if (levelDb > voiceDb - BREATH_UNDER_VOICE_DB) return
      if (!soundsLikeBreath(mono, a, b, sampleRate, open)) return
      breaths.push({ from: a, to: b, levelDb })
    }
    for (let i = 0; i < levels.length; i++) {
      if ((levels[i] as number) < threshold) {
        if (start >= 0 && i - lastLoud > GAP_BLOCKS) {
          judge()
          start = -1
        }
        continue
      }
      if (start < 0) start = i
      lastLoud = i
    }
    if (start >= 0) judge()
  }
  return breaths
}

/**
 * The gain for one breath under the talent's choice: 0 dB to keep it, 'room_tone' to cut it to room
 * tone, else DEFAULT_BREATH_LOWER_DB, but never so low that the breath ends under the room tone.
 */
export function breathGainDb(choice: BreathChoice, breath: Breath, roomToneDb: number): number | 'room_tone' {
  if (choice === 'keep') return 0
  if (choice === 'cut') return 'room_tone'
  return Math.min(0, Math.max(DEFAULT_BREATH_LOWER_DB, roomToneDb - breath.levelDb))
}

/**
 * The take with each region's gain applied (new arrays, or `ch` itself with `inPlace`: a long take is not
 * copied once more where the caller's arrays are its own): gainDb inside [from, to), reached by linear ramps
 * of BREATH_RAMP_MS just outside it. For a render that cannot carry piece gains.
 */
export function lowerBreaths(
  ch: Float32Array[],
  sampleRate: number,
  regions: GainRegion[],
  inPlace = false,
): Float32Array[] {
  const out = inPlace ? ch : ch.map((x) => x.slice())
  const total = out[0]?.length ?? 0
  const ramp = breathRampOf(sampleRate)
  for (const r of regions) {
    const g = 10 ** (r.gainDb / 20)
    const [a, b] = rampedSpan(r, ramp, total)
    for (let i = a; i < b; i++) {
      const gain = breathGain(i, r, g, ramp)
      for (const y of out) y[i] = (y[i] as number) * gain
    }
  }
  return out
}

export type GainRegion = FrameSpan & { gainDb: number }

export const breathRampOf = (sampleRate: number): number =>
  Math.max(1, Math.round((BREATH_RAMP_MS / 1000) * sampleRate))

/** The frames a lowered region changes: the region and its ramps, within the take's `total` frames. */
export const rampedSpan = (r: FrameSpan, ramp: number, total: number): [number, number] => [
  Math.max(0, r.from - ramp),
  Math.min(total, r.to + ramp),
]

/** The gain at frame `i` for region `r` lowered by `g` (linear), reached by linear ramps of `ramp` frames. */
export function breathGain(i: number, r: FrameSpan, g: number, ramp: number): number {
  const k = i < r.from ? 1 - (r.from - i) / ramp : i >= r.to ? 1 - (i - r.to + 1) / ramp : 1
  return 1 + (g - 1) * k
}
