/**
 * Word-level alignment of the script to what was heard (Needleman–Wunsch with costs). Memory stays
 * bounded for long scripts: only a band around the diagonal is kept, wide enough for the difference in
 * length plus a margin, so a 10 000-word script costs a few megabytes, not n × m cells.
 */
import { nearWord, sameWord, type Word } from '../script/words'
import { ALIGN_COST as COST, ALIGN_FULL_LIMIT as FULL_LIMIT, ALIGN_MARGIN as MARGIN } from '../tuning'

export type AlignOp =
  | { op: 'match'; s: number; h: number }
  | { op: 'near'; s: number; h: number }
  | { op: 'sub'; s: number; h: number }
  | { op: 'del'; s: number }
  | { op: 'ins'; h: number }

const DIAG = 1
const UP = 2 // script word not heard (del)
const LEFT = 3 // heard word not in script (ins)

export function align(script: readonly Word[], heard: readonly Word[]): AlignOp[] {
  const n = script.length
  const m = heard.length
  const full = (n + 1) * (m + 1) <= FULL_LIMIT
  const half = full ? m + 1 : Math.abs(n - m) + MARGIN
  const center = (i: number): number => (n === 0 ? 0 : Math.round((i * m) / n))
  const lo = (i: number): number => Math.max(0, center(i) - half)
  const hi = (i: number): number => Math.min(m, center(i) + half)
  const width = Math.min(m + 1, 2 * half + 1)
  const dirs = new Uint8Array((n + 1) * width)
  let prev = new Float64Array(m + 1).fill(Infinity)
  let cur = new Float64Array(m + 1).fill(Infinity)
  for (let j = lo(0); j <= hi(0); j++) {
    prev[j] = j * COST.gap
    dirs[j - lo(0)] = LEFT
  }
  for (let i = 1; i <= n; i++) {
    const a = script[i - 1] as Word
    const l = lo(i)
    const h = hi(i)
    cur.fill(Infinity, Math.max(0, l - 1), Math.min(m + 1, h + 2))
    for (let j = l; j <= h; j++) {
      let best = (prev[j] ?? Infinity) + COST.gap
      let dir = UP
      if (j > 0) {
        const b = heard[j - 1] as Word
        const step = sameWord(a, b) ? 0 : nearWord(a, b) ? COST.near : COST.sub
        const diag = (prev[j - 1] ?? Infinity) + step
        if (diag <= best) {
          best = diag
          dir = DIAG
        }
        const left = (cur[j - 1] ?? Infinity) + COST.gap
        if (left < best) {
          best = left
          dir = LEFT
        }
      }
      cur[j] = best
      dirs[i * width + (j - l)] = dir
    }
    // The row before is reused for the next one: clear its band so nothing leaks into the next band.
    prev.fill(Infinity, lo(i - 1), hi(i - 1) + 1)
    ;[prev, cur] = [cur, prev]
  }
  const ops: AlignOp[] = []
  let i = n
  let j = m
  while (i > 0 || j > 0) {
    const dir = j < lo(i) || j > hi(i) ? (i > 0 ? UP : LEFT) : i === 0 ? LEFT : dirs[i * width + (j - lo(i))]
    if (dir === DIAG) {
      const a = script[i - 1] as Word
      const b = heard[j - 1] as Word
      ops.push(
        sameWord(a, b)
          ? { op: 'match', s: i - 1, h: j - 1 }
          : nearWord(a, b)
            ? { op: 'near', s: i - 1, h: j - 1 }
            : { op: 'sub', s: i - 1, h: j - 1 },
      )
      i--
      j--
    } else if (dir === UP || j === 0) {
      ops.push({ op: 'del', s: i - 1 })
      i--
    } else {
      ops.push({ op: 'ins', h: j - 1 })
      j--
    }
  }
  return ops.reverse()
}
