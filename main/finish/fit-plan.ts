/**
 * Fitting a take to its spot's length, as figures only (pure): from the take's speech, its head, tail and
 * pauses to the new length of each, and a tempo, or a refusal in one sentence naming the figures. The
 * steps, in order (the point 2):
 *  a. head and tail trimmed to the handles of the job's kind;
 *  b. pauses between sentences scaled toward the target by one factor k (new = clamp(k × length, the
 *     talent's shortest 0.25 s, longest 2.0 s by default)), so their order stays: a longer pause stays at
 *     least as long, a paragraph pause at least as long as every sentence pause, and a dramatic pause
 *     (over 1.2 s) shrinks no further than 1.3 s and grows by the same factor, so it stays the longest;
 *     then the handles within their bounds (dead air before any of the performance); then pauses inside
 *     sentences (commas), scaled the same way by their own factor, only where the rest cannot absorb it.
 *     Lengthening goes the same way as shortening: time goes between sentences first, and the phrasing
 *     inside a sentence keeps its shape unless nothing else fits;
 *  c. only then a pitch-keeping tempo change of at most 4 %, with the pauses and handles at their bound;
 *  d. else a refusal. A short take is lengthened in its pauses and handles, never with dead air at the end.
 * A plan's lengths add up to the target exactly (the edit list then rounds them to frames).
 */

export type TakeKindToFit = 'dry_voice' | 'finished_spot'
export type InnerPauseKind = 'comma' | 'sentence' | 'paragraph'

export const FIT_RULES = {
  /**
   * Head and tail handles (s) by kind, within the ranges (dry voice 0.1–0.5 s head, 0.2–0.8 s
   * tail; finished spot ≤ 0.3 s, ≤ 0.6 s). A dry voice's file is fitted to the spot, and Booth's preflight
   * judges a dry voice from first to last sound (take-findings.ts judgedLengthS) within LENGTH_TOLERANCE_S
   * (0.5 s): its handles together stay at or under DRY_VOICE_HANDLES_MAX_S so the read itself is within
   * that tolerance of the spot too, and both length judgements (the file's at the service, the read's in
   * Booth) pass.
   */
  handles: {
    dry_voice: { head: [0.1, 0.15], tail: [0.2, 0.25] },
    finished_spot: { head: [0.05, 0.3], tail: [0.1, 0.6] },
  },
  /**
   * Pauses between sentences (and paragraphs) after fitting (s): the talent's shortest and longest by
   * default. A short take gets its time here first: 2 s between sentences still reads as one spot, and
   * the phrasing inside each sentence keeps its shape.
   */
  sentencePause: [0.25, 2.0],
  /** A pause longer than this is dramatic: it stays the longest, shrinking no further than dramaticFloorS. */
  dramaticS: 1.2,
  dramaticFloorS: 1.3,
  /** Pauses inside a sentence: no shorter than this (or their own length) and no longer than this (or their own length) (s). */
  commaPause: [0.12, 0.6],
  /** The largest tempo change, either way. */
  maxTempoChange: 0.04,
  /**
   * The tempo chosen is this much beyond what the pauses at their bound need, within maxTempoChange: a
   * tempo change moves the speech edges by a few milliseconds, and the pauses of the result absorb that.
   */
  tempoSlack: 0.01,
  /** The result's length may differ from the spot's by this much (s). */
  toleranceS: 0.05,
} as const

/** The most a dry voice's head and tail add to its read (s): under the 0.5 s length tolerance with room for a measure's 0.1 s. */
export const DRY_VOICE_HANDLES_MAX_S = FIT_RULES.handles.dry_voice.head[1] + FIT_RULES.handles.dry_voice.tail[1]

export interface FitPause {
  lengthS: number
  kind: InnerPauseKind
}

export interface FitInput {
  /** Speech alone: the sum of the take's speech spans (s). */
  speechS: number
  headS: number
  tailS: number
  /** The pauses between speech spans, in order. */
  pauses: readonly FitPause[]
  /** Whether pauses may be lengthened (the take has room tone of its own to lengthen them with). */
  canLengthen: boolean
  kind: TakeKindToFit
  targetS: number
  /** The largest tempo change allowed (default FIT_RULES.maxTempoChange; 0: none, for a take already changed). */
  maxTempoChange?: number
  /** The shortest a pause between sentences may become (default FIT_RULES.sentencePause[0]; at most its upper bound). */
  shortestPauseS?: number
  /** The longest a pause between sentences may become when the take is lengthened (default FIT_RULES.sentencePause[1]). */
  longestPauseS?: number
  /**
   * The tempo the take was already changed by (default 1): its pauses are then judged by their lengths in
   * the original (length × tempo) — which one is dramatic, how far each may shrink or grow — so the plan
   * made again on the tempo-changed recording has the bounds the first plan had. Without it a dramatic pause
   * the tempo shortened under its 1.3 s floor could neither grow back nor shrink, and the re-fit refused a
   * spot the first plan fitted.
   */
  atTempo?: number
}

export type FitPlan =
  | {
      ok: true
      headS: number
      tailS: number
      pausesS: number[]
      tempo: number
      step: 'handles' | 'sentence_pauses' | 'comma_pauses' | 'tempo'
    }
  | { ok: false; reason: string }

const clamp = (x: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, x))
const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0)

/** A monotone, continuous length per factor, and the factor range it moves over. */
interface Scaler {
  at(k: number): number[]
  kMax: number
}

/** Each pause with the length its bounds are judged by (its length in the original take). */
const judged = (pauses: readonly FitPause[], atTempo: number): FitPause[] =>
  pauses.map((p) => ({ ...p, lengthS: p.lengthS * atTempo }))

function sentenceScaler(
  pauses: readonly FitPause[],
  canLengthen: boolean,
  shortestS: number | undefined,
  longestS: number | undefined,
): Scaler {
  const hi = Math.max(FIT_RULES.sentencePause[0], longestS ?? FIT_RULES.sentencePause[1])
  const lo = clamp(shortestS ?? FIT_RULES.sentencePause[0], 0, hi)
  const normal = pauses.filter((p) => p.kind !== 'comma' && p.lengthS <= FIT_RULES.dramaticS)
  const longestSentence = Math.max(0, ...normal.filter((p) => p.kind === 'sentence').map((p) => p.lengthS))
  const at = (k: number) =>
    pauses.map((p) => {
      // A dramatic pause, whatever its kind, stays the longest: it shrinks to the floor at most, and grows by
      // the same factor as the others, its ceiling as far over the longest allowed as it is over dramaticS.
      if (p.lengthS > FIT_RULES.dramaticS)
        return clamp(
          k * p.lengthS,
          Math.min(p.lengthS, FIT_RULES.dramaticFloorS),
          canLengthen ? Math.max(p.lengthS, (hi * p.lengthS) / FIT_RULES.dramaticS) : p.lengthS,
        )
      if (p.kind === 'comma') return p.lengthS
      // A paragraph pause scales as if it were as long as the longest sentence pause at least: it stays longer.
      const key = p.kind === 'paragraph' ? Math.max(p.lengthS, longestSentence) : p.lengthS
      return canLengthen
        ? clamp(k * key, lo, Math.max(hi, p.lengthS))
        : clamp(k * key, Math.min(lo, p.lengthS), p.lengthS)
    })
  const shortest = Math.min(...normal.map((p) => p.lengthS), FIT_RULES.dramaticS)
  return { at, kMax: hi / Math.max(1e-3, shortest) + 1 }
}

function commaScaler(pauses: readonly FitPause[], fixed: number[], canLengthen: boolean): Scaler {
  const [lo, hi] = FIT_RULES.commaPause
  const at = (k: number) =>
    pauses.map((p, i) =>
      p.kind !== 'comma' || p.lengthS > FIT_RULES.dramaticS
        ? (fixed[i] as number)
        : clamp(k * p.lengthS, Math.min(lo, p.lengthS), canLengthen ? Math.max(hi, p.lengthS) : p.lengthS),
    )
  const shortest = Math.min(...pauses.filter((p) => p.kind === 'comma').map((p) => p.lengthS), hi)
  return { at, kMax: hi / Math.max(1e-3, shortest) + 1 }
}

/** The factor in [0, kMax] at which total(k) = goal (total rises with k); by bisection. */
function solve(total: (k: number) => number, kMax: number, goal: number): number {
  let a = 0
  let b = kMax
  for (let i = 0; i < 200 && b - a > 1e-12; i++) {
    const m = (a + b) / 2
    if (total(m) < goal) a = m
    else b = m
  }
  return (a + b) / 2
}

const s1 = (x: number): string => `${x.toFixed(1)} s`
/** The spot and how far the tempo reaches, to one decimal, or more (up to three) where fewer would show them equal. */
function apart(spot: number, reach: number): [string, string] {
  let d = 1
  while (d < 3 && spot.toFixed(d) === reach.toFixed(d)) d++
  return [`${spot.toFixed(d)} s`, `${reach.toFixed(d)} s`]
}

/** The plan for one take, or why it cannot be fitted. */
export function fitPlan(input: FitInput): FitPlan {
  const { speechS, targetS, canLengthen } = input
  const handles = FIT_RULES.handles[input.kind]
  const handle = (length: number, [lo, hi]: readonly [number, number]) => ({
    clamped: clamp(length, canLengthen ? lo : Math.min(lo, length), hi),
    min: Math.min(lo, length),
    max: canLengthen ? hi : Math.min(hi, length),
  })
  const head = handle(input.headS, handles.head)
  const tail = handle(input.tailS, handles.tail)
  const pauses = judged(input.pauses, input.atTempo ?? 1)
  const sentences = sentenceScaler(pauses, canLengthen, input.shortestPauseS, input.longestPauseS)
  const plan = (
    pausesS: number[],
    headS: number,
    tailS: number,
    step: Extract<FitPlan, { ok: true }>['step'],
    tempo = 1,
  ): FitPlan => {
    // The tail takes what rounding left, so the lengths add up to the target exactly.
    const rest = targetS - speechS / tempo - headS - sum(pausesS)
    return { ok: true, headS, tailS: rest, pausesS, tempo, step }
  }

  // a + b: handles trimmed, pauses between sentences scaled.
  const fixedA = speechS + head.clamped + tail.clamped
  const byK = (k: number) => fixedA + sum(sentences.at(k))
  const [minA, maxA] = [byK(0), byK(sentences.kMax)]
  if (pauses.length === 0 && Math.abs(fixedA - targetS) < 1e-9) return plan([], head.clamped, tail.clamped, 'handles')
  if (targetS >= minA && targetS <= maxA && pauses.some((p) => p.kind !== 'comma' || p.lengthS > FIT_RULES.dramaticS)) {
    const k = solve(byK, sentences.kMax, targetS)
    return plan(sentences.at(k), head.clamped, tail.clamped, 'sentence_pauses')
  }
  const long = targetS < minA
  // b (handles): the sentence pauses at their bound, the handles moved within theirs (dead air goes before
  // any pause inside a sentence does).
  const sentenceBound = sentences.at(long ? 0 : sentences.kMax)
  const headTo = long ? head.min : head.max
  const tailTo = long ? tail.min : tail.max
  const handlesAt = (u: number) =>
    [head.clamped + u * (headTo - head.clamped), tail.clamped + u * (tailTo - tail.clamped)] as const
  const byH = (u: number) => speechS + sum(sentenceBound) + sum(handlesAt(u))
  if (targetS >= Math.min(byH(0), byH(1)) && targetS <= Math.max(byH(0), byH(1))) {
    const u = solve(long ? (x) => -byH(x) : byH, 1, long ? -targetS : targetS)
    const [h, t] = handlesAt(u)
    return plan(sentenceBound, h, t, 'handles')
  }
  // b (commas): everything else at its bound, the pauses inside sentences scaled.
  const commas = commaScaler(pauses, sentenceBound, canLengthen)
  const byC = (k: number) => speechS + headTo + tailTo + sum(commas.at(k))
  if (targetS >= byC(0) && targetS <= byC(commas.kMax)) {
    const k = solve(byC, commas.kMax, targetS)
    return plan(commas.at(k), headTo, tailTo, 'comma_pauses')
  }
  const pausesBound = commas.at(long ? 0 : commas.kMax)
  // c: a tempo change with everything else at its bound.
  const others = sum(pausesBound) + headTo + tailTo
  const maxChange = input.maxTempoChange ?? FIT_RULES.maxTempoChange
  const limit = long ? 1 + maxChange : 1 - maxChange
  const needed = targetS - others > 0 ? speechS / (targetS - others) : Infinity
  if (maxChange > 0 && (long ? needed <= limit : needed >= limit)) {
    const slacked = long
      ? Math.min(limit, needed * (1 + FIT_RULES.tempoSlack))
      : Math.max(limit, needed / (1 + FIT_RULES.tempoSlack))
    // With the slack the speech is a little shorter (longer) than the bound needs: the pauses take it up
    // (or, where they cannot, the tempo is exactly what the bound needs).
    for (const tempo of [slacked, needed]) {
      const refit = fitPlan({ ...input, speechS: speechS / tempo, maxTempoChange: 0 })
      if (refit.ok) return { ...refit, tempo, step: 'tempo' }
    }
  }
  // d: a refusal naming the figures.
  const pct = `${Number((maxChange * 100).toFixed(1))} %`
  if (long) {
    const reach = speechS / (1 + maxChange) + others
    const extra = others >= 0.05 ? ` and the shortest pauses and handles ${s1(others)} more` : ''
    const [spot, reached] = apart(targetS, reach)
    const tempo = maxChange > 0 ? `${pct} faster reaches ${reached}` : 'no tempo change is allowed'
    return {
      ok: false,
      reason: `The words alone take ${s1(speechS)}${extra}; the spot is ${maxChange > 0 ? spot : s1(targetS)}; ${tempo}.`,
    }
  }
  const reach = speechS / (1 - maxChange) + others
  const [spot, reached] = apart(targetS, reach)
  const tempo = maxChange > 0 ? `${pct} slower reaches ${reached}` : 'no tempo change is allowed'
  return {
    ok: false,
    reason: `The take with its pauses and handles at their longest runs ${s1(speechS + others)}; the spot is ${maxChange > 0 ? spot : s1(targetS)}; ${tempo}.`,
  }
}
