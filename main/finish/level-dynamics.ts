/**
 * The read's own dynamics under the limiter (issue 42, point 6). A limiter takes more off a phrase read
 * louder (its peaks pass the ceiling more often): one gain and a limiter turned a podcast finish's
 * sentences by amounts 0.6 dB apart, and an espeak-ng read with sentences 6 dB apart by 3 dB apart, so the
 * finish rode the read. Here each phrase (a speech span of the fitted take) is given back what the limiter
 * took off it beyond the least-limited phrase: a gain per phrase before the limiter, held over the phrase
 * and ramped (linearly in dB) across the pause to the next one, found by a few rounds through the same
 * limiter (secant steps, since a limited phrase gains less than it is given). The aim: every phrase's level
 * changed by the same dB within aimSpreadDb; the promise, kept or said to be broken: keepSpreadDb.
 * A phrase is never given more than maxRestoreDb. Pure. The rounds hold no take of their own: each round's
 * input (the take × the phrases' gains) and its result are made a block at a time (level-stream.ts).
 */
import { arrayFrames, eachBlock, type Frames } from './level-stream'
import type { TakeSamples } from './limiter'

export const DYNAMICS_RULES = {
  /** The largest spread of the phrases' level changes (dB) a finish keeps to, or says it could not. */
  keepSpreadDb: 0.3,
  /** What the rounds aim at (dB), so the promise holds with room to spare. */
  aimSpreadDb: 0.1,
  /** The most gain one phrase gets back (dB). */
  maxRestoreDb: 4,
  rounds: 8,
} as const

export interface Phrase {
  /** Frames of the result, end exclusive. */
  from: number
  to: number
}

/** What keeping the dynamics did. */
export interface Dynamics {
  /** The spread of the phrases' level changes (dB, max − min) with one gain and the limiter alone. */
  spread_before_db: number
  /** ... and in the result. */
  spread_db: number
  /** Whether the result keeps to keepSpreadDb. */
  kept: boolean
  /** Each phrase given back some level: where (frames) and how much (dB), before the limiter. */
  restored: Array<Phrase & { db: number }>
  /** Set when giving it back would have limited this deep (dB), past what the take's kind allows: not done. */
  wouldLimitDb?: number
}

/** The level (dB) of frames [from, to) over all channels. */
export function spanDb(ch: readonly Float32Array[], s: Phrase): number {
  let sum = 0
  for (const x of ch) for (let i = s.from; i < s.to; i++) sum += (x[i] as number) ** 2
  return 10 * Math.log10(sum / Math.max(1, (s.to - s.from) * ch.length) + 1e-30)
}

export const spreadOf = (xs: readonly number[]): number => (xs.length === 0 ? 0 : Math.max(...xs) - Math.min(...xs))

/**
 * A gain per frame: each phrase's dB held over it, ramped linearly in dB across the gap to the next; frames
 * [from, from + count) of it (the level's chain asks for it a block at a time).
 */
export function restoreEnvelope(
  frames: number,
  phrases: readonly Phrase[],
  db: readonly number[],
  from = 0,
  count = frames - from,
): Float32Array {
  const env = new Float32Array(count)
  const hi = Math.min(frames, from + count)
  const fill = (v: number, a: number, b: number): void => {
    const [s, e] = [Math.max(a, from), Math.min(b, hi)]
    if (e > s) env.fill(v, s - from, e - from)
  }
  const at = (d: number) => 10 ** (d / 20)
  const first = phrases[0]
  if (!first) return env.fill(1)
  fill(at(db[0] ?? 0), 0, Math.min(frames, first.to))
  phrases.forEach((p, i) => {
    const g = db[i] ?? 0
    fill(at(g), Math.max(0, p.from), Math.min(frames, p.to))
    const next = phrases[i + 1]
    const end = next ? next.from : frames
    const g2 = next ? (db[i + 1] ?? 0) : g
    const span = Math.max(1, end - p.to)
    for (let f = Math.max(p.to, from); f < Math.min(frames, end, hi); f++)
      env[f - from] = at(g + ((g2 - g) * (f - p.to)) / span)
  })
  return env
}

/** The input × the restore envelope, a block at a time (as a whole-array product would round it). */
function restored(ch: TakeSamples, phrases: readonly Phrase[], db: readonly number[]): Frames {
  const whole = typeof ch === 'function' ? ch : arrayFrames(ch)
  const { frames, channels } = whole()
  return () => {
    const src = whole()
    let at = 0
    return {
      frames,
      channels,
      next(count) {
        const block = src.next(count)
        const n = block[0]?.length ?? 0
        const env = restoreEnvelope(frames, phrases, db, at, n)
        at += n
        return block.map((x) => x.map((v, i) => v * (env[i] as number)))
      },
    }
  }
}

/** spanDb of every phrase over a pass: each summed channel by channel (a pass each), as spanDb sums it. */
export function spanDbs(frames: Frames, spans: readonly Phrase[]): number[] {
  const nc = frames().channels
  const sums = spans.map(() => 0)
  for (let c = 0; c < nc; c++)
    eachBlock(frames, (block, from) => {
      const x = block[c] as Float32Array
      const to = from + x.length
      spans.forEach((s, k) => {
        let sum = sums[k] as number
        for (let i = Math.max(s.from, from); i < Math.min(s.to, to); i++) sum += (x[i - from] as number) ** 2
        sums[k] = sum
      })
    })
  return spans.map((s, k) => 10 * Math.log10((sums[k] as number) / Math.max(1, (s.to - s.from) * nc) + 1e-30))
}

/**
 * The result of `run` (gain and limiter) over the channels with the limiter's loss given back phrase by
 * phrase, and what that did. `run` is given the input channels and returns the limited ones (and what else
 * it returns is kept for the caller). Null when there are fewer than two phrases to compare.
 */
export function keepDynamics<T extends { frames: () => Frames }>(
  ch: TakeSamples,
  phrases: readonly Phrase[],
  first: T,
  run: (input: Frames) => T,
): { result: T; dynamics: Dynamics } | null {
  const usable = phrases.filter((p) => p.to > p.from)
  if (usable.length < 2) return null
  const before = typeof ch === 'function' ? spanDbs(ch, usable) : usable.map((p) => spanDb(ch, p))
  const changes = (out: Frames) => spanDbs(out, usable).map((d, i) => d - (before[i] as number))
  let best = { result: first, db: usable.map(() => 0), c: changes(first.frames()) }
  const spreadBefore = spreadOf(best.c)
  let db = best.db.slice()
  let c = best.c
  const slope = usable.map(() => 1)
  for (let round = 0; round < DYNAMICS_RULES.rounds && spreadOf(c) > DYNAMICS_RULES.aimSpreadDb; round++) {
    const top = Math.max(...c)
    const next = db.map((d, i) =>
      Math.min(DYNAMICS_RULES.maxRestoreDb, d + (top - (c[i] as number)) / (slope[i] as number)),
    )
    if (next.every((d, i) => Math.abs(d - (db[i] as number)) < 1e-4)) break
    const result = run(restored(ch, usable, next))
    const c2 = changes(result.frames())
    next.forEach((d, i) => {
      const moved = d - (db[i] as number)
      // A limited phrase rises by a fraction of what it is given: that fraction steps the next round.
      if (Math.abs(moved) > 0.01) slope[i] = Math.min(1, Math.max(0.1, ((c2[i] as number) - (c[i] as number)) / moved))
    })
    db = next
    c = c2
    if (spreadOf(c) < spreadOf(best.c)) best = { result, db: next, c }
  }
  const spread = spreadOf(best.c)
  return {
    result: best.result,
    dynamics: {
      spread_before_db: spreadBefore,
      spread_db: spread,
      kept: spread <= DYNAMICS_RULES.keepSpreadDb,
      // Every phrase the result gave anything to, however little: the report is what was done.
      restored: usable.flatMap((p, i) =>
        (best.db[i] as number) > 0 ? [{ from: p.from, to: p.to, db: best.db[i] as number }] : [],
      ),
    },
  }
}

/** The dynamics in words, for the level's sentence. */
export function dynamicsWords(d: Dynamics): string {
  const most = Math.max(0, ...d.restored.map((r) => r.db))
  const given =
    d.restored.length > 0
      ? ` (the limiter's loss given back to ${d.restored.length} phrase${d.restored.length === 1 ? '' : 's'}, up to ${most.toFixed(1)} dB)`
      : ''
  if (d.kept) return `the read's phrase levels kept as read within ${d.spread_db.toFixed(2)} dB${given}`
  const why =
    d.wouldLimitDb !== undefined ? ` (giving that back would limit peaks by ${d.wouldLimitDb.toFixed(1)} dB)` : given
  return (
    `the read's phrase levels could not be kept within ${DYNAMICS_RULES.keepSpreadDb} dB of ` +
    `each other: the limiter moves them up to ${d.spread_db.toFixed(2)} dB apart${why}`
  )
}
