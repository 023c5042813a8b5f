/**
 * How well the prompter followed a take, from the truth (each read word's end and script word) and the
 * highlight's moves (take time of each move, script word shown):
 * - lag: for each script word read, from its end to the first moment the highlight is on it or past it
 *   (the word shown at a moment is the latest move's: it may go back after an ad-lib);
 * - within two words: sampled every 50 ms of the read, whether the highlight is within two script words
 *   of the last script word spoken; ahead: whether it is two or more words past it (on the word being
 *   said is one word past: the prompter's pacing may show that);
 * - relock: from the end of an ad-lib (three or more words the script does not have) or of the word
 *   before a skipped stretch, to the first move onto a word read after it that is within two words of
 *   the truth at that moment; `overshoot` is how far past the truth it ever got meanwhile.
 */
import type { TrueWord } from './follow-takes'

export interface HighlightMove {
  /** Seconds into the take (the recording's clock) when the page was told. */
  atS: number
  /** Script word index shown from then on. */
  index: number
}

export interface FollowMetrics {
  lagsS: number[]
  /** Script words read that the highlight never reached. */
  missed: number
  withinTwo: number
  /** Share of the read the highlight spent two or more script words past the last word spoken. */
  aheadTwo: number
  /** The furthest the highlight ever got past the last script word spoken, over the read (1: on the word being said). */
  furthestAhead: number
  relocks: Array<{ kind: 'ad-lib' | 'skip'; afterS: number | null; overshoot: number }>
}

const STEP_S = 0.05

/** The word shown at take time t: the latest move by then (the highlight goes back after an ad-lib). */
function shownAt(moves: readonly HighlightMove[], t: number): number {
  let shown = -1
  for (const m of moves) if (m.atS <= t) shown = m.index
  return shown
}

function truthAt(words: readonly TrueWord[], t: number): number {
  let truth = -1
  for (const w of words) if (w.endS <= t && w.scriptIndex !== null) truth = w.scriptIndex
  return truth
}

export function followMetrics(words: readonly TrueWord[], moves: readonly HighlightMove[]): FollowMetrics {
  const read = words.filter((w) => w.scriptIndex !== null)
  const lagsS: number[] = []
  let missed = 0
  for (const w of read) {
    const reached = moves.find((m) => m.index >= (w.scriptIndex as number))
    if (reached) lagsS.push(reached.atS - w.endS)
    else missed++
  }
  const from = read[0]?.endS ?? 0
  const to = read[read.length - 1]?.endS ?? 0
  let samples = 0
  let hits = 0
  let ahead = 0
  let furthestAhead = 0
  for (let t = from; t <= to; t += STEP_S) {
    samples++
    const d = shownAt(moves, t) - truthAt(words, t)
    if (Math.abs(d) <= 2) hits++
    if (d >= 2) ahead++
    furthestAhead = Math.max(furthestAhead, d)
  }
  return {
    lagsS,
    missed,
    withinTwo: samples ? hits / samples : 0,
    aheadTwo: samples ? ahead / samples : 0,
    furthestAhead,
    relocks: relocks(words, moves),
  }
}

function relocks(words: readonly TrueWord[], moves: readonly HighlightMove[]): FollowMetrics['relocks'] {
  const out: FollowMetrics['relocks'] = []
  for (let k = 0; k < words.length; k++) {
    const w = words[k] as TrueWord
    const prev = words[k - 1]
    let kind: 'ad-lib' | 'skip' | null = null
    let endS = 0
    let before = -1
    if (w.scriptIndex === null && prev?.scriptIndex !== null) {
      let e = k
      while (e + 1 < words.length && (words[e + 1] as TrueWord).scriptIndex === null) e++
      if (e - k + 1 >= 3) {
        kind = 'ad-lib'
        endS = (words[e] as TrueWord).endS
        before = truthAt(words, (words[k] as TrueWord).endS)
      }
    } else if (w.scriptIndex !== null && prev?.scriptIndex != null && w.scriptIndex - prev.scriptIndex > 3) {
      kind = 'skip'
      endS = prev.endS
      before = prev.scriptIndex
    }
    if (!kind) continue
    const after = moves.find((m) => m.atS >= endS && m.index > before && Math.abs(m.index - truthAt(words, m.atS)) <= 2)
    let overshoot = 0
    for (let t = endS; t <= (after?.atS ?? endS + 5); t += STEP_S)
      overshoot = Math.max(overshoot, shownAt(moves, t) - truthAt(words, t))
    out.push({ kind, afterS: after ? after.atS - endS : null, overshoot })
  }
  return out
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number
}
