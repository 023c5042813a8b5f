/**
 * What finishing needs to know of a take, from its signal: where its speech is (voice activity against
 * the take's own room tone: the version engine's envelope and quiet mask, main/versions/render/signal-envelope.ts
 * and cut-rules.ts), its pauses in order (head, the pauses between speech, tail), each one's kind, and the
 * stretches of pure room tone that added pause time is taken from.
 *
 * - Speech: runs of sound (10 ms neighbourhoods more than 10 dB above the floor) joined across quiet
 *   shorter than minPauseS (a stop consonant, a word gap), less any run that never comes within
 *   breathBelowSpeechDb of the speech's level (a breath, a lip noise: it stays part of its pause, where the
 *   breath and click steps find it).
 * - Kinds without a script: a pause ends a sentence or sits inside one (a comma) by its length relative
 *   to the take's own pauses: the two groups are split where the log lengths split best (Otsu), when the
 *   groups differ by at least splitRatio; else all are sentence pauses. Sentence pauses split again the
 *   same way into sentence and paragraph pauses. With a script the read-back's sentences say it
 *   (script-pauses.ts).
 *   A run that a breath's signal shows (breathRunsMs: found by finish-analysis.ts from the samples, no pitch,
 *   rising and falling, apart from the words) is no speech either, however loud: close-miked breaths reach
 *   within 14 dB of the voice. Nor is a run as short as an impulse standing apart (a mouth click beside a word).
 * - Against the voice as well as the floor: a gated or denoised take's floor is digital silence (or −97 dBFS),
 *   and every sound of its pauses would be speech; the floor used is never more than voiceRangeDb under the
 *   voice's loud level (the 95th percentile of its 10 ms windows).
 * - Room tone: the quiet runs of the pauses, guardS clear of any sound, of at least roomMinS.
 */
import { quietMask, windowed, type Envelope } from '../versions/index'
import type { InnerPauseKind } from './fit-plan'

export const PAUSE_RULES = {
  /** Quiet at least this long between sounds is a pause (s); shorter is inside a word or between words. */
  minPauseS: 0.15,
  /** A run of sound whose loudest 10 ms stays this far below the speech's level is no speech (dB). */
  breathBelowSpeechDb: 24,
  /** Groups of pause lengths are told apart when their typical lengths differ by this factor at least. */
  splitRatio: 1.6,
  /** A room-tone stretch keeps this clear of any sound (s), and is at least this long (s). */
  guardS: 0.03,
  roomMinS: 0.1,
  /** The floor used is at most this far under the voice's loud level (dB): quiet is then 50 dB under the voice. */
  voiceRangeDb: 60,
  /** A breath's run: this long (s) at least and at most (its fades under the quiet mask are not counted). */
  breathRunMinS: 0.08,
  breathRunMaxS: 0.7,
  /** A breath's run stands apart from the runs beside it by this much quiet (s) at least: it is not a word's onset. */
  breathApartS: 0.03,
  /** A breath's loudest 10 ms is this far under the speech's level at least (dB). */
  breathUnderSpeechDb: 8,
  /**
   * A run of sound this short (s: an 8 ms click lights 10 ms windows for 18 ms), clickApartS clear of the runs
   * beside it, is an impulse (a mouth click), not speech: it stays in its pause for the click step.
   */
  clickRunMaxS: 0.018,
  clickApartS: 0.01,
} as const

export interface Span {
  /** Frames, end exclusive. */
  from: number
  to: number
}

export interface InnerPause extends Span {
  kind: InnerPauseKind
}

export interface TakeLayout {
  sampleRate: number
  frames: number
  /** Speech spans in order; between two neighbours lies exactly one pause. */
  speech: Span[]
  /** The pauses between speech spans (speech.length − 1 of them), in order. */
  pauses: InnerPause[]
  /** Stretches of room tone only (in pauses, head and tail). */
  roomTone: Span[]
  /** The level of the room tone (dB, high-passed mean square), for the breath step. */
  roomToneDb: number
}

/** Runs of 1s in a mask, as [from, to) indices. */
function runs(mask: Uint8Array, value: number): Array<[number, number]> {
  const out: Array<[number, number]> = []
  for (let i = 0; i < mask.length;) {
    if (mask[i] !== value) {
      i++
      continue
    }
    let j = i
    while (j < mask.length && mask[j] === value) j++
    out.push([i, j])
    i = j
  }
  return out
}

const dbOf = (e: number): number => (e > 0 ? 10 * Math.log10(e) : -200)

/** The floor (dB) pauses are judged against: the take's own, but never more than voiceRangeDb under its voice. */
export function floorAgainstVoice(env: Envelope, floorDb: number): number {
  const w = windowed(env, 10)
  if (w.length === 0) return floorDb
  const step = Math.max(1, Math.floor(w.length / 20000))
  const picked: number[] = []
  for (let i = 0; i < w.length; i += step) picked.push(w[i] as number)
  picked.sort((x, y) => x - y)
  return Math.max(floorDb, dbOf(picked[Math.floor(picked.length * 0.95)] as number) - PAUSE_RULES.voiceRangeDb)
}

/** The runs of sound (ms) and the speech's level: the 90th percentile of the sounding milliseconds. */
function soundOf(env: Envelope, floorDb: number): { sound: Array<[number, number]>; speechDb: number } {
  const sound = runs(quietMask(env, floorDb), 0)
  const levels: number[] = []
  for (const [a, b] of sound) for (let i = a; i < b; i += 5) levels.push(env.energy[i] as number)
  levels.sort((x, y) => x - y)
  return { sound, speechDb: levels.length ? dbOf(levels[Math.floor(levels.length * 0.9)] as number) : -200 }
}

/** The loudest 10 ms of a run (dB). */
function loudestDb(env: Envelope, [a, b]: [number, number]): number {
  let m = 0
  for (let i = a; i <= Math.max(a, b - 10); i++) {
    const e = Math.min(b, i + 10)
    let s = 0
    for (let j = i; j < e; j++) s += env.energy[j] as number
    m = Math.max(m, s / Math.max(1, e - i))
  }
  return dbOf(m)
}

/**
 * The runs of sound (ms) that may be breaths by their level and place alone: loud enough to pass for speech,
 * breathUnderSpeechDb under it at least, breathRunMinS–breathRunMaxS long, breathApartS clear of the runs
 * beside them. Their samples decide (finish-analysis.ts, breath-features.ts).
 */
export function breathCandidatesMs(env: Envelope, floorDb: number): Array<[number, number]> {
  const { sound, speechDb } = soundOf(env, floorDb)
  const apart = PAUSE_RULES.breathApartS * 1000
  return sound.filter((r, k) => {
    const len = r[1] - r[0]
    if (len < PAUSE_RULES.breathRunMinS * 1000 || len > PAUSE_RULES.breathRunMaxS * 1000) return false
    const before = sound[k - 1]
    const after = sound[k + 1]
    if ((before && r[0] - before[1] < apart) || (after && after[0] - r[1] < apart)) return false
    const loud = loudestDb(env, r)
    return loud >= speechDb - PAUSE_RULES.breathBelowSpeechDb && loud <= speechDb - PAUSE_RULES.breathUnderSpeechDb
  })
}

/** Speech spans in milliseconds from the envelope and the floor (dB), less the runs that are breaths. */
export function speechSpansMs(
  env: Envelope,
  floorDb: number,
  breathRunsMs: ReadonlyArray<[number, number]> = [],
): Array<[number, number]> {
  const { sound: all, speechDb } = soundOf(env, floorDb)
  const apart = PAUSE_RULES.clickApartS * 1000
  const isClick = (r: [number, number], k: number): boolean => {
    const before = all[k - 1]
    const after = all[k + 1]
    return (
      r[1] - r[0] <= PAUSE_RULES.clickRunMaxS * 1000 &&
      (!before || r[0] - before[1] >= apart) &&
      (!after || after[0] - r[1] >= apart)
    )
  }
  const sound = all.filter((r, k) => !isClick(r, k) && !breathRunsMs.some((b) => b[0] === r[0] && b[1] === r[1]))
  if (sound.length === 0) return []
  const loudest = (r: [number, number]) => loudestDb(env, r)
  const voiced = sound.filter((r) => loudest(r) >= speechDb - PAUSE_RULES.breathBelowSpeechDb)
  const joined: Array<[number, number]> = []
  const minPauseMs = PAUSE_RULES.minPauseS * 1000
  for (const r of voiced) {
    const last = joined[joined.length - 1]
    if (last && r[0] - last[1] < minPauseMs) last[1] = r[1]
    else joined.push([r[0], r[1]])
  }
  return joined
}

/** Otsu's split of sorted log lengths: the index where the upper group starts, or -1 when none is clear. */
function split(sortedLengths: readonly number[]): number {
  const x = sortedLengths.map((v) => Math.log(v))
  let best = -1
  let bestScore = -Infinity
  for (let i = 1; i < x.length; i++) {
    const lo = x.slice(0, i)
    const hi = x.slice(i)
    const m0 = lo.reduce((a, b) => a + b, 0) / lo.length
    const m1 = hi.reduce((a, b) => a + b, 0) / hi.length
    const score = lo.length * hi.length * (m1 - m0) ** 2
    if (score > bestScore) {
      bestScore = score
      best = i
    }
  }
  if (best < 0) return -1
  const lower = sortedLengths[best - 1] as number
  const upper = sortedLengths[best] as number
  return upper / lower >= PAUSE_RULES.splitRatio ? best : -1
}

/** Kinds of pauses by their lengths (s) relative to each other: comma, sentence, paragraph. */
export function kindsByLength(lengthsS: readonly number[]): InnerPauseKind[] {
  const order = lengthsS.map((l, i) => ({ l, i })).sort((a, b) => a.l - b.l)
  const kinds = new Array<InnerPauseKind>(lengthsS.length).fill('sentence')
  const first = split(order.map((o) => o.l))
  const sentenceFrom = first < 0 ? 0 : first
  for (let k = 0; k < sentenceFrom; k++) kinds[(order[k] as { i: number }).i] = 'comma'
  const rest = order.slice(sentenceFrom)
  // Paragraphs are the longer group of the sentence pauses, when there are a few of each to tell apart.
  if (rest.length >= 3) {
    const second = split(rest.map((o) => o.l))
    if (second > 0) for (let k = second; k < rest.length; k++) kinds[(rest[k] as { i: number }).i] = 'paragraph'
  }
  return kinds
}

/**
 * The take's layout from its signal alone (kinds by length). `floorDb` is the one floorAgainstVoice gave;
 * `breathRunsMs` the breathCandidatesMs its samples showed to be breaths.
 */
export function layoutOf(
  env: Envelope,
  floorDb: number,
  frames: number,
  breathRunsMs: ReadonlyArray<[number, number]> = [],
): TakeLayout {
  const bf = env.blockFrames
  const spansMs = speechSpansMs(env, floorDb, breathRunsMs)
  const speech = spansMs.map(([a, b]) => ({ from: Math.min(frames, a * bf), to: Math.min(frames, b * bf) }))
  const gaps = speech.slice(1).map((s, i) => ({ from: (speech[i] as Span).to, to: s.from }))
  const kinds = kindsByLength(gaps.map((g) => (g.to - g.from) / env.sampleRate))
  const pauses = gaps.map((g, i) => ({ ...g, kind: kinds[i] as InnerPauseKind }))
  return { sampleRate: env.sampleRate, frames, speech, pauses, ...roomToneOf(env, floorDb, spansMs, frames) }
}

/** The quiet stretches outside speech, guardS clear of any sound, and their level. */
function roomToneOf(
  env: Envelope,
  floorDb: number,
  speechMs: ReadonlyArray<[number, number]>,
  frames: number,
): { roomTone: Span[]; roomToneDb: number } {
  const quiet = quietMask(env, floorDb).slice()
  for (const [a, b] of speechMs) quiet.fill(0, a, b)
  const guard = Math.round(PAUSE_RULES.guardS * 1000)
  const stretches: Span[] = []
  let energy = 0
  let count = 0
  for (const [a0, b0] of runs(quiet, 1)) {
    const a = a0 === 0 ? 0 : a0 + guard
    const b = b0 === quiet.length ? b0 : b0 - guard
    if (b - a < PAUSE_RULES.roomMinS * 1000) continue
    stretches.push({ from: a * env.blockFrames, to: Math.min(frames, b * env.blockFrames) })
    for (let i = a; i < b; i++) energy += env.energy[i] as number
    count += b - a
  }
  return { roomTone: stretches, roomToneDb: count > 0 ? dbOf(energy / count) : floorDb }
}
